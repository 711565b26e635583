/**
 * What tools/list shows a model costs context in every conversation, so our schemas go out without
 * the JSON Schema boilerplate zod writes and no model needs: the `$schema` URL on every schema and
 * the ±(2^53 − 1) bounds `.int()` adds to every integer, and string length bounds, which guard the
 * server against abuse (zod still enforces them, with a clear error) but never guide a model.
 * An argument marked `.meta({ unlisted: true })` is accepted but not shown: the older form of an
 * argument, kept so that calls made before it changed still replay. Only input schemas go out
 * (src/mcp/server.ts says why output schemas do not).
 *
 * The SDK asks a schema for its JSON Schema through Standard Schema's `~standard.jsonSchema`; this
 * wraps a zod schema so that answer is post-processed (once per schema and target, then shared and
 * frozen), while validation stays zod's own. (The bundle's schemas come made by the build instead:
 * tool-facts.ts.)
 */
import type { StandardSchemaWithJSON } from "@modelcontextprotocol/server";
import type { z } from "zod";

export type Json = Record<string, unknown>;

export function leanSchema<S extends z.ZodType>(schema: S): StandardSchemaWithJSON<z.input<S>, z.output<S>> {
  // Built once per schema: the hosted mode builds a server per request, and converting a schema is
  // by far the dearest part of registering a tool.
  const known = wrappers.get(schema);
  if (known) return known as StandardSchemaWithJSON<z.input<S>, z.output<S>>;
  const standard = schema["~standard"] as unknown as StandardSchemaWithJSON<
    z.input<S>,
    z.output<S>
  >["~standard"];
  const converted = new Map<string, Json>();
  type Options = Parameters<typeof standard.jsonSchema.input>[0];
  const convert = (which: "input" | "output", options: Options): Json => {
    const key = `${which} ${options.target}`;
    let json = converted.get(key);
    if (!json) {
      json = deepFreeze(leanJson(standard.jsonSchema[which](options)));
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
  wrappers.set(schema, wrapper);
  return wrapper;
}

const wrappers = new WeakMap<z.ZodType, unknown>();

/** Shared by every server of the process, so no one may change it. */
export function deepFreeze(value: Json): Json {
  for (const child of Object.values(value)) {
    if (typeof child === "object" && child !== null && !Object.isFrozen(child)) deepFreeze(child as Json);
  }
  return Object.freeze(value);
}

const SAFE = Number.MAX_SAFE_INTEGER;

/** A copy of a JSON Schema without what the header comment lists. */
export function leanJson(schema: Json): Json {
  const lean: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "$schema") continue;
    if ((key === "minimum" && value === -SAFE) || (key === "maximum" && value === SAFE)) continue;
    if ((key === "minLength" || key === "maxLength") && schema.type === "string") continue;
    lean[key] = leanValue(key, value);
  }
  return nullableAsTypeList(lean);
}

/** zod writes a nullable `.describe()`d schema as `anyOf: [{type: T}, {type: "null"}]`: the same as `type: [T, "null"]`. */
function nullableAsTypeList(schema: Json): Json {
  const { anyOf, ...rest } = schema;
  if (!Array.isArray(anyOf) || rest.type !== undefined) return schema;
  const plain = anyOf.every((member) => isObject(member) && Object.keys(member).join() === "type");
  if (!plain) return schema;
  return { type: anyOf.map((member) => (member as Json).type), ...rest };
}

function leanValue(key: string, value: unknown): unknown {
  // Property names are data, not keywords: `properties.description` is a field called description.
  if (key === "properties" || key === "$defs") {
    return Object.fromEntries(
      Object.entries(value as Record<string, Json>)
        .filter(([, child]) => !(key === "properties" && isObject(child) && child.unlisted === true))
        .map(([name, child]) => [name, leanJson(child)]),
    );
  }
  if (Array.isArray(value)) return value.map((item) => (isObject(item) ? leanJson(item) : item));
  if (isObject(value) && key !== "const" && key !== "default") return leanJson(value);
  return value;
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
