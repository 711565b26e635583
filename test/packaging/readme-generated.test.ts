/**
 * The README's generated parts are what their sources say today: the tool table what the tool
 * definitions give, the command forms what the built bin's `--help` prints. `npm run docs` writes
 * both; a change to a tool or to the command line without it fails here.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  COMMAND_FORMS,
  commandForms,
  readSection,
  TOOL_TABLE,
  toolTable,
  writeSection,
} from "../../src/docs/readme-sections.js";
import { allTools } from "../../src/mcp/tool-definitions.js";
import { BIN } from "../helpers/stdio.js";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

describe("the README's generated parts", () => {
  it("the tool table is the one the tool definitions generate, one row a tool", () => {
    const table = readSection(readme, TOOL_TABLE);
    expect(table, "README.md's tool table is out of date: run `npm run docs`").toBe(toolTable(allTools));
    const rows = table.split("\n").slice(2);
    expect(rows.map((row) => row.split(" | ")[0])).toEqual(allTools.map((tool) => `| \`${tool.name}\``));
  });

  it("the command forms are the ones `invoicing-mcp --help` lists", () => {
    const help = spawnSync(process.execPath, [BIN, "--help"], { encoding: "utf8", timeout: 10_000 });
    expect(help.status).toBe(0);
    const forms = readSection(readme, COMMAND_FORMS);
    expect(forms, "README.md's command forms are out of date: run `npm run docs`").toBe(
      commandForms(help.stdout),
    );
    for (const command of ["sandbox", "doctor", "webhooks serve", "serve", "tokens", "db migrate"])
      expect(forms).toContain(`invoicing-mcp ${command}`);
  });

  it("a one-line tool summary keeps to one table row", () => {
    const table = toolTable([
      { name: "t", kind: "read", description: "Short one.\nSecond | with a pipe. Third." },
    ]);
    expect(table.split("\n")[2]).toBe("| `t` | read | Short one. Second \\| with a pipe. |");
  });

  it("writing a section replaces only what lies between its markers", () => {
    const text = `a\n${TOOL_TABLE.start}\nold\n${TOOL_TABLE.end}\nb\n`;
    expect(writeSection(text, TOOL_TABLE, "new")).toBe(`a\n${TOOL_TABLE.start}\nnew\n${TOOL_TABLE.end}\nb\n`);
    expect(() => writeSection("no markers", TOOL_TABLE, "new")).toThrow(/lacks the markers/);
  });
});
