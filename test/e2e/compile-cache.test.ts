import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { StdioSession } from "../helpers/stdio.js";

/**
 * On Node 22.8+ the bin turns on Node's compile cache (src/index.ts), under the temp directory. A temp
 * directory it cannot use must not change the start: no error, JSON-RPC alone on stdout. On Node 20
 * (no compile cache) these starts are plain starts; CI runs the suite on Node 24 as well, and
 * scripts/check-mcpb.mjs starts the packed bundle this way on Node 22 and 24.
 */
describe("the bin's compile cache cannot break a start", () => {
  const dir = mkdtempSync(join(tmpdir(), "invoicing-cache-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const places: [string, () => string][] = [
    [
      "a file where the temp directory should be",
      () => {
        const file = join(dir, "not-a-directory");
        writeFileSync(file, "");
        return file;
      },
    ],
    ["a temp directory that does not exist", () => join(dir, "missing", "deeper")],
    [
      "a read-only temp directory",
      () => {
        const readOnly = join(dir, "read-only");
        mkdirSync(readOnly, { mode: 0o555 });
        return readOnly;
      },
    ],
  ];
  for (const [label, place] of places) {
    it(`starts and answers with ${label}`, async () => {
      const session = new StdioSession(["--sandbox"], { TMPDIR: place(), NODE_COMPILE_CACHE: undefined });
      try {
        const init = await session.initialize();
        expect(init.result?.serverInfo).toMatchObject({ name: "invoicing-mcp" });
        const list = await session.request("tools/list");
        expect(((list.result?.tools ?? []) as unknown[]).length).toBeGreaterThan(5);
        const exit = await session.endInput(2000);
        expect(exit.code).toBe(0);
        for (const line of session.stdoutLines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: "2.0" });
        expect(session.stderr).not.toMatch(/cache|error|warning/i);
      } finally {
        if (session.child.exitCode === null) session.child.kill("SIGKILL");
      }
    });
  }
});
