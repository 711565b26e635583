/**
 * What tools/list and the inventory need to know of a tool, without its code: its name and words,
 * what it needs, and its JSON Schemas. None of it changes while the server runs, so the bundle
 * (scripts/bundle.mjs) carries every tool's facts, made at build time by `factsOf` below, and a
 * start reads no tool's code and converts no zod schema: a tool is loaded when it is first called
 * (tool-catalog.ts). test/packaging/tool-facts.test.ts holds the bundle's tools/list to the
 * sources'.
 */
import type { Offer, ToolDefinition } from "./define-tool.js";
import { descriptionFor } from "./define-tool.js";
import { type Json, leanSchema } from "./lean-schema.js";

/** The draft the SDK converts to (its JSON_SCHEMA_CONVERSION_TARGET); the build makes this one. */
export const BUILT_SCHEMA_TARGET = "draft-2020-12";

/** The plain facts of a definition, as they are. */
export type ToolTraits = Pick<
  ToolDefinition,
  | "name"
  | "title"
  | "kind"
  | "family"
  | "idempotent"
  | "needsInbox"
  | "appOnly"
  | "view"
  | "verifyWith"
  | "resource"
>;

export interface ToolFacts extends ToolTraits {
  /** Its description for each kind of caller (offerKey): what tools/list shows them. */
  descriptions: Record<string, string>;
  /** Its JSON Schemas, as tools/list shows them. */
  input: Json;
  output: Json;
}

/** Every kind of caller a description may depend on. */
const OFFERS: readonly Offer[] = [true, false].flatMap((canWrite) =>
  [true, false].map((events) => ({ canWrite, events })),
);

export function offerKey({ canWrite, events }: Offer): string {
  return `${canWrite ? "write" : "read"}${events ? "+events" : ""}`;
}

const TRAITS = [
  "name",
  "title",
  "kind",
  "family",
  "idempotent",
  "needsInbox",
  "appOnly",
  "view",
  "verifyWith",
  "resource",
] as const;

/** Just the traits of a definition or of the build's facts (those it has). */
export function traitsOf(tool: ToolTraits): ToolTraits {
  return Object.fromEntries(
    TRAITS.filter((trait) => tool[trait] !== undefined).map((trait) => [trait, tool[trait]]),
  ) as ToolTraits;
}

/**
 * A definition's facts, made now: what the build carries. scripts/bundle.mjs imports it through an
 * entry it writes at build time, which a reader of the imports cannot follow.
 * @public
 */
export function factsOf(tool: ToolDefinition): ToolFacts {
  const options = { target: BUILT_SCHEMA_TARGET } as const;
  return {
    ...traitsOf(tool),
    descriptions: Object.fromEntries(OFFERS.map((offer) => [offerKey(offer), descriptionFor(tool, offer)])),
    input: leanSchema(tool.input, "input")["~standard"].jsonSchema.input(options),
    output: leanSchema(tool.output, "output")["~standard"].jsonSchema.output(options),
  };
}

/** The build's facts as a JSON string (esbuild `define`); not defined outside the bundle. */
declare const __INVOICING_TOOL_FACTS__: string | undefined;

/** The facts the build made, in the order of tool-list.ts; undefined outside the bundle. */
export function builtFacts(): ToolFacts[] | undefined {
  if (typeof __INVOICING_TOOL_FACTS__ !== "string") return undefined;
  // One JSON.parse of a string is quicker for V8 than the same data as an object literal.
  return JSON.parse(__INVOICING_TOOL_FACTS__) as ToolFacts[];
}
