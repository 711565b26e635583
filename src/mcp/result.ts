/**
 * The only place that builds a CallToolResult: data becomes `structuredContent` plus its text, an
 * error becomes an `isError` result with one actionable sentence.
 */
import type { CallToolResult } from "@modelcontextprotocol/server";
import type { ToolOutput } from "./define-tool.js";
import { type ErrorContext, errorText } from "./error-text.js";

/** No answer floods a model's context: text beyond this is cut with a note on how to page. */
export const MAX_TEXT_LENGTH = 25_000;

export function successResult(output: ToolOutput<unknown>): CallToolResult {
  const content: CallToolResult["content"] = [{ type: "text", text: capText(output.text) }];
  for (const link of output.links ?? []) {
    content.push({
      type: "resource_link",
      uri: link.uri,
      name: link.name,
      mimeType: link.mimeType ?? "application/json",
      ...(link.description ? { description: link.description } : {}),
    });
  }
  for (const file of output.resources ?? []) {
    content.push({
      type: "resource",
      resource: { uri: file.uri, mimeType: file.mimeType, blob: Buffer.from(file.bytes).toString("base64") },
    });
  }
  return { content, structuredContent: output.data as Record<string, unknown> };
}

export function errorResult(error: unknown, context: ErrorContext = {}): CallToolResult {
  return { content: [{ type: "text", text: errorText(error, context) }], isError: true };
}

function capText(text: string): string {
  if (text.length <= MAX_TEXT_LENGTH) return text;
  return `${text.slice(0, MAX_TEXT_LENGTH - 80)}\n… (cut at ${MAX_TEXT_LENGTH} characters: ask for a smaller page with limit/offset)`;
}
