import { describe, expect, it } from "vitest";
import type { Invoice } from "../../src/api/schemas.js";
import { findInvoice } from "../../src/billing/payment-notes.js";
import { InputError } from "../../src/domain/input-error.js";
import { MAX_PAID_BEFORE, NO_NOTES, withNotes } from "../../src/webhooks/payment-notes.js";

const invoice = (id: string, number: string): Invoice => ({
  _id: id,
  invoiceNumber: number,
  customerId: "cus_m",
  invoiceDate: Date.parse("2026-03-01T12:00:00Z"),
  netAmount: 100,
  status: "paid",
});
const invoices = [invoice("inv_1", "RE-2026-001"), invoice("inv_2", "RE-2026-002")];

describe("findInvoice: the invoice a person names", () => {
  it("finds it by id or by number, whatever the case and spaces", () => {
    expect(findInvoice(invoices, " inv_2 ")._id).toBe("inv_2");
    expect(findInvoice(invoices, "re-2026-001 ")._id).toBe("inv_1");
  });

  it("refuses a name it does not know, saying where the numbers are", () => {
    expect(() => findInvoice(invoices, "RE-1999-9")).toThrow(InputError);
    expect(() => findInvoice(invoices, "RE-1999-9")).toThrow(
      /no invoice has the number or id "RE-1999-9"\. list_invoices/,
    );
  });
});

describe("withNotes: the notes with what the person said added", () => {
  const day = { id: "inv_1", invoiceNumber: "RE-2026-001", paidOn: "2026-03-10" };

  it("keeps a day per invoice (the newest word wins) and a statement once", () => {
    const once = withNotes(NO_NOTES, [day], { datedBefore: "2026-07-01" }, "t1");
    const twice = withNotes(once, [{ ...day, paidOn: "2026-03-12" }], { datedBefore: "2026-07-01" }, "t2");
    expect(twice.paidOn).toEqual({
      inv_1: { day: "2026-03-12", invoiceNumber: "RE-2026-001", notedAt: "t2" },
    });
    expect(twice.paidBefore).toEqual([
      { datedBefore: "2026-07-01", paidBefore: "2026-07-01", notedAt: "t1" },
    ]);
    expect(NO_NOTES).toEqual({ paidOn: {}, paidBefore: [] });
  });

  it("refuses to grow past its bounds, and then notes nothing", () => {
    const full = {
      paidOn: {},
      paidBefore: Array.from({ length: MAX_PAID_BEFORE }, (_, i) => ({
        datedBefore: `2026-01-${String((i % 28) + 1).padStart(2, "0")}`,
        paidBefore: `2025-${String((i % 12) + 1).padStart(2, "0")}-01`,
        notedAt: "t0",
      })),
    };
    expect(() => withNotes(full, [], { datedBefore: "2026-09-01" }, "t1")).toThrow(
      /Nothing was noted: the server keeps at most/,
    );
  });
});
