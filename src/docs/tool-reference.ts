/**
 * docs/tools.md, written from the tool definitions themselves (their descriptions and zod input
 * schemas), so the reference cannot say something the server does not. `npm run docs` writes it;
 * a test regenerates it and fails when the file differs.
 */
import { z } from "zod";
import type { ToolDefinition } from "../mcp/define-tool.js";
import { describeType, type JsonSchema } from "./schema-type.js";

export type DocumentedTool = Pick<
  ToolDefinition,
  "name" | "title" | "description" | "kind" | "idempotent" | "input"
>;

export function toolReference(tools: readonly DocumentedTool[]): string {
  const lines = [
    "# Tool reference",
    "",
    "<!-- Generated from the tool definitions in src/mcp/tools by `npm run docs`. Do not edit by hand: a test fails when this file drifts. -->",
    "",
    `The server offers ${tools.length} tools. Read tools only read; write tools only create (drafts, time entries, customers) and never change or delete anything. With \`INVOICING_READ_ONLY=true\` the write tools are not listed at all.`,
    "",
    ...tools.map((tool) => `- [\`${tool.name}\`](#${tool.name}): ${tool.title} (${tool.kind})`),
  ];
  for (const tool of tools) lines.push("", ...toolSection(tool));
  return `${lines.join("\n")}\n`;
}

/** Lists, not tables: descriptions are long, and a list stays readable in the raw file too. */
function toolSection(tool: DocumentedTool): string[] {
  const schema = z.toJSONSchema(tool.input, { io: "input" }) as JsonSchema;
  const required = new Set(schema.required ?? []);
  const properties = Object.entries(schema.properties ?? {});
  const kind =
    tool.kind === "read"
      ? "read"
      : `write${tool.idempotent ? " (repeating the same call returns the existing record)" : ""}`;
  const section = [
    `## \`${tool.name}\``,
    "",
    `**${tool.title}** · ${kind}`,
    "",
    oneLine(tool.description),
    "",
  ];
  if (properties.length === 0) return [...section, "No arguments."];
  return [
    ...section,
    "Arguments:",
    "",
    ...properties.map(
      ([name, property]) =>
        `- \`${name}\` (${describeType(property)}; ${requirement(required.has(name), property)}): ${oneLine(property.description ?? "")}`,
    ),
  ];
}

function requirement(isRequired: boolean, property: JsonSchema): string {
  if (isRequired) return "required";
  return property.default === undefined
    ? "optional"
    : `optional, default \`${JSON.stringify(property.default)}\``;
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ").trim();
}
