/**
 * What tools/list shows a model costs context in every conversation, so our schemas go out without
 * the JSON Schema boilerplate zod writes and no model needs: the `$schema` URL on every schema and
 * the ±(2^53 − 1) bounds `.int()` adds to every integer, and string length bounds, which guard the
 * server against abuse (zod still enforces them, with a clear error) but never guide a model.
 * An argument marked `.meta({ unlisted: true })` is accepted but not shown: the older form of an
 * argument, kept so that calls made before it changed still replay.
 * Output schemas also lose their prose, `additionalProperties: false` and `required`: the text
 * answer says what the figures mean, every field is always present (null where unknown, as its type
 * says), and a client checking structuredContent still checks every type. Below the root, an object
 * is known by its `properties`, an array by its `items` and a constant by its `const`, so none
 * repeats its `type`.
 *
 * The SDK asks a schema for its JSON Schema through Standard Schema's `~standard.jsonSchema`; this
 * wraps a zod schema so that answer is post-processed (once per schema and target, then shared and
 * frozen), while validation stays zod's own. (The bundle's schemas come made by the build instead:
 * tool-facts.ts.)
 */
import type { StandardSchemaWithJSON } from "@modelcontextprotocol/server";
import type { z } from "zod";

export type Json = Record<string, unknown>;
type Io = "input" | "output";

export function leanSchema<S extends z.ZodType>(
  schema: S,
  io: Io,
): StandardSchemaWithJSON<z.input<S>, z.output<S>> {
  // Built once per schema: the hosted mode builds a server per request, and converting a schema is
  // by far the dearest part of registering a tool (the SDK converts the output schema on every call).
  const cache = io === "input" ? inputWrappers : outputWrappers;
  const known = cache.get(schema);
  if (known) return known as StandardSchemaWithJSON<z.input<S>, z.output<S>>;
  const standard = schema["~standard"] as unknown as StandardSchemaWithJSON<
    z.input<S>,
    z.output<S>
  >["~standard"];
  const converted = new Map<string, Json>();
  type Options = Parameters<typeof standard.jsonSchema.input>[0];
  const convert = (which: Io, options: Options): Json => {
    const key = `${which} ${options.target}`;
    let json = converted.get(key);
    if (!json) {
      json = deepFreeze(shaped(leanJson(standard.jsonSchema[which](options), io), io));
      converted.set(key, json);
    }
    return json;
  };
  const wrapper: StandardSchemaWithJSON<z.input<S>, z.output<S>> = {
    "~standard": {
      ...standard,
      validate: (value) => standard.validate(value),
      jsonSchema: {
        input: (options) => convert("input", options),
        output: (options) => convert("output", options),
      },
    },
  };
  cache.set(schema, wrapper);
  return wrapper;
}

const inputWrappers = new WeakMap<z.ZodType, unknown>();
const outputWrappers = new WeakMap<z.ZodType, unknown>();

/** Shared by every server of the process, so no one may change it. */
export function deepFreeze(value: Json): Json {
  for (const child of Object.values(value)) {
    if (typeof child === "object" && child !== null && !Object.isFrozen(child)) deepFreeze(child as Json);
  }
  return Object.freeze(value);
}

const SAFE = Number.MAX_SAFE_INTEGER;

/**
 * An output schema names each top-level field with its type; a field that holds rows or a nested
 * object says only that it is an array or an object. The rows' fields are in the data itself and
 * the text answer says what they mean, while describing every nested row in every tool doubled the
 * tool list a model reads in each conversation. Input schemas are given whole.
 */
function shaped(schema: Json, io: Io): Json {
  if (io === "input" || !isObject(schema.properties)) return schema;
  const fields = Object.entries(schema.properties).map(([name, field]) => [
    name,
    isObject(field) ? (opaque(field) ?? field) : field,
  ]);
  return { ...schema, properties: Object.fromEntries(fields) };
}

/** "array" or "object" (with "null" when nullable) for rows and nested objects; undefined otherwise. */
function opaque(field: Json): Json | undefined {
  if ("properties" in field || "items" in field) {
    const kind = "items" in field ? "array" : "object";
    return { type: Array.isArray(field.type) && field.type.includes("null") ? [kind, "null"] : kind };
  }
  // A nullable row list or object comes as anyOf [rows or object, null].
  const members = Array.isArray(field.anyOf) ? field.anyOf.filter(isObject) : [];
  const nonNull = members.filter((member) => member.type !== "null");
  if (members.length !== 2 || nonNull.length !== 1) return undefined;
  const inner = opaque(nonNull[0] as Json);
  return inner === undefined ? undefined : { type: [inner.type, "null"].flat() };
}

/** A copy of a JSON Schema without what the header comment lists. */
export function leanJson(schema: Json, io: Io): Json {
  const lean: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "$schema") continue;
    if ((key === "minimum" && value === -SAFE) || (key === "maximum" && value === SAFE)) continue;
    if ((key === "minLength" || key === "maxLength") && schema.type === "string") continue;
    if (io === "output" && saysNothingToAClient(key, value)) continue;
    lean[key] = leanValue(key, value, io);
  }
  return nullableAsTypeList(lean);
}

/** Output schemas below the root: `type` where `properties`, `items` or `const` already says it. */
function withoutImpliedType(schema: Json): Json {
  if (!("properties" in schema || "items" in schema || "const" in schema)) return schema;
  const { type: _implied, ...rest } = schema;
  return rest;
}

/**
 * In output schemas: prose, `required`, a closed or open object (`additionalProperties` false or
 * `{}`), and keys declared to be strings, which JSON keys always are.
 */
function saysNothingToAClient(key: string, value: unknown): boolean {
  if (key === "description" || key === "required") return true;
  if (key === "additionalProperties")
    return value === false || (isObject(value) && Object.keys(value).length === 0);
  return (
    key === "propertyNames" &&
    isObject(value) &&
    Object.keys(value).join() === "type" &&
    value.type === "string"
  );
}

/** zod writes a nullable `.describe()`d schema as `anyOf: [{type: T}, {type: "null"}]`: the same as `type: [T, "null"]`. */
function nullableAsTypeList(schema: Json): Json {
  const { anyOf, ...rest } = schema;
  if (!Array.isArray(anyOf) || rest.type !== undefined) return schema;
  const plain = anyOf.every((member) => isObject(member) && Object.keys(member).join() === "type");
  if (!plain) return schema;
  return { type: anyOf.map((member) => (member as Json).type), ...rest };
}

function leanValue(key: string, value: unknown, io: Io): unknown {
  // Property names are data, not keywords: `properties.description` is a field called description.
  if (key === "properties" || key === "$defs") {
    return Object.fromEntries(
      Object.entries(value as Record<string, Json>)
        .filter(([, child]) => !(key === "properties" && isObject(child) && child.unlisted === true))
        .map(([name, child]) => [name, nested(child, io)]),
    );
  }
  if (Array.isArray(value)) return value.map((item) => (isObject(item) ? nested(item, io) : item));
  if (isObject(value) && key !== "const" && key !== "default") return nested(value, io);
  return value;
}

function nested(schema: Json, io: Io): Json {
  const lean = leanJson(schema, io);
  return io === "output" ? withoutImpliedType(lean) : lean;
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
