/**
 * Tool arguments for property tests, generated from the JSON Schema a client sees in tools/list:
 * values shaped like the schema (some valid, some just outside its bounds), hostile strings, edge
 * numbers, wrong types, missing required fields and extra fields. Whether a generated call is valid
 * is decided by the tool's own zod schema, not here.
 */
import fc from "fast-check";

export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

/** What a confused model or a hostile document could put where an id, name or date goes. */
export const HOSTILE_STRINGS = [
  "../../etc/passwd",
  "..",
  ".",
  "%2e%2e%2f",
  "%2E%2E",
  "..%2f..%2fadmin",
  "%252e%252e%252f",
  "cus_1/../x",
  "cus_1/..",
  "/api/v2/customers",
  "..\\..\\windows",
  "cus_1?limit=1",
  "cus_1#summary",
  "?",
  "#",
  "&status=paid",
  "a b",
  "  mueller  ",
  "   ",
  "",
  "\u0000",
  "bell\u0007",
  "line\nbreak",
  "\r\nX-Injected: 1",
  "\u202Eevil\u202C",
  "\u2066isolated\u2069",
  "zero\u200Bwidth",
  "\uFEFFbom",
  "\uD800",
  "😀",
  "👩‍👩‍👧‍👦 Familie",
  "Ünïcödé Straße",
  "%00",
  "__proto__",
  "constructor",
  "null",
  "NaN",
  "-Infinity",
  "1e308",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "$" + "{jndi:ldap://x}",
  "{{7*7}}",
  "x".repeat(10_000),
  "é".repeat(5_000),
  "../".repeat(3_000),
];

/** Values a model would plausibly send, so that valid calls reach the handlers and the API. */
const PLAUSIBLE_STRINGS = [
  "mueller",
  "Müller & Söhne GmbH",
  "Website Relaunch",
  "website",
  "kanzlei",
  "2026-11-01",
  "2026-11-18T09:00",
  "yesterday 9:00",
  "gestern 14 Uhr",
  "last month",
  "letzten Monat",
  "Q1 2026",
  "March 2026",
  "this week",
  "1h 30m",
  "90 min",
  "2.5h",
  "RE-2099-001",
  "2025",
];

/** Numbers at the edges of what JSON carries (NaN and ±Infinity cannot be sent: they become null). */
export const EDGE_NUMBERS = [
  0,
  -0,
  1,
  -1,
  0.5,
  0.1 + 0.2,
  0.005,
  1e-9,
  5e-324,
  19,
  99.999,
  100,
  100.01,
  2025,
  1e6,
  10_000_001,
  2 ** 31,
  2 ** 53 - 1,
  2 ** 53 + 2,
  1e308,
  -1e308,
  Number.MAX_VALUE,
];

const WRONG_TYPES: unknown[] = [null, true, false, [], ["mueller"], {}, { $ne: null }, 0, "", "1", 1e308];

/** A value the schema allows: plausible, random or hostile, always within its bounds. */
function inBounds(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(inBounds));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case "string": {
      const minLength = schema.minLength ?? 0;
      const maxLength = schema.maxLength ?? 200;
      const fits = (s: string) => s.length >= minLength && s.length <= maxLength;
      return fc.oneof(
        fc.constantFrom(...PLAUSIBLE_STRINGS.filter(fits)),
        fc.constantFrom(...HOSTILE_STRINGS.filter(fits)),
        fc.string({ minLength, maxLength: Math.min(maxLength, 40), unit: "grapheme" }),
        fc.string({ minLength, maxLength: Math.min(maxLength, 20), unit: "binary" }),
      );
    }
    case "integer":
    case "number": {
      const min = Math.max(schema.minimum ?? schema.exclusiveMinimum ?? -1e6, -1e6);
      const max = Math.min(schema.maximum ?? 1e6, 1e6);
      return schema.type === "integer"
        ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
        : fc.oneof(
            fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
            fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
          );
    }
    case "boolean":
      return fc.boolean();
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** At and just past the schema's bounds: the bound itself, one more, one less, one character too many. */
function atTheEdges(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(atTheEdges));
  if (schema.type === "string") {
    const lengths = [schema.minLength ?? 0, schema.maxLength ?? 200];
    return fc.constantFrom(
      ...lengths.flatMap((n) => ["z".repeat(n), "z".repeat(n + 1), "z".repeat(Math.max(0, n - 1))]),
    );
  }
  const bounds = [schema.minimum, schema.maximum, schema.exclusiveMinimum].filter(
    (b): b is number => b !== undefined && Math.abs(b) < 1e15,
  );
  return fc.constantFrom(...bounds.flatMap((b) => [b, b - 1, b + 1, b + 0.001, b - 0.001]), 0, -0.5);
}

/** Anything at all where this property goes. */
function anything(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: inBounds(schema) },
    { weight: 1, arbitrary: atTheEdges(schema) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 1, arbitrary: fc.constantFrom(...EDGE_NUMBERS) },
    { weight: 1, arbitrary: fc.constantFrom(...WRONG_TYPES) },
  );
}

/** Fields the schema does not know, some with names that mean something elsewhere. */
function extraFields(known: string[]): fc.Arbitrary<Record<string, unknown>> {
  const key = fc
    .oneof(fc.constantFrom("__proto__", "constructor", "id", "customerId", "apiKey", "_meta"), fc.string())
    .filter((k) => !known.includes(k));
  return fc.dictionary(key, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
}

/** Arguments for a tool with this input schema: half within the schema's bounds, half anything. */
export function argsFor(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const known = Object.keys(properties);
  const required = schema.required ?? [];
  const of = (value: (s: JsonSchema) => fc.Arbitrary<unknown>) =>
    Object.fromEntries(known.map((k) => [k, value(properties[k]!)]));
  const wellFormed = fc.record(of(inBounds), { requiredKeys: required });
  const hostile = fc
    .tuple(fc.record(of(anything), { requiredKeys: [] }), fc.option(extraFields(known), { nil: {} }))
    .map(([args, extra]) => ({ ...extra, ...args }));
  return fc.oneof(wellFormed, hostile);
}
