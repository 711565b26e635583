/**
 * docs/tools.md, written from the tool definitions themselves (their descriptions and zod input and
 * output schemas), so the reference cannot say something the server does not. The output schemas
 * are documented here rather than sent in tools/list (src/mcp/server.ts says why). `npm run docs` writes it;
 * a test regenerates it and fails when the file differs.
 */
import { z } from "zod";
import type { ToolDefinition } from "../mcp/define-tool.js";
import { ARGUMENT_RULES } from "../mcp/instructions.js";
import { describeType, type JsonSchema } from "./schema-type.js";

export type DocumentedTool = Pick<
  ToolDefinition,
  "name" | "title" | "description" | "kind" | "idempotent" | "input" | "output"
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
    "",
    "How arguments work in every tool, as the server's instructions tell the model once (each argument below says only what is its own):",
    "",
    ...ARGUMENT_RULES,
    "",
    "How the write tools guard against doing something twice (the rules live in src/billing/, between the tools and the REST API, and return data that the tools word):",
    "",
    ...GUARDS,
  ];
  for (const tool of tools) lines.push("", ...toolSection(tool));
  return `${lines.join("\n")}\n`;
}

/** What every write answers when it repeats or may duplicate something; refusals look alike in all three. */
const GUARDS = [
  '- Repeating an identical write returns the existing record (`outcome: "already_exists"`): an invoice with the same content, a time entry on the same slot with the same description, a customer of the same name and details.',
  '- A write that may duplicate or overlap what exists is refused and nothing is sent: `create_invoice` when an invoice of the customer may already bill the period (facts in `conflicts`), `log_time` when an entry overlaps stored time or another entry of the batch (`overlaps`), `create_customer` when a customer of the same or a similar name exists (`candidates`). Every refusal answers alike: not an error, `outcome: "refused"`, `refusal.reason`, and `refusal.override` naming the one argument (`allowOverlap`, `allowSimilar`) that writes anyway once the user has confirmed. The text starts "Not created:" or "Not logged:".',
  '- `log_time` does not guess an hour that may be morning or evening ("gestern 7 Uhr", "at 3"): it creates nothing and names both readings to choose from.',
  "- Errors (`isError: true`) are one sentence: what happened and what to do. A tool this configuration does not list (a write in read-only mode, `recent_events` without an inbox) answers why it is missing and how to get it.",
];

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
  const argumentLines =
    properties.length === 0
      ? ["No arguments."]
      : [
          "Arguments:",
          "",
          ...properties.map(
            ([name, property]) =>
              `- \`${name}\` (${describeType(property)}; ${requirement(required.has(name), property)}): ${oneLine(property.description ?? "")}`,
          ),
        ];
  return [...section, ...argumentLines, "", ...structuredContentLines(tool)];
}

/** The fields of the answer's structuredContent, beside its text: the contract a program reads. */
function structuredContentLines(tool: DocumentedTool): string[] {
  const schema = z.toJSONSchema(tool.output, { io: "output" }) as JsonSchema;
  return [
    "Structured content (`structuredContent`, beside the text):",
    "",
    ...Object.entries(schema.properties ?? {}).map(([name, property]) => {
      const description = oneLine(property.description ?? "");
      return `- \`${name}\` (${describeType(property)})${description ? `: ${description}` : ""}`;
    }),
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
