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

  it("gives no figure while an invoice of the period has no rate, no tax, a rate finer than cents or outside 0–100 %, or tax no rounding explains", () => {
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
      expect(figures.rates, reason).toBeNull();
      expect(figures.totalTax).toBeNull();
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

  it("Ist: a payment that is unclear, short, or disputed by the service's status leaves the figures open", () => {
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
    expect(figures.rates).toBeNull();
    expect(figures.unsure.map((u) => [u.invoice._id, u.reason])).toEqual([
      ["2", "the inbox holds several payments (2026-10-20, 2026-11-02)"],
      ["3", "paid 100.50 EUR on 2026-10-20, not its gross 119.00 EUR"],
      ["4", "the inbox says paid on 2026-10-20, the service lists it as sent"],
    ]);
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
