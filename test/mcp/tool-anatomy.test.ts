/**
 * One anatomy for every tool: a folder src/mcp/tools/<name>/ holding its definition with a short
 * handler (tool.ts) and its words (answer.ts), nothing else; what a handler would compute lives in
 * src/billing/, src/reports/ or another room below src/mcp/. The lint rules (biome.json) hold the
 * imports; this holds the files and the handlers' length.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const TOOLS = join(import.meta.dirname, "../../src/mcp/tools");
/** The longest handler: parse, one call, answer. */
const MAX_HANDLER_LINES = 25;
const entries = readdirSync(TOOLS);

/** The handler's lines, from `async handler(` to the line that closes it. */
function handlerLines(source: string): number {
  const lines = source.split("\n");
  const start = lines.findIndex((line) => /^ {2}async handler\(/.test(line));
  if (start === -1) throw new Error("no handler");
  const end = lines.findIndex((line, index) => index > start && /^ {2}\},?$/.test(line));
  return end - start + 1;
}

describe("every tool folder", () => {
  it.each(entries)("%s holds tool.ts and answer.ts, and nothing else", (name) => {
    const path = join(TOOLS, name);
    expect(statSync(path).isDirectory(), `${name} is a folder`).toBe(true);
    expect(readdirSync(path).sort()).toEqual(["answer.ts", "tool.ts"]);
  });

  it.each(entries)(`%s has a handler of at most ${MAX_HANDLER_LINES} lines`, (name) => {
    const source = readFileSync(join(TOOLS, name, "tool.ts"), "utf8");
    expect(handlerLines(source)).toBeLessThanOrEqual(MAX_HANDLER_LINES);
  });

  it("counts a handler's lines as written", () => {
    const handler = ["  async handler(args) {", "    return args;", "  },"].join("\n");
    expect(handlerLines(`export const t = defineTool({\n${handler}\n});\n`)).toBe(3);
  });
});
