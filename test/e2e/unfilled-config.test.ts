import { describe, expect, it } from "vitest";
import { listedTools } from "../../src/mcp/inventory.js";
import { StdioSession } from "../helpers/stdio.js";

/**
 * An MCP Bundle host fills `${user_config.inbox}` only when the user chose a file; otherwise the
 * reference implementation (@anthropic-ai/mcpb, getMcpConfigForManifest) leaves the placeholder in
 * the environment as it stands, and a field cleared in the form arrives as "". Neither is a path.
 */
describe("the bin started with optional fields the host left unfilled", () => {
  for (const [label, inbox] of [
    ["the placeholder", "\u0024{user_config.inbox}"],
    ["an empty string", ""],
  ] as const) {
    it(`treats INVOICING_INBOX as ${label} as unset: no events tool, no inbox resource, one line on stderr`, async () => {
      const session = new StdioSession(["--sandbox"], { INVOICING_INBOX: inbox });
      try {
        await session.initialize();
        const list = await session.request("tools/list");
        const names = ((list.result?.tools ?? []) as { name: string }[]).map((tool) => tool.name);
        expect(names).toEqual(listedTools({ readOnly: false, events: false }).map((tool) => tool.name));
        expect(names).not.toContain("recent_events");
        const resources = await session.request("resources/list");
        expect(JSON.stringify(resources.result)).not.toContain("user_config");
        expect(JSON.stringify(resources.result)).not.toMatch(/inbox/i);
        await session.endInput(2000);
        const lines = session.stderr.split("\n").filter((line) => line.includes("INVOICING_INBOX"));
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(/unset/);
      } finally {
        if (session.child.exitCode === null) session.child.kill("SIGKILL");
      }
    });
  }
});
