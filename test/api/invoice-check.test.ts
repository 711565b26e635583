/**
 * The invoice check written out by hand (src/api/invoice-check.ts) against invoiceSchema, the zod
 * schema it stands in for: on random and edge inputs, whatever the hand check gives, zod gives too
 * (the same values, keys and key order), and whatever zod accepts the hand check accepts as well,
 * except a key present with the value undefined (which JSON cannot carry; zod decides those).
 * And the sandbox's demo invoices, read through the client, are what zod makes of the raw answer.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { quickInvoice } from "../../src/api/invoice-check.js";
import { listInvoices } from "../../src/api/invoices.js";
import { itemsOf } from "../../src/api/list.js";
import { invoiceSchema, LATEST_INSTANT_MS } from "../../src/api/schemas.js";
import { MAX_AMOUNT_EUR } from "../../src/domain/money.js";
import { clientFor, useSandbox } from "../helpers/sandbox.js";

const numbers = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.double({ min: -2 * MAX_AMOUNT_EUR, max: 2 * MAX_AMOUNT_EUR }),
  fc.constantFrom(
    0,
    -0,
    0.005,
    1.005,
    -1.005,
    0.1 + 0.2,
    MAX_AMOUNT_EUR,
    -MAX_AMOUNT_EUR,
    MAX_AMOUNT_EUR + 0.01,
    LATEST_INSTANT_MS,
    LATEST_INSTANT_MS + 1,
    -1,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
  ),
);
const characters = [
  ..."aZ09-_.:~ /&äÄ€–👍<>#",
  " ",
  "\u00a0",
  "\t",
  "\n",
  "\u200b",
  "\u202e",
  "\u0000",
  "\u2028",
];
const texts = fc.oneof(
  fc.string(),
  fc.array(fc.constantFrom(...characters), { maxLength: 30 }).map((parts) => parts.join("")),
  fc.constantFrom(
    "",
    "x".repeat(41),
    "y".repeat(101),
    "z".repeat(2001),
    "inv_8h0g2bn9vdn8vl",
    "a".repeat(201),
  ),
);
const anything = fc.oneof(
  numbers,
  texts,
  fc.constantFrom(null, undefined, true, false, [], {}, ["x"], { a: 1 }),
);
/** Each field: absent, or a value of any kind, leaning to the kind the schema wants. */
const field = (likely: fc.Arbitrary<unknown>) =>
  fc.option(fc.oneof({ weight: 4, arbitrary: likely }, { weight: 1, arbitrary: anything }), {
    nil: ABSENT,
    freq: 6,
  });
const ABSENT = Symbol("absent");
const keys = {
  _id: field(texts),
  invoiceNumber: field(texts),
  customerId: field(texts),
  invoiceDate: field(numbers),
  netAmount: field(numbers),
  status: field(texts),
  activityType: field(fc.oneof(texts, fc.constant(null))),
  taxRate: field(fc.oneof(numbers, fc.constant(null))),
  taxAmount: field(fc.oneof(numbers, fc.constant(null))),
  grossAmount: field(fc.oneof(numbers, fc.constant(null))),
  createdAt: field(fc.oneof(numbers, fc.constant(null))),
  periodStart: field(fc.oneof(numbers, fc.constant(null))),
  periodEnd: field(fc.oneof(numbers, fc.constant(null))),
  notes: field(fc.oneof(texts, fc.constant(null))),
  extra: field(anything),
};
const ids = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_.:~-]{0,30}$/),
  fc.constantFrom("inv_8h0g2bn9vdn8vl", `a${"b".repeat(199)}`),
);
const instants = fc.oneof(
  fc.integer({ min: 0, max: LATEST_INSTANT_MS }),
  fc.constantFrom(0, LATEST_INSTANT_MS),
);
const amounts = fc.oneof(
  fc.double({ min: -MAX_AMOUNT_EUR, max: MAX_AMOUNT_EUR, noNaN: true }),
  fc.constantFrom(0, -0, 0.005, 1.005, -2.675, 0.1 + 0.2, MAX_AMOUNT_EUR, -MAX_AMOUNT_EUR),
);
/** A nullish field's value: null, absent, or one the schema wants. */
const nullish = (value: fc.Arbitrary<unknown>) =>
  fc.option(fc.option(value, { nil: null, freq: 4 }), { nil: ABSENT, freq: 4 });
