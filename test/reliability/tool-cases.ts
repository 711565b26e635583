/**
 * One working call per tool, the kind of call a model makes: reads that resolve a name first (so
 * they make several requests), and writes whose records can be counted in the sandbox afterwards.
 * Both come from the tools' definitions (`example`, `writeCase`), so nothing here names a tool.
 */
import type { ApiClient } from "../../src/http/client.js";
import type { ToolDefinition } from "../../src/mcp/define-tool.js";
import { allTools } from "../../src/mcp/tool-definitions.js";

export type Args = Record<string, unknown>;

export interface ReadCase {
  tool: string;
  args: Args;
}

export interface WriteCase {
  tool: string;
  /** The path its POST goes to. */
  postPath: string;
  /** A call of its own for each matrix cell, so records of different cells never mix. */
  args(cell: number): Args;
  /** How many records this call's arguments have created in the sandbox. */
  stored(api: ApiClient, args: Args): Promise<number>;
}

/** Every read tool (but the inbox's) with the example its definition carries. */
export const READ_CASES: ReadCase[] = allTools
  .filter((tool) => tool.kind === "read" && !tool.needsInbox)
  .map((tool) => ({ tool: tool.name, args: tool.example as Args }));

/**
 * The model's writes to the service: each must carry its case, so a new write cannot miss the
 * matrix. A write that keeps only the server's own record of the person's words writes nothing there.
 */
export const WRITES: readonly ToolDefinition[] = allTools.filter(
  (tool) => tool.kind === "write" && tool.keepsOwnRecord !== true,
);

/** Every write with the case its definition carries. */
export const WRITE_CASES: WriteCase[] = WRITES.flatMap(({ name, writeCase }) =>
  writeCase
    ? [
        {
          tool: name,
          postPath: writeCase.postPath,
          args: (cell: number) => writeCase.args(cell) as Args,
          stored: (api: ApiClient, args: Args) => writeCase.stored(api, args),
        },
      ]
    : [],
);
