/**
 * Every tool's definition, loaded now: for what needs them all at once (the docs, the build's
 * tool facts, tests, and a server run from the sources or dist/). A server started from the bundle
 * never imports this module; it loads each tool when first called (tool-catalog.ts).
 */
import type { ToolDefinition } from "./define-tool.js";
import { appToolModules, type ToolModule, toolModules } from "./tool-list.js";

const load = (modules: readonly ToolModule[]) =>
  Promise.all(modules.map((module) => module())) as Promise<ToolDefinition[]>;

/** The model's tools, in the order clients list them. */
export const allTools: readonly ToolDefinition[] = await load(toolModules);

/** The tools only an MCP Apps view calls. */
export const appTools: readonly ToolDefinition[] = await load(appToolModules);

/** Every tool there is, the model's and the views'. */
export const everyTool: readonly ToolDefinition[] = [...allTools, ...appTools];
