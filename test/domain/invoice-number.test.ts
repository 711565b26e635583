/** The next invoice number continues the account's own series, and is never one already taken. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type NumberedInvoice,
  nextInvoiceNumber,
  parseInvoiceNumber,
} from "../../src/domain/invoice-number.js";

/** Invoices in the order given, each a day after the previous, in `year` unless the row says. */
function series(numbers: readonly (string | [string, number])[], year = 2026): NumberedInvoice[] {
  return numbers.map((entry, i) => {
    const [invoiceNumber, ownYear] = typeof entry === "string" ? [entry, year] : entry;
    return { invoiceNumber, year: ownYear, invoiceDate: Date.UTC(ownYear, 0, 1) + i * 86_400_000 };
  });
}

describe("nextInvoiceNumber", () => {
  it.each<[label: string, existing: NumberedInvoice[], year: number, next: string]>([
    ["continues the series", series(["RE-2026-013", "RE-2026-014"]), 2026, "RE-2026-015"],
    ["keeps the zero padding", series(["2026-0007"]), 2026, "2026-0008"],
    ["outgrows the padding when it must", series(["RE-2026-999"]), 2026, "RE-2026-1000"],
    ["a bare counter", series(["INV-88"]), 2026, "INV-89"],
    ["keeps a suffix", series(["R-041/B"]), 2026, "R-042/B"],
    ["keeps a suffix after a year", series(["2026-17-HH"]), 2026, "2026-18-HH"],
    [
      "year rollover restarts the counter",
      series([
        ["RE-2025-111", 2025],
        ["RE-2025-112", 2025],
      ]),
      2026,
      "RE-2026-001",
    ],
    ["year rollover keeps a wider padding", series([["2025-0042", 2025]]), 2026, "2026-0001"],
    [
      "after rollover continues the new year's series",
      series([["RE-2025-112", 2025], "RE-2026-001", "RE-2026-002"]),
      2026,
      "RE-2026-003",
    ],
    ["a series without a year does not restart", series([["INV-88", 2025]]), 2026, "INV-89"],
    ["no invoices yet", [], 2026, "RE-2026-001"],
    ["no parseable numbers", series(["ABC", "Rechnung"]), 2027, "RE-2027-001"],
    [
      "the highest of the series, not the latest one's counter",
      series(["RE-2026-020", "RE-2026-014"]),
      2026,
      "RE-2026-021",
    ],
    [
      "follows the latest invoice's pattern when the account switched",
      series(["A-0099", "RE-2026-004"]),
      2026,
      "RE-2026-005",
    ],
  ])("%s", (_label, existing, year, next) => {
    expect(nextInvoiceNumber(existing, year)).toBe(next);
  });

  it("the default series skips a number already taken", () => {
    expect(nextInvoiceNumber(series(["RE-2026-001", "Gutschrift"]), 2026)).not.toBe("RE-2026-001");
  });

  it("never returns a number that is already taken (property)", () => {
    const invoiceNumber = fc.oneof(
      fc.integer({ min: 0, max: 120 }).map((n) => `RE-2026-${String(n).padStart(3, "0")}`),
      fc.integer({ min: 0, max: 120 }).map((n) => `RE-2026-${n}`),
      fc.integer({ min: 0, max: 30 }).map((n) => `RE-2025-${String(n).padStart(3, "0")}`),
      fc.integer({ min: 0, max: 30 }).map((n) => `2026-${String(n).padStart(4, "0")}`),
      fc.constantFrom("ABC", "RE-2026-", "X1Y", "007"),
    );
    const invoice = fc.record({
      invoiceNumber,
      year: fc.constantFrom(2025, 2026),
      invoiceDate: fc.integer({ min: 0, max: 1_000 }),
    });
    fc.assert(
      fc.property(fc.array(invoice, { maxLength: 40 }), fc.constantFrom(2025, 2026, 2027), (list, year) => {
        const next = nextInvoiceNumber(list, year);
        expect(list.map((i) => i.invoiceNumber)).not.toContain(next);
        expect(parseInvoiceNumber(next)).toBeDefined();
      }),
      { numRuns: 2_000 },
    );
  });
});

describe("parseInvoiceNumber", () => {
  it.each([
    ["RE-2026-014", { prefix: "RE-2026-", counter: 14, width: 3, suffix: "" }],
    ["2026-0007", { prefix: "2026-", counter: 7, width: 4, suffix: "" }],
    ["R-041/B", { prefix: "R-", counter: 41, width: 3, suffix: "/B" }],
    ["88", { prefix: "", counter: 88, width: 2, suffix: "" }],
  ])("%j", (text, parsed) => {
    expect(parseInvoiceNumber(text)).toEqual(parsed);
  });

  it("a number without digits is not part of any series", () => {
    expect(parseInvoiceNumber("Rechnung")).toBeUndefined();
  });
});
