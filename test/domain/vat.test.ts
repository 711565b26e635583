/**
 * The VAT figures where a service answers what the sandbox never does: states beyond draft/sent/
 * paid, an invoice without a rate, payments the inbox tells twice or differently. The everyday
 * figures are checked end to end in test/tools/vat-report.test.ts.
 */
import { describe, expect, it } from "vitest";
import { type VatInput, type VatInvoice, vatFigures } from "../../src/domain/vat.js";
import type { InboxEvent } from "../../src/webhooks/inbox.js";
import { inboxSince, paymentsByInvoice } from "../../src/webhooks/payments.js";

const at = (iso: string) => Date.parse(iso);
const OCTOBER = { start: "2026-10-01", end: "2026-10-31" };

function invoice(id: string, fields: Partial<VatInvoice> = {}): VatInvoice {
  return {
    _id: id,
    invoiceNumber: `RE-${id}`,
    customerId: "cus_a",
    invoiceDate: at("2026-10-10T10:00:00+02:00"),
    status: "sent",
    netAmount: 100,
    taxRate: 19,
    taxAmount: 19,
    grossAmount: 119,
    ...fields,
  };
}

const input = (invoices: VatInvoice[], more: Partial<VatInput> = {}): VatInput => ({
  period: OCTOBER,
  timeZone: "Europe/Berlin",
  basis: "soll",
  invoices,
  payments: new Map(),
  inboxSince: null,
  ...more,
});

describe("vatFigures", () => {
  it("names a state it does not know and counts it nowhere", () => {
    const figures = vatFigures(input([invoice("1"), invoice("2", { status: "cancelled" })]));
    expect(figures.otherStates.map((i) => i._id)).toEqual(["2"]);
    expect(figures.totalTax).toBe(1900);
  });

  it("leaves out and names an invoice of the period with no rate, no tax, a rate finer than cents or outside 0–100 %, or tax no rounding explains", () => {
    for (const [fields, reason] of [
      [{ taxRate: null }, "no tax rate listed"],
      [{ taxAmount: undefined }, "no tax amount listed"],
      [{ taxRate: 19.001 }, "its tax rate 19.001 is not a percentage with at most two decimals"],
      [{ taxRate: 1e300, taxAmount: 1e9 }, "its tax rate is above 100 %"],
      [{ taxRate: 100.01 }, "its tax rate is above 100 %"],
      [{ taxRate: -19 }, "its tax rate is negative"],
      [{ taxAmount: 20.01 }, "its tax 20.01 EUR is far from net × rate (19.00 EUR)"],
      [{ taxAmount: 0 }, "its tax 0.00 EUR is far from net × rate (19.00 EUR)"],
    ] as const) {
      const figures = vatFigures(input([invoice("1"), invoice("2", fields)]));
      expect(figures.complete, reason).toBe(false);
      expect(figures.rates.flatMap((r) => r.invoices.map((c) => c.invoice._id))).toEqual(["1"]);
      expect(figures.totalTax).toBe(1900);
      expect(figures.unsure).toEqual([{ invoice: expect.objectContaining({ _id: "2" }), reason }]);
    }
  });

  it("counts tax a rounding away from net × rate as stated, and names it", () => {
    const figures = vatFigures(
      input([
        invoice("1"),
        invoice("2", { taxAmount: 19.99 }),
        invoice("3", { taxRate: 100, taxAmount: 100 }),
      ]),
    );
    expect(figures.totalTax).toBe(1900 + 1999 + 10_000);
    expect(figures.mismatches.map((m) => [m.invoice.invoice._id, m.expected])).toEqual([["2", 1900]]);
  });

  it("Ist: a payment that is unclear, short, or disputed by the service's status is left out and named", () => {
    const paid = (id: string, fields: Partial<VatInvoice> = {}) => invoice(id, { status: "paid", ...fields });
    const october = at("2026-10-20T10:00:00+02:00");
    const figures = vatFigures(
      input([paid("1"), paid("2"), paid("3"), invoice("4"), paid("5")], {
        basis: "ist",
        inboxSince: at("2026-01-01T00:00:00Z"),
        payments: new Map([
          ["1", { kind: "paid", paidAt: october, paidAmount: 119 }],
          ["2", { kind: "unclear", paidAt: [october, at("2026-11-02T10:00:00+01:00")] }],
          ["3", { kind: "paid", paidAt: october, paidAmount: 100.5 }],
          ["4", { kind: "paid", paidAt: october, paidAmount: 119 }],
          ["5", { kind: "paid", paidAt: at("2026-11-03T10:00:00+01:00"), paidAmount: 119 }],
        ]),
      }),
    );
    expect(figures.complete).toBe(false);
    expect(figures.totalTax).toBe(1900);
    expect(figures.unsure.map((u) => [u.invoice._id, u.reason])).toEqual([
      ["2", "the inbox holds several payments (2026-10-20, 2026-11-02)"],
      ["3", "paid 100.50 EUR on 2026-10-20, not its gross 119.00 EUR"],
      ["4", "the inbox says paid on 2026-10-20, the service lists it as sent"],
    ]);
  });
});

