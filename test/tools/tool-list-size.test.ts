/**
 * The tool list is read in every conversation, so it has a budget, measured the way a client gets
 * it: the tools/list result from a real client, serialised, with every tool listed (inbox set).
 * Sizes are deterministic, so they can be asserted; the benchmarks set them beside other servers.
 *
 * The icons are outside the budget: they are pictures a client shows the person beside a tool,
 * never part of what a model is given. They have a bound of their own: one small picture per tool,
 * the same string for every tool of a family.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { instructionsFor } from "../../src/mcp/instructions.js";
import { allTools } from "../../src/mcp/tool-definitions.js";
import { connect } from "../helpers/mcp.js";

/**
 * Characters of the whole tools/list answer (without the icons) for a writer with the inbox, who
 * gets every tool: 12,327 with the e-invoice tools, once output schemas stopped going out (they were
 * 4,440 of 17,039; src/mcp/server.ts).
 */
const LIST_BUDGET = 14_000;
/** Characters per tool, on average, of what a model is given: name, title, description, input schema. */
const PER_TOOL_BUDGET = 700;
/** Characters of one tool's icons. */
const ICON_BUDGET = 400;

async function listTools(era: "2025" | "2026" = "2025") {
  const inbox = join(tmpdir(), "invoicing-tool-list-size-inbox.jsonl");
  const connected = await connect(undefined, { env: { INVOICING_INBOX: inbox }, era });
  try {
    return await connected.client.listTools();
  } finally {
    await connected.close();
  }
}

describe("tools/list size", () => {
  it(`stays within ${LIST_BUDGET} characters, and ${PER_TOOL_BUDGET} per tool for the model`, async () => {
    const list = await listTools();
    expect(list.tools.map((t) => t.name)).toEqual(allTools.map((t) => t.name));
    const withoutIcons = { ...list, tools: list.tools.map(({ icons: _, ...tool }) => tool) };
    const whole = JSON.stringify(withoutIcons).length;
    const forModel = list.tools.map(
      (t) =>
        JSON.stringify({
          name: t.name,
          title: t.title,
          description: t.description,
          inputSchema: t.inputSchema,
        }).length,
    );
    const average = forModel.reduce((sum, n) => sum + n, 0) / forModel.length;
    expect(whole, "whole tools/list answer").toBeLessThanOrEqual(LIST_BUDGET);
    expect(average, "average per tool for the model").toBeLessThanOrEqual(PER_TOOL_BUDGET);
    // No output schema rides along (the model never reads one; docs/tools.md has them).
    for (const tool of list.tools) expect(tool.outputSchema, tool.name).toBeUndefined();
    // A 2026-era client gets the same tools (its answer adds only the protocol's own fields).
    expect((await listTools("2026")).tools).toEqual(list.tools);
  });

  it(`gives each tool one small icon of its family, at most ${ICON_BUDGET} characters, shared within the family`, async () => {
    const { tools } = await listTools();
    const pictures = new Set<string>();
    for (const tool of tools) {
      expect(tool.icons, tool.name).toHaveLength(1);
      expect(JSON.stringify(tool.icons).length, tool.name).toBeLessThanOrEqual(ICON_BUDGET);
      pictures.add(tool.icons![0]!.src);
    }
    // Five families for every tool: a picture per family, not per tool.
    expect(pictures.size).toBe(new Set(allTools.map((t) => t.family)).size);
  });

  it("carries no JSON Schema boilerplate: no $schema, no safe-integer bounds, no string length guards", async () => {
    const text = JSON.stringify(await listTools());
    expect(text).not.toContain("$schema");
    expect(text).not.toContain(String(Number.MAX_SAFE_INTEGER));
    expect(text).not.toMatch(/"(minLength|maxLength)"/);
    expect(text).not.toContain('additionalProperties":false');
  });

  it("says what dates accept and how names match once, in the instructions, not per argument", async () => {
    for (const config of [{ events: false }, { readOnlyBy: "settings" as const, events: true }]) {
      const instructions = instructionsFor(config);
      expect(instructions).toMatch(/ae\/oe\/ue\/ss/);
      expect(instructions).toMatch(/ISO 8601/);
      expect(instructions).toMatch(/"last month"/);
    }
    const descriptions = (await listTools()).tools.flatMap((t) =>
      Object.values((t.inputSchema.properties ?? {}) as Record<string, { description?: string }>).map(
        (p) => p.description ?? "",
      ),
    );
    for (const description of descriptions) {
      expect(description).not.toMatch(/ae\/oe|ignoring case|ISO 8601|English or German/);
    }
  });
});
