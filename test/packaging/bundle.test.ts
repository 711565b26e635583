import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import type { Metafile } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUNDLE_ENTRY_NAME, bundle } from "../../scripts/bundle.mjs";
import { listedTools } from "../../src/mcp/inventory.js";
import { VERSION } from "../../src/version.js";

const run = promisify(execFile);

/**
 * The bundle directory, built fresh into an empty temp dir (no node_modules anywhere above it) and
 * started from there, as Claude Desktop starts it from an unpacked .mcpb.
 */
describe("the bundle (npm run bundle)", () => {
  let dir: string;
  let outdir: string;
  let file: string;
  let metafile: Metafile;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "invoicing-bundle-"));
    const built = await bundle(join(dir, "server"));
    outdir = built.outdir;
    file = built.entry;
    metafile = built.metafile;
  }, 60_000);

  /**
   * The output files a server start reads: the entry, the chunks of the two modules it imports to
   * serve (config and stdio), and everything those import statically. Paths relative to `outdir`.
   */
  function readAtStart(): { files: Set<string>; inputs: string[]; all: number } {
    const outputs = new Map(
      Object.entries(metafile.outputs).map(([path, output]) => [
        relative(outdir, join(process.cwd(), path)),
        output,
      ]),
    );
    const files = new Set<string>();
    const visit = (path: string) => {
      if (files.has(path)) return;
      files.add(path);
      for (const entry of outputs.get(path)?.imports ?? []) {
        if (entry.kind === "import-statement" && !entry.external)
          visit(relative(outdir, join(process.cwd(), entry.path)));
      }
    };
    visit(BUNDLE_ENTRY_NAME);
    for (const [path, output] of outputs) {
      // The chunks of `import("./stdio.js")` and `import("./config/load.js")` (src/index.ts) are entry points of their own.
      if (output.entryPoint === "src/stdio.ts" || output.entryPoint === "src/config/load.ts") visit(path);
    }
    const inputs = [...files].flatMap((path) => Object.keys(outputs.get(path)?.inputs ?? {}));
    return { files, inputs, all: [...outputs.keys()].filter((path) => path.endsWith(".mjs")).length };
  }

  it("starts the server reading only what initialize and tools/list need: no tool's code, tool context, HTTP client, dates, sandbox, doctor or webhooks", () => {
    const { files, inputs, all } = readAtStart();
    expect(inputs).toContain("src/stdio.ts");
    expect(inputs).toContain("src/mcp/tool-catalog.ts");
    expect(inputs.some((input) => input.includes("@modelcontextprotocol/server"))).toBe(true);
    // The build's facts stand in for the tools (src/mcp/tool-facts.ts): nothing of their folder is read at start.
    expect(inputs.filter((input) => input.startsWith("src/mcp/tools/"))).toEqual([]);
    for (const later of [
      "src/mcp/tool-definitions.ts",
      "node_modules/undici/",
      "node_modules/chrono-node/",
      "packages/sandbox/",
      "src/doctor/",
      "src/webhooks/",
      // A call's own code, and the tool context with its API client, directory and stores, come
      // with the first call (src/mcp/context-handle.ts, src/mcp/tool-call.ts).
      "src/mcp/context.ts",
      "src/mcp/tool-call.ts",
      "src/mcp/error-text.ts",
      "src/http/client.ts",
      "src/http/governor.ts",
      "src/api/",
      "src/profiles/details.ts",
      "node_modules/date-fns/",
      "node_modules/@date-fns/",
      "src/hosted/",
      "node_modules/pg/",
      "node_modules/ioredis/",
      // The MCP Apps views document (some 670 kB) is read only when a view is opened.
      "src/mcp/apps/views-html.ts",
    ]) {
      expect(
        inputs.filter((input) => input.includes(later)),
        later,
      ).toEqual([]);
    }
    // The rest is in the directory, in chunks of its own.
    expect(all - files.size).toBeGreaterThan(3);
  });

  it("carries neither Ajv nor zod's other locales: stand-ins with the same exports take their place", async () => {
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.filter((input) => /[\\/]ajv|ajvProvider/.test(input))).toEqual([]);
    expect(inputs.filter((input) => input.includes("node_modules/zod/v4/locales/"))).toEqual([
      "node_modules/zod/v4/locales/en.js",
    ]);
    const standIn = (name: string) => import(join(process.cwd(), "scripts", "bundle-stand-ins", name));
    const [shims, shimsStandIn] = await Promise.all([
      import("@modelcontextprotocol/server/_shims" as string),
      standIn("sdk-shims.mjs"),
    ]);
    expect(Object.keys(shimsStandIn).sort()).toEqual(Object.keys(shims).sort());
    expect(shimsStandIn.process).toBe(shims.process);
    const [locales, localesStandIn] = await Promise.all([
      import("zod/v4/locales"),
      standIn("zod-locales.mjs"),
    ]);
    expect(Object.keys(localesStandIn)).toEqual(["en"]);
    expect(localesStandIn.en).toBe(locales.en);
  });

  it("ships a source map beside every file, pointing back to src/", () => {
    const files = readdirSync(outdir, { recursive: true })
      .map(String)
      .filter((name) => name.endsWith(".mjs"));
    for (const name of files) expect(existsSync(join(outdir, `${name}.map`)), name).toBe(true);
    const entryMap = Object.keys(metafile.outputs).find((path) => path.endsWith("invoicing-mcp.mjs.map"));
    expect(entryMap).toBeDefined();
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("imports nothing but Node's built-ins (and two optional modules, asked for inside try/catch)", () => {
    // `node:`-only built-ins (node:sqlite, which undici requires lazily on newer Nodes) are not in
    // builtinModules; any `node:` path is Node's own.
    const builtin = (path: string) => path.startsWith("node:") || builtinModules.includes(path);
    const external = Object.values(metafile.outputs).flatMap((output) =>
      output.imports.filter((entry) => entry.external).map((entry) => entry.path),
    );
    // Optional modules asked for inside try/catch: pg's native binding (the hosted mode never uses
    // it) and debug's supports-color (ioredis's logging, colours only).
    expect([...new Set(external.filter((path) => !builtin(path)))].sort()).toEqual([
      "pg-native",
      "supports-color",
    ]);
  });

  it("is what manifest.json starts and package.json's bin names: one entry file, by one name", () => {
    const manifest = JSON.parse(readFileSync("manifest.json", "utf8")) as {
      server: { entry_point: string; mcp_config: { args: string[] } };
    };
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { bin: Record<string, string> };
    // The .mcpb ships this directory as server/ (scripts/pack-mcpb.mjs), the npm package as bundle/.
    expect(existsSync(join(dir, manifest.server.entry_point)), manifest.server.entry_point).toBe(true);
    expect(manifest.server.mcp_config.args.at(-1)).toBe(`\${__dirname}/${manifest.server.entry_point}`);
    expect(join(dir, manifest.server.entry_point)).toBe(file);
    expect(pkg.bin["invoicing-mcp"]).toBe(`bundle/${BUNDLE_ENTRY_NAME}`);
  });

  it("keeps the hashbang and answers --version", async () => {
    const { stdout } = await run(process.execPath, [file, "--version"], { cwd: dir });
    expect(stdout.trim()).toBe(VERSION);
  });

  it("serves MCP over stdio with --sandbox: tools/list and a tool call (modes imported lazily still load)", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [file, "--sandbox"],
      cwd: dir,
      env: { PATH: process.env.PATH ?? "" },
      stderr: "ignore",
    });
    const client = new Client({ name: "bundle-test", version: "0" });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(
        listedTools({ readOnly: false, events: false }).map((tool) => tool.name),
      );
      const result = (await client.callTool({ name: "list_customers", arguments: { query: "mueller" } })) as {
        isError?: boolean;
        content: { type: string; text?: string }[];
      };
      expect(result.isError).toBeFalsy();
      expect(result.content[0]?.text).toMatch(/Müller & Söhne GmbH/);
      // Arguments are still checked, in zod's English (the one locale the bundle keeps).
      const wrong = (await client.callTool({ name: "list_customers", arguments: { query: 7 } })) as {
        isError?: boolean;
        content: { type: string; text?: string }[];
      };
      expect(wrong.isError).toBe(true);
      expect(wrong.content[0]?.text).toMatch(/expected string, received number/);
    } finally {
      await client.close();
    }
  });
});
