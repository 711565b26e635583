import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import type { Metafile } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundle } from "../../scripts/bundle.mjs";
import { listedTools } from "../../src/mcp/tool-list.js";
import { VERSION } from "../../src/version.js";

const run = promisify(execFile);

/**
 * The one-file bundle, built fresh into an empty temp dir (no node_modules anywhere above it) and
 * started from there, as Claude Desktop starts it from an unpacked .mcpb.
 */
describe("the bundle (npm run bundle)", () => {
  let dir: string;
  let file: string;
  let metafile: Metafile;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "invoicing-bundle-"));
    const built = await bundle(join(dir, "server", "index.mjs"));
    file = built.outfile;
    metafile = built.metafile;
  }, 60_000);
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("imports nothing but Node's built-ins", () => {
    // `node:`-only built-ins (node:sqlite, which undici requires lazily on newer Nodes) are not in
    // builtinModules; any `node:` path is Node's own.
    const builtin = (path: string) => path.startsWith("node:") || builtinModules.includes(path);
    const external = Object.values(metafile.outputs).flatMap((output) =>
      output.imports.filter((entry) => entry.external).map((entry) => entry.path),
    );
    expect(external.filter((path) => !builtin(path))).toEqual([]);
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
        listedTools({ readOnly: false, inbox: undefined }).map((tool) => tool.name),
      );
      const result = (await client.callTool({ name: "list_customers", arguments: { query: "mueller" } })) as {
        isError?: boolean;
        content: { type: string; text?: string }[];
      };
      expect(result.isError).toBeFalsy();
      expect(result.content[0]?.text).toMatch(/Müller & Söhne GmbH/);
    } finally {
      await client.close();
    }
  });
});
