import type { ToolContext } from "../context.js";
import { AskToConfirm, UNATTENDED } from "../define-tool.js";
import { errorText } from "../error-text.js";
import { loadTool } from "../tool-catalog.js";

/**
 * Runs a tool's handler and returns its structured data as a JSON resource: one way to fetch and
 * shape. The tool is named, not imported, so its code is read on the first read (tool-catalog.ts).
 */
export async function readAsJson(
  uri: URL,
  toolName: string,
  args: Record<string, unknown>,
  context: ToolContext,
) {
  try {
    const tool = await loadTool(toolName);
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