/** Values zod accepts, each field as the schema wants it. */
const plausible = fc.record({
  _id: ids,
  invoiceNumber: texts,
  customerId: ids,
  invoiceDate: instants,
  netAmount: amounts,
  status: texts,
  activityType: nullish(texts),
  taxRate: nullish(fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(19))),
  taxAmount: nullish(amounts),
  grossAmount: nullish(amounts),
  createdAt: nullish(instants),
  periodStart: nullish(instants),
  periodEnd: nullish(instants),
  notes: nullish(texts),
  extra: nullish(anything),
});
const present = (record: Record<string, unknown>) => {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) if (value !== ABSENT) out[key] = value;
  return out;
};
/** A plausible invoice with up to three of its fields replaced by anything (or taken away). */
const changes = fc
  .shuffledSubarray(Object.keys(keys) as (keyof typeof keys)[], { maxLength: 3 })
  .chain((names) => fc.record(Object.fromEntries(names.map((name) => [name, keys[name]]))));
const invoices = fc.tuple(plausible, changes).map(([base, changed]) => present({ ...base, ...changed }));
const whole = plausible.map(present);

function compare(value: unknown): "quick" | "zod" {
  const quick = quickInvoice(value);
  const zod = invoiceSchema.safeParse(value);
  const presentUndefined =
    typeof value === "object" &&
    value !== null &&
    Object.entries(value).some(([, item]) => item === undefined);
  if (quick !== undefined) {
    expect(zod.success).toBe(true);
    expect(quick).toStrictEqual(zod.data);
    expect(Object.keys(quick)).toEqual(Object.keys(zod.data!));
    return "quick";
  }
  if (zod.success && !presentUndefined)
    expect.fail(`zod accepts what the hand check left to it: ${String(value)}`);
  return "zod";
}

describe("quickInvoice: invoiceSchema's check by hand", () => {
  it("gives what zod gives, and accepts what zod accepts, on random invoices", () => {
    const seen = { quick: 0, zod: 0 };
    fc.assert(
      fc.property(invoices, (value) => {
        seen[compare(value)]++;
      }),
      { numRuns: 20_000 },
    );
    // Neither side empty: both paths were compared.
    expect(seen.quick).toBeGreaterThan(100);
    expect(seen.zod).toBeGreaterThan(100);
  });

  it("accepts every plausible invoice, and gives what zod gives", () => {
    let quick = 0;
    fc.assert(
      fc.property(whole, (value) => {
        if (compare(value) === "quick") quick++;
      }),
      { numRuns: 5_000 },
    );
    expect(quick).toBe(5_000);
  });

  it("leaves to zod what is no invoice at all", () => {
    for (const value of [null, undefined, 1, "inv", [], [{}], new Date(0)]) {
      expect(quickInvoice(value)).toBeUndefined();
    }
  });
});

describe("the invoice list through the client", () => {
  const sandbox = useSandbox();

  it("is what zod makes of the raw answer", async () => {
    const raw = await fetch(`${sandbox().url}/api/v1/invoices`, {
      headers: { authorization: `Bearer ${sandbox().keys.demo}` },
    });
    const { data } = (await raw.json()) as { data: unknown[] };
    expect(data.length).toBeGreaterThan(50);
    // Read by hand, every one of them: the list below is the hand check's, compared with zod's.
    expect(data.every((item) => quickInvoice(item) !== undefined)).toBe(true);
    const read = itemsOf(await listInvoices(clientFor(sandbox())));
    expect(read).toStrictEqual(invoiceSchema.array().parse(data));
  });
});
