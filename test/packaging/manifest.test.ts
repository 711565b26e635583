import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getMcpConfigForManifest } from "@anthropic-ai/mcpb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { sandboxRequested } from "../../src/config/sandbox-mode.js";
import { VERSION } from "../../src/version.js";
import { connect } from "../helpers/mcp.js";

interface Manifest {
  manifest_version: string;
  version: string;
  server: {
    type: string;
    entry_point: string;
    mcp_config: { command: string; args: string[]; env: Record<string, string> };
  };
  tools: { name: string; description: string }[];
  prompts: { name: string; description?: string; text: string }[];
  compatibility: { platforms: string[]; runtimes: { node: string } };
  user_config: Record<string, { type: string; required?: boolean; sensitive?: boolean; default?: unknown }>;
  repository: { url: string };
  privacy_policies?: string[];
}

const root = new URL("../../", import.meta.url);
const manifest = JSON.parse(readFileSync(new URL("manifest.json", root), "utf8")) as Manifest;
const pkg = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as { version: string };
const STALE = "manifest.json is out of date with the tool definitions: run `npm run docs`";

describe("manifest.json (MCP Bundle) matches what the server lists", () => {
  let connected: Awaited<ReturnType<typeof connect>>;
  let withoutInbox: Awaited<ReturnType<typeof connect>>;
  beforeAll(async () => {
    // With an inbox, so the events tool is listed too: the manifest declares every tool.
    connected = await connect(undefined, {
      env: { INVOICING_INBOX: join(tmpdir(), "invoicing-manifest-inbox.jsonl") },
    });
    // The install dialog comes before any setting: a tool's words are those of a fresh install.
    withoutInbox = await connect(undefined);
  });
  afterAll(async () => {
    await connected.close();
    await withoutInbox.close();
  });

  it("declares exactly the listed tools, in order, with the descriptions of a fresh install", async () => {
    const { tools } = await connected.client.listTools();
    const fresh = new Map(
      (await withoutInbox.client.listTools()).tools.map((tool) => [tool.name, tool.description]),
    );
    const listed = tools.map((tool) => ({
      name: tool.name,
      description: fresh.get(tool.name) ?? tool.description,
    }));
    expect(manifest.tools, STALE).toEqual(listed);
  });

  it("declares exactly the listed prompts (by name)", async () => {
    const { prompts } = await connected.client.listPrompts();
    const names = (list: { name: string }[]) => list.map((prompt) => prompt.name).sort();
    expect(names(manifest.prompts)).toEqual(names(prompts));
  });

  it("has the package's version", () => {
    expect(manifest.version, STALE).toBe(pkg.version);
    expect(manifest.version).toBe(VERSION);
  });
});

