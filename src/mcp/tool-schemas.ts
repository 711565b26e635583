/**
 * The JSON Schemas tools/list shows for each tool. They never change while the server runs, so the
 * bundle (scripts/bundle.mjs) carries them made at build time, by `convertToolSchemas` below, and a
 * start answers tools/list without turning zod into JSON Schema (most of its cold start beyond the
 * one-tool server's). From dist/ or the sources they are converted at run time as before;
 * test/packaging/tool-schemas.test.ts holds the bundle's to the run-time conversion.
 */
import type { ToolDefinition } from "./define-tool.js";
import { type Json, leanSchema } from "./lean-schema.js";

/** The draft the SDK converts to (its JSON_SCHEMA_CONVERSION_TARGET); any other is converted. */
export const BUILT_SCHEMA_TARGET = "draft-2020-12";

export type ToolSchemas = Record<string, { input: Json; output: Json }>;

/** The build's schemas as a JSON string (esbuild `define`); not defined outside the bundle. */
declare const __INVOICING_TOOL_SCHEMAS__: string | undefined;

let built: ToolSchemas | undefined;

/** The schemas the build made for `name`, or undefined (not the bundle, or a tool it did not know). */
export function builtSchemasOf(name: string): { input: Json; output: Json } | undefined {
  if (typeof __INVOICING_TOOL_SCHEMAS__ !== "string") return undefined;
  // One JSON.parse of a string is quicker for V8 than the same data as an object literal.
  built ??= JSON.parse(__INVOICING_TOOL_SCHEMAS__) as ToolSchemas;
  return Object.hasOwn(built, name) ? built[name] : undefined;
}

/** What tools/list shows for each of `tools`, converted now: what the build carries. */
export function convertToolSchemas(tools: readonly ToolDefinition[]): ToolSchemas {
  const options = { target: BUILT_SCHEMA_TARGET } as const;
  return Object.fromEntries(
    tools.map((tool) => [
      tool.name,
      {
        input: leanSchema(tool.input, "input")["~standard"].jsonSchema.input(options),
        output: leanSchema(tool.output, "output")["~standard"].jsonSchema.output(options),
      },
    ]),
  );
}
