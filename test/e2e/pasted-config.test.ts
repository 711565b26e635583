import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BIN, StdioSession } from "../helpers/stdio.js";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

/** The Claude Desktop JSON config of the README, as a person pastes it before editing anything. */
function pastedEntry(): { command: string; args: string[]; env: Record<string, string> } {
  const from = readme.indexOf("### Claude Desktop: the JSON config");
  const [, json] = readme.slice(from).match(/```json\n([\s\S]*?)```/) ?? [];
  return (JSON.parse(json!) as { mcpServers: { invoicing: ReturnType<typeof pastedEntry> } }).mcpServers
    .invoicing;
}

function text(answer: { result?: Record<string, unknown> }): string {
  return ((answer.result?.content ?? []) as { text?: string }[]).map((c) => c.text ?? "").join("\n");
}

/**
 * A client shows a server that exits at start as dead and nothing more, so the stdio server starts
 * whatever its settings hold and says what is wrong where the person (through the model) reads it.
 */
describe("the stdio server started with settings it cannot use", () => {
  it("starts from the README's Claude Desktop config pasted unedited, and says what to change", async () => {
    const entry = pastedEntry();
    expect(entry.args).toEqual(["/path/to/invoicing-mcp/bundle/invoicing-mcp.mjs"]);
    const placeholderKey = entry.env.INVOICING_API_KEY!;
    const session = new StdioSession([], entry.env);
    expect(session.child.spawnargs.at(-1)).toBe(BIN);
    try {
      const init = await session.initialize();
      const instructions = String(init.result?.instructions);
      expect(instructions).toMatch(/SETTINGS TO FIX: INVOICING_API_KEY is not valid: .*non-ASCII character/);
      const tools = (await session.request("tools/list")).result?.tools as { name: string }[];
      expect(tools.map((t) => t.name)).toContain("log_time");
      for (const [name, args] of [
        ["list_invoices", {}],
        ["log_time", { project: "Website", start: "yesterday 9:00", duration: "1h" }],
      ] as const) {
        const answer = await session.callTool(name, args);
        expect(answer.result?.isError, name).toBe(true);
        expect(text(answer)).toMatch(
          /INVOICING_API_KEY is not valid.*Change it in Claude Desktop's extension settings or in the "env" block/,
        );
      }
      await session.endInput();
      const startLines = session.stderr.split("\n").filter((line) => line.includes("INVOICING_API_KEY"));
      expect(startLines).toHaveLength(1);
      const everything = `${session.stdoutLines.join("\n")}\n${session.stderr}`;
      expect(everything).not.toContain(placeholderKey);
    } finally {
      if (session.child.exitCode === null) session.child.kill("SIGKILL");
    }
  });

  it("names a typo in the bundle's free-text VAT basis, and what it expects", async () => {
    const session = new StdioSession(["--sandbox"], { INVOICING_VAT_BASIS: "sol" });
    try {
      const init = await session.initialize();
      expect(String(init.result?.instructions)).toMatch(
        /INVOICING_VAT_BASIS "sol" is not valid: expected "soll"/,
      );
      const answer = await session.callTool("vat_report", { period: "last month" });
      expect(answer.result?.isError).toBe(true);
      expect(text(answer)).toMatch(/INVOICING_VAT_BASIS "sol" is not valid/);
      await session.endInput();
      expect(session.stderr).toMatch(
        /^invoicing-mcp: started, but every tool call will fail until these settings are fixed: INVOICING_VAT_BASIS "sol"/m,
      );
    } finally {
      if (session.child.exitCode === null) session.child.kill("SIGKILL");
    }
  });
});
