/**
 * The `tools` list of manifest.json (MCP Bundle), derived from the tool definitions so that what a
 * client shows before installing is what the server lists after. `npm run docs` writes it; a test
 * fails when manifest.json drifts.
 */
import type { ToolDefinition } from "../mcp/define-tool.js";

export interface ManifestTool {
  name: string;
  description: string;
}

export function manifestTools(
  tools: readonly Pick<ToolDefinition, "name" | "description">[],
): ManifestTool[] {
  return tools.map((tool) => ({ name: tool.name, description: tool.description }));
}