describe("vatFigures with the person's word (Ist)", () => {
  const paid = (id: string, iso: string) => invoice(id, { status: "paid", invoiceDate: at(iso) });
  const Q3 = { start: "2026-07-01", end: "2026-09-30" };
  const ist = (word: VatInput["word"]) =>
    vatFigures(
      input(
        [
          paid("june", "2026-06-20T10:00:00+02:00"),
          paid("july", "2026-07-05T10:00:00+02:00"),
          paid("aug", "2026-08-05T10:00:00+02:00"),
        ],
        // The inbox listened only since November: it can vouch for nothing in Q3.
        { basis: "ist", period: Q3, inboxSince: at("2026-11-01T00:00:00Z"), word },
      ),
    );
  const left = (figures: ReturnType<typeof vatFigures>) => figures.unsure.map((u) => u.invoice._id).sort();
  const counted = (figures: ReturnType<typeof vatFigures>) =>
    figures.rates.flatMap((r) => r.invoices.map((c) => [c.invoice._id, c.day, c.byWord === true]));

  it("without it, every paid invoice dated up to the period's end is left out", () => {
    expect(left(ist(undefined))).toEqual(["aug", "july", "june"]);
  });

  it("a day given places the invoice in the period or outside it", () => {
    const figures = ist({
      paidOn: new Map([
        ["july", "2026-09-30"],
        ["aug", "2026-10-01"],
      ]),
      paidBefore: [],
    });
    expect(counted(figures)).toEqual([["july", "2026-09-30", true]]);
    expect(left(figures)).toEqual(["june"]);
  });

  it("'dated before X was paid before P' settles only when P is not after the period's start", () => {
    expect(
      left(ist({ paidOn: new Map(), paidBefore: [{ datedBefore: "2026-07-01", paidBefore: "2026-07-01" }] })),
    ).toEqual(["aug", "july"]);
    // Paid before 15 July may still be in Q3.
    expect(
      left(ist({ paidOn: new Map(), paidBefore: [{ datedBefore: "2026-07-01", paidBefore: "2026-07-15" }] })),
    ).toEqual(["aug", "july", "june"]);
  });

  it("the inbox's own date wins over the person's", () => {
    const figures = vatFigures({
      ...input([invoice("x", { status: "paid" })], { basis: "ist", inboxSince: at("2026-01-01T00:00:00Z") }),
      payments: new Map([["x", { kind: "paid", paidAt: at("2026-10-20T10:00:00+02:00"), paidAmount: 119 }]]),
      word: { paidOn: new Map([["x", "2026-11-05"]]), paidBefore: [] },
    });
    expect(counted(figures)).toEqual([["x", "2026-10-20", false]]);
  });
});

describe("paymentsByInvoice", () => {
  const paidEvent = (data: Record<string, unknown>, receivedAt = "2026-10-21T08:00:00.000Z"): InboxEvent => ({
    id: "0".repeat(64),
    receivedAt,
    event: "invoice.paid",
    timestamp: "2026-10-21T08:00:00.000Z",
    data,
  });

  it("takes paidAt (ms or ISO), merges repeats, marks disagreement, and ignores events without a date", () => {
    const facts = paymentsByInvoice([
      paidEvent({ invoiceId: "a", paidAt: at("2026-10-20T10:00:00Z"), paidAmount: 119 }),
      paidEvent({ invoiceId: "a", paidAt: "2026-10-20T10:00:00.000Z", paidAmount: 119 }),
      paidEvent({ invoiceId: "b", paidAt: at("2026-10-20T10:00:00Z") }),
      paidEvent({ invoiceId: "b", paidAt: at("2026-10-22T10:00:00Z") }),
      paidEvent({ invoiceId: "c", paidAmount: 50 }),
      { ...paidEvent({ invoiceId: "d", paidAt: 1 }), event: "invoice.sent" },
    ]);
    expect([...facts.keys()]).toEqual(["a", "b"]);
    expect(facts.get("a")).toEqual({ kind: "paid", paidAt: at("2026-10-20T10:00:00Z"), paidAmount: 119 });
    expect(facts.get("b")).toEqual({
      kind: "unclear",
      paidAt: [at("2026-10-20T10:00:00Z"), at("2026-10-22T10:00:00Z")],
    });
  });

  it("the inbox listens since its oldest stored event", () => {
    expect(inboxSince([])).toBeNull();
    expect(
      inboxSince([
        paidEvent({}, "2026-10-21T08:00:00.000Z"),
        paidEvent({}, "2026-03-01T08:00:00.000Z"),
        paidEvent({}, "2026-05-01T08:00:00.000Z"),
      ]),
    ).toBe(at("2026-03-01T08:00:00.000Z"));
  });
});
