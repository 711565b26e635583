/**
 * The README's parts that would go stale if written by hand: the tool table (from the tool
 * definitions) and the command forms (from the bin's own `--help`). `npm run docs` writes them
 * between their markers; a test regenerates both and fails when the README differs.
 */
import type { ToolDefinition } from "../mcp/define-tool.js";

export type TabledTool = Pick<ToolDefinition, "name" | "kind" | "description" | "needsInbox">;

/** A generated part of the README: the text between its two marker comments. */
export interface ReadmeSection {
  start: string;
  end: string;
}

export const TOOL_TABLE: ReadmeSection = {
  start: "<!-- tools: generated from the tool definitions by `npm run docs`; do not edit -->",
  end: "<!-- end of tools -->",
};

export const COMMAND_FORMS: ReadmeSection = {
  start: "<!-- commands: generated from `invoicing-mcp --help` by `npm run docs`; do not edit -->",
  end: "<!-- end of commands -->",
};

/** One line a tool: its name, whether it reads or writes, and the opening of its description. */
export function toolTable(tools: readonly TabledTool[]): string {
  const rows = tools.map(
    (tool) =>
      `| \`${tool.name}\` | ${tool.kind} | ${summary(tool.description)}${tool.needsInbox ? " Needs the webhook inbox." : ""} |`,
  );
  return ["| tool | kind | what it does |", "|---|---|---|", ...rows].join("\n");
}

/**
 * The description's first sentence; a second one too when the first alone says too little
 * ("Creates a customer."). Pipes are escaped so a description cannot break the table.
 */
function summary(description: string): string {
  const sentences = description
    .replace(/\s+/g, " ")
    .trim()
    .split(/(?<=[.!?])\s+/);
  let text = sentences[0] ?? "";
  if (text.length < 40 && sentences[1] !== undefined) text = `${text} ${sentences[1]}`;
  return text.replace(/\|/g, "\\|");
}

/**
 * The command forms as `--help` lists them: the lines under its "Usage:" heading up to the first
 * blank line (the whole help when it has no such heading), as a code block.
 */
export function commandForms(help: string): string {
  const lines = help.replace(/\r\n/g, "\n").trimEnd().split("\n");
  const heading = lines.findIndex((line) => /^\s*usage:?\s*$/i.test(line));
  let forms = lines;
  if (heading >= 0) {
    const after = lines.slice(heading + 1);
    const blank = after.findIndex((line) => line.trim() === "");
    forms = blank < 0 ? after : after.slice(0, blank);
  }
  const indent = Math.min(...forms.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length));
  return ["```", ...forms.map((line) => line.slice(indent)), "```"].join("\n");
}

/** What the README holds between a section's markers (without the blank lines around it). */
export function readSection(readme: string, section: ReadmeSection): string {
  const from = readme.indexOf(section.start);
  const to = readme.indexOf(section.end);
  if (from < 0 || to < from) throw new Error(`README.md lacks the markers ${section.start} … ${section.end}`);
  return readme.slice(from + section.start.length, to).trim();
}

/** The README with `body` between a section's markers. */
export function writeSection(readme: string, section: ReadmeSection, body: string): string {
  readSection(readme, section); // the markers must be there
  const from = readme.indexOf(section.start) + section.start.length;
  const to = readme.indexOf(section.end);
  return `${readme.slice(0, from)}\n${body}\n${readme.slice(to)}`;
}
