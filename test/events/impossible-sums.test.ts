/**
 * A sum of payments is shown only when it can be vouched for: every payment's amount known and
 * plausible (at most MAX_AMOUNT_EUR, like amounts from the API), and the sum itself within that
 * bound. Two payments of 1e308 EUR used to read "Payments received: 0.00 EUR" (both amounts left
 * out, the sum made of nothing). Any mix of payments: the sum is exact, or there is none.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_AMOUNT_EUR } from "../../src/domain/money.js";
import { connect } from "../helpers/mcp.js";

const SEED = 20261125;
const NOW = Date.parse("2026-11-22T12:00:00Z");
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** A payment as the webhook sent it: its amount as JSON text (so 1e999 stays what it was), or none. */
interface Payment {
  amount: string | undefined;
  /** Where the amount is: the paid amount, or only a gross amount. */
  field: "paidAmount" | "grossAmount";
  /** A plausible gross amount beside an absurd paid one must not stand in for it. */
  grossBeside: boolean;
}

const plausibleCents = fc.integer({ min: 1, max: 100_000_000 }); // up to 1,000,000.00 EUR
const absurdText = fc.oneof(
  fc.constantFrom("1e308", "-1e308", "1e999", "-1e999", "1.7976931348623157e308", "1e16", "1000000000.01"),
  fc.double({ min: MAX_AMOUNT_EUR + 1, max: 1e308, noNaN: true }).map(String),
);
const payment = fc.record({
  amount: fc.oneof(
    { weight: 4, arbitrary: plausibleCents.map((cents) => (cents / 100).toFixed(2)) },
    { weight: 1, arbitrary: absurdText },
    { weight: 1, arbitrary: fc.constant(undefined) },
  ),
  field: fc.constantFrom("paidAmount" as const, "grossAmount" as const),
  grossBeside: fc.boolean(),
});

let n = 0;
function line(p: Payment): string {
  n++;
  const id = n.toString(16).padStart(64, "0");
  const fields = [`"invoiceId":"inv_${n}"`];
  if (p.amount !== undefined) fields.push(`"${p.field}":${p.amount}`);
  if (p.grossBeside && p.field === "paidAmount") fields.push(`"grossAmount":12.5`);
  const at = "2026-11-20T10:00:00.000Z";
  return `{"v":1,"id":"${id}","receivedAt":"${at}","event":"invoice.paid","timestamp":"${at}","data":{${fields.join(",")}}}\n`;
}

/** The sum in cents when every amount is known and plausible and so is the sum; else undefined. */
function vouched(payments: Payment[]): number | undefined {
  let cents = 0;
  for (const p of payments) {
    // With no paid amount at all, the gross amount beside it is the amount the event is about.
    const amount = p.amount ?? (p.field === "paidAmount" && p.grossBeside ? "12.5" : undefined);
    if (amount === undefined) return undefined;
    const value = Number(amount);
    if (!Number.isFinite(value) || Math.abs(value) > MAX_AMOUNT_EUR) return undefined;
    cents += Math.round(value * 100);
  }
  return Math.abs(cents) <= MAX_AMOUNT_EUR * 100 ? cents : undefined;
}

describe("recent_events sums only what it can vouch for", () => {
  it("two payments of 1e308 EUR: no sum, and the answer says why", async () => {
    const answer = await recentEvents([
      { amount: "1e308", field: "paidAmount", grossBeside: false },
      { amount: "1e308", field: "paidAmount", grossBeside: false },
    ]);
    expect(answer.isError, answer.text).toBe(false);
    expect(answer.data.totals.paidAmount).toBeNull();
    expect(answer.text).not.toMatch(/Payments received: -?\d/);
    expect(answer.text).toMatch(/no sum/i);
  });

  it("any mix of payments: the exact sum, or none at all", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(payment, { minLength: 1, maxLength: 6 }), async (payments) => {
        const answer = await recentEvents(payments);
        expect(answer.isError, answer.text).toBe(false);
        const expected = vouched(payments);
        if (expected === undefined) {
          expect(answer.data.totals.paidAmount).toBeNull();
          expect(answer.text).not.toMatch(/Payments received: -?\d/);
        } else {
          expect(Math.round(answer.data.totals.paidAmount * 100)).toBe(expected);
          expect(answer.text).toContain("Payments received: ");
        }
      }),
      { seed: SEED, numRuns: 40 },
    );
  }, 120_000);
});

async function recentEvents(payments: Payment[]) {
  const dir = await mkdtemp(join(tmpdir(), "invoicing-sums-"));
  dirs.push(dir);
  const path = join(dir, "inbox.jsonl");
  await writeFile(path, payments.map(line).join(""));
  const mcp = await connect(undefined, { env: { INVOICING_INBOX: path }, now: NOW });
  try {
    return await mcp.call("recent_events", {});
  } finally {
    await mcp.close();
  }
}