describe("manifest.json declares how to run the bundle", () => {
  it("is manifest 0.3 for a node server whose entry point is the file the args start", () => {
    expect(manifest.manifest_version).toBe("0.3");
    expect(manifest.server.type).toBe("node");
    expect(manifest.server.mcp_config.command).toBe("node");
    // V8's young generation capped at 4 MiB semi-spaces: left to itself it grows with the allocation
    // rate to 16 MiB each and holds RSS ~35 MiB higher (docs/benchmarks.md, Memory).
    expect(manifest.server.mcp_config.args).toEqual([
      "--max-semi-space-size=4",
      `\${__dirname}/${manifest.server.entry_point}`,
    ]);
  });

  it("asks for the sandbox switch, the key (sensitive), base URL, time zone and read-only mode", () => {
    const { user_config: options } = manifest;
    // Nothing is required: with the sandbox switched on, the bundle is tried without an account.
    expect(options.sandbox).toMatchObject({ type: "boolean", default: false, required: false });
    expect(options.api_key).toMatchObject({ type: "string", sensitive: true, required: false });
    expect(options.base_url).toMatchObject({ type: "string", required: false });
    expect(options.time_zone).toMatchObject({ type: "string", default: "Europe/Berlin" });
    expect(options.read_only).toMatchObject({ type: "boolean", default: false });
  });

  it("maps every option to the variable the server reads, and the server accepts what the app fills in", async () => {
    // Filled in by the MCP Bundle reference implementation, as a host does: the user's values, the
    // manifest's defaults, and for an optional field with neither, the placeholder left as it stands.
    const config = await getMcpConfigForManifest({
      manifest: manifest as unknown as Parameters<typeof getMcpConfigForManifest>[0]["manifest"],
      extensionPath: "/extension",
      systemDirs: {},
      userConfig: { api_key: "sk_live_example", base_url: "https://invoicing.example.com" },
      pathSeparator: "/",
    });
    const env = config?.env ?? {};
    expect(Object.keys(env).sort()).toEqual([
      "INVOICING_API_KEY",
      "INVOICING_BASE_URL",
      "INVOICING_INBOX",
      "INVOICING_READ_ONLY",
      "INVOICING_SANDBOX",
      "INVOICING_TIMEZONE",
      "INVOICING_VAT_BASIS",
      "INVOICING_VAT_PERMANENT_EXTENSION",
    ]);
    for (const value of Object.values(manifest.server.mcp_config.env)) {
      const key = /^\$\{user_config\.(\w+)\}$/.exec(value)?.[1];
      expect(manifest.user_config, `unknown user_config.${key}`).toHaveProperty(key!);
    }
    expect(env.INVOICING_INBOX).toBe(manifest.server.mcp_config.env.INVOICING_INBOX);
    const notices: string[] = [];
    expect(loadConfig(env, [], (line) => notices.push(line))).toMatchObject({
      apiKey: "sk_live_example",
      baseUrl: "https://invoicing.example.com",
      timeZone: "Europe/Berlin",
      readOnly: false,
      inbox: undefined,
      vatBasis: undefined,
      vatPermanentExtension: false,
    });
    expect(notices).toEqual([
      expect.stringMatching(/^invoicing-mcp: INVOICING_INBOX is .*unset$/),
      expect.stringMatching(/^invoicing-mcp: INVOICING_VAT_BASIS is .*unset$/),
    ]);
    expect(sandboxRequested(env, [])).toBe(false);
  });

  it("with only the sandbox switched on, starts the embedded sandbox and reads no account", async () => {
    const config = await getMcpConfigForManifest({
      manifest: manifest as unknown as Parameters<typeof getMcpConfigForManifest>[0]["manifest"],
      extensionPath: "/extension",
      systemDirs: {},
      userConfig: { sandbox: true },
      pathSeparator: "/",
    });
    const env = config?.env ?? {};
    expect(sandboxRequested(env, [])).toBe(true);
    expect(loadConfig(env, [], () => {})).toMatchObject({ apiKey: undefined, baseUrl: undefined });
  });

  it("shows an icon (a PNG in the repository) and where to read and ask", () => {
    const { icon, homepage, support, documentation, repository } = manifest as unknown as Record<
      string,
      string | { url: string }
    >;
    const png = readFileSync(new URL(icon as string, root));
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512]);
    const project = "https://github.com/invoicing-mcp/invoicing-mcp";
    expect((repository as { url: string }).url).toBe(`${project}.git`);
    expect(homepage).toMatch(new RegExp(`^${project}`));
    expect(support).toBe(`${project}/issues`);
    expect(documentation).toBe(`${project}/blob/main/docs/tools.md`);
  });

  it("needs Node 20 (as package.json's engines) on macOS, Windows and Linux", () => {
    const engines = (
      JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as { engines: { node: string } }
    ).engines.node;
    expect(manifest.compatibility.runtimes.node).toBe(engines);
    expect(manifest.compatibility.platforms.sort()).toEqual(["darwin", "linux", "win32"]);
  });

  it("links a privacy note in this repository that says what is stored where, as a directory reviewer asks", () => {
    const repo = manifest.repository.url.replace(/\.git$/, "");
    expect(manifest.privacy_policies).toEqual([`${repo}/blob/main/PRIVACY.md`]);
    const note = readFileSync(new URL("PRIVACY.md", root), "utf8");
    for (const fact of ["INVOICING_BASE_URL", "INVOICING_INBOX", "PostgreSQL", "Redis", "no telemetry"])
      expect(note, fact).toContain(fact);
  });
});
