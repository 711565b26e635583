import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { describe, expect, it } from "vitest";
import { BUNDLE_ENTRY_NAME, MCPB_SERVER_DIR } from "../../scripts/bundle.mjs";
import { MCPB_FILE, PUBLISHED_SERVER_JSON } from "../../scripts/pack-mcpb.mjs";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
const contributing = readFileSync(new URL("../../CONTRIBUTING.md", import.meta.url), "utf8");
const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  name: string;
  version: string;
  bin: Record<string, string>;
  scripts: Record<string, string>;
  mcpName: string;
  engines: { node: string };
};
const manifest = JSON.parse(readFileSync(new URL("../../manifest.json", import.meta.url), "utf8")) as {
  server: { entry_point: string };
};
const server = JSON.parse(readFileSync(new URL("../../server.json", import.meta.url), "utf8")) as {
  name: string;
};

/** The README's "Install" part: the install sections a user follows, one a client. */
const install = readme.slice(readme.indexOf("## Install"), readme.indexOf("## Configure"));

/** The JSON blocks of one install section, parsed. */
function jsonBlocks(heading: string): unknown[] {
  const from = install.indexOf(heading);
  expect(from, heading).toBeGreaterThanOrEqual(0);
  const section = install.slice(from, install.indexOf("\n### ", from + 1) >>> 0 || undefined);
  return [...section.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]!));
}

interface StdioEntry {
  type?: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/**
 * The paths, file names and commands the README's install sections give are the ones the packaging
 * scripts and the artifact checks (scripts/check-mcpb.mjs, scripts/check-npm-package.mjs) use.
 */
describe("the README's install sections", () => {
  it("start the file the package's bin and the manifest name", () => {
    const started = [...install.matchAll(/\/path\/to\/invoicing-mcp\/([\w./-]+\.mjs)/g)].map((m) => m[1]);
    expect(started.length).toBeGreaterThan(2);
    for (const path of started) expect(path).toBe(pkg.bin["invoicing-mcp"]);
    expect(pkg.bin["invoicing-mcp"]).toBe(`bundle/${BUNDLE_ENTRY_NAME}`);
    expect(install).toContain(`\`${manifest.server.entry_point}\``);
    expect(manifest.server.entry_point).toBe(`${MCPB_SERVER_DIR}/${BUNDLE_ENTRY_NAME}`);
  });

  it("name the files npm run pack:mcpb and npm pack write", () => {
    expect(install).toContain(`writes \`${basename(MCPB_FILE)}\``);
    expect(contributing).toContain(`\`${basename(PUBLISHED_SERVER_JSON)}\``);
    const tarball = `${pkg.name}-${pkg.version}.tgz`;
    const named = [...install.matchAll(/([\w-]+-\d+\.\d+\.\d+\.tgz)/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    for (const name of named) expect(name).toBe(tarball);
  });

  it("run only npm scripts that exist, and the bin's command name", () => {
    for (const [, script] of `${readme}${contributing}`.matchAll(/npm run ([\w:-]+)/g))
      expect(pkg.scripts, script).toHaveProperty(script!);
    expect(install).toContain(`npm install -g ${pkg.name}`);
    expect(Object.keys(pkg.bin)).toEqual(["invoicing-mcp"]);
  });

  it("give the registry name that server.json and package.json's mcpName carry", () => {
    expect(readme).toContain(`\`${server.name}\``);
    expect(pkg.mcpName).toBe(server.name);
  });
});

describe("the README's first lines and client configurations", () => {
  it("open with the two commands for a fresh machine: the demo and the tests", () => {
    const [, block] = readme.match(/^# [^\n]+\n\n```sh\n([\s\S]*?)```/) ?? [];
    const commands = (block ?? "")
      .split("\n")
      .filter(Boolean)
      .map((line) => line.split("#")[0]!.trim());
    expect(commands).toEqual(["npm ci && npm run demo", "npm test"]);
    expect(pkg.scripts.test).toBe("vitest run");
  });

  it("stay the user's path: about 250 lines, every table row short, no package figures to go stale", () => {
    expect(readme.split("\n").length).toBeLessThanOrEqual(280);
    for (const row of readme.split("\n").filter((line) => line.startsWith("|")))
      expect(row.length, row.slice(0, 60)).toBeLessThanOrEqual(260);
    // The npm package's size and file count change with every build: CI measures them instead.
    expect(readme).not.toMatch(/\b\d+ files\b|\d[\d.,]* [kM]B,? \(?(packed|unpacked)/);
  });

  it("state the Node.js floor package.json's engines gives", () => {
    const floor = pkg.engines.node.replace(/^>=/, "");
    expect(readme).toContain(`**Node.js:** ${floor} or newer`);
  });

  it("give Claude Desktop and Cursor an mcpServers entry that starts the bin", () => {
    for (const heading of ["### Claude Desktop: the JSON config", "### Cursor"]) {
      const [config] = jsonBlocks(heading) as { mcpServers: Record<string, StdioEntry> }[];
      const entry = config!.mcpServers.invoicing!;
      expect(entry.command).toBe("node");
      expect(entry.args).toEqual([`/path/to/invoicing-mcp/${pkg.bin["invoicing-mcp"]}`]);
      expect(Object.keys(entry.env!)).toEqual(["INVOICING_API_KEY", "INVOICING_BASE_URL"]);
    }
    expect(install).toContain("`claude_desktop_config.json`");
    expect(install).toContain("`~/.cursor/mcp.json`");
  });

  it("give VS Code a servers entry whose key comes from a password input", () => {
    const [config] = jsonBlocks("### VS Code") as {
      inputs: { id: string; type: string; password?: boolean }[];
      servers: Record<string, StdioEntry>;
    }[];
    expect(config).not.toHaveProperty("mcpServers");
    const entry = config!.servers.invoicing!;
    expect(entry.type).toBe("stdio");
    const [, inputId] = entry.env!.INVOICING_API_KEY!.match(/^\$\{input:([\w-]+)\}$/) ?? [];
    expect(config!.inputs).toContainEqual(
      expect.objectContaining({ id: inputId, type: "promptString", password: true }),
    );
    expect(install).toContain("`.vscode/mcp.json`");
    const [, added] = install.match(/code --add-mcp '([^']+)'/) ?? [];
    const server = JSON.parse(added!) as StdioEntry & { name: string };
    expect(server.name).toBe("invoicing");
    expect(server.args).toEqual([`/path/to/invoicing-mcp/${pkg.bin["invoicing-mcp"]}`, "--sandbox"]);
  });
});
