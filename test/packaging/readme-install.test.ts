import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { describe, expect, it } from "vitest";
import { BUNDLE_ENTRY_NAME, MCPB_SERVER_DIR } from "../../scripts/bundle.mjs";
import { MCPB_FILE, PUBLISHED_SERVER_JSON } from "../../scripts/pack-mcpb.mjs";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  name: string;
  version: string;
  bin: Record<string, string>;
  scripts: Record<string, string>;
  mcpName: string;
};
const manifest = JSON.parse(readFileSync(new URL("../../manifest.json", import.meta.url), "utf8")) as {
  server: { entry_point: string };
};
const server = JSON.parse(readFileSync(new URL("../../server.json", import.meta.url), "utf8")) as {
  name: string;
};

/** The README's "Use it" part: the install sections a user follows. */
const install = readme.slice(readme.indexOf("## Use it"), readme.indexOf("## Checking your setup"));

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
    expect(install).toContain(`\`${basename(PUBLISHED_SERVER_JSON)}\``);
    const tarball = `${pkg.name}-${pkg.version}.tgz`;
    const named = [...install.matchAll(/([\w-]+-\d+\.\d+\.\d+\.tgz)/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    for (const name of named) expect(name).toBe(tarball);
  });

  it("run only npm scripts that exist, and the bin's command name", () => {
    for (const [, script] of readme.matchAll(/npm run ([\w:-]+)/g))
      expect(pkg.scripts, script).toHaveProperty(script!);
    expect(install).toContain(`npm install -g ${pkg.name}`);
    expect(Object.keys(pkg.bin)).toEqual(["invoicing-mcp"]);
  });

  it("give the registry name that server.json and package.json's mcpName carry", () => {
    expect(readme).toContain(`\`${server.name}\``);
    expect(pkg.mcpName).toBe(server.name);
  });
});
