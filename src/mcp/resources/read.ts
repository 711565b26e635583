import type { ToolContext } from "../context.js";
import { AskToConfirm, type ToolDefinition, UNATTENDED } from "../define-tool.js";
import { errorText } from "../error-text.js";

/** Runs a tool's handler and returns its structured data as a JSON resource: one way to fetch and shape. */
export async function readAsJson(
  uri: URL,
  tool: ToolDefinition,
  args: Record<string, unknown>,
  context: ToolContext,
) {
  try {
    const output = await tool.handler(tool.input.parse(args), context, UNATTENDED);
    // Only writes ask, and no write is served as a resource.
    if (output instanceof AskToConfirm) throw new Error(`${tool.name} asks for a confirmation`);
    return {
      contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(output.data, null, 2) }],
    };
  } catch (error) {
    throw new Error(errorText(error));
  }
}
