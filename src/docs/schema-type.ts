/**
 * A JSON Schema property in a few words for a reader: its type, allowed values and bounds. Only
 * the shapes our zod schemas produce are handled; anything else falls back to its JSON type.
 */

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

export function describeType(schema: JsonSchema): string {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(describeType).join(" or ");
  if (schema.enum) return `one of ${schema.enum.map((value) => `\`${JSON.stringify(value)}\``).join(", ")}`;
  const type = Array.isArray(schema.type) ? schema.type.join(" or ") : (schema.type ?? "any");
  if (type === "array") return `array of ${schema.items ? describeType(schema.items) : "any"}`;
  const bounds = type === "string" ? lengthBounds(schema) : numberBounds(schema);
  return bounds ? `${type}, ${bounds}` : type;
}

/** zod writes ±(2^53 - 1) for a plain `.int()`: no bound a reader needs to see. */
const meaningful = (bound: number | undefined): bound is number =>
  bound !== undefined && Math.abs(bound) < Number.MAX_SAFE_INTEGER;

function numberBounds(schema: JsonSchema): string {
  const parts: string[] = [];
  if (meaningful(schema.minimum)) parts.push(`≥ ${schema.minimum}`);
  if (meaningful(schema.exclusiveMinimum)) parts.push(`> ${schema.exclusiveMinimum}`);
  if (meaningful(schema.maximum)) parts.push(`≤ ${schema.maximum}`);
  if (meaningful(schema.exclusiveMaximum)) parts.push(`< ${schema.exclusiveMaximum}`);
  return parts.join(", ");
}

/** A minimum length of 1 only says "not empty", which every argument is; the cap is worth showing. */
function lengthBounds(schema: JsonSchema): string {
  const parts: string[] = [];
  if (schema.minLength !== undefined && schema.minLength > 1)
    parts.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) parts.push(`at most ${schema.maxLength} characters`);
  return parts.join(", ");
}
