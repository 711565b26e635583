import { describe, expect, it } from "vitest";
import type { Directory } from "../../src/api/directory.js";
import type { ApiClient } from "../../src/api/errors.js";
import {
  createPreviewedInvoice,
  type InvoiceArgs,
  invoiceRequest,
  type RequestContext,
} from "../../src/billing/invoice-request.js";
import { DateInputError } from "../../src/domain/dates/errors.js";
import { InputError } from "../../src/domain/input-error.js";

/** Reading arguments asks the service nothing: a context whose client and directory fail if touched. */
function contextAt(iso: string, defaultTaxRate = 19): RequestContext {
  const untouched = () => {
    throw new Error("the service was asked");
  };
  return {
    client: untouched as () => ApiClient,
    directory: new Proxy({}, { get: untouched }) as Directory,
    now: () => new Date(iso),
    timeZone: "Europe/Berlin",
    defaultTaxRate,
  };
}

// Sunday 22 November 2026, 10:15 in Berlin.
const SUNDAY = contextAt("2026-11-22T10:15:00+01:00");

const args = (more: Partial<InvoiceArgs>): InvoiceArgs => ({
  fromTime: false,
  supplement: false,
  allowOverlap: false,
  dryRun: false,
  ...more,
});

describe("invoiceRequest: the period and the invoice day read in the person's zone", () => {
  it("reads a period phrase into its days, dates the invoice today and carries the usual VAT rate", async () => {
    const request = await invoiceRequest(
      args({ customer: "mueller", netAmount: 100, period: "last month" }),
      contextAt("2026-11-22T10:15:00+01:00", 0),
    );
    expect(request.period).toEqual({ start: "2026-10-01", end: "2026-10-31", assumptions: [] });
    expect(request.invoiceDay).toBe("2026-11-22");
    expect([request.taxRate, request.defaultTaxRate]).toEqual([undefined, 0]);
  });

  it("dates the invoice by Berlin's day, not UTC's, just after midnight", async () => {
    // 23:30 UTC on the 22nd is 00:30 on the 23rd in Berlin.
    const request = await invoiceRequest(
      args({ customer: "mueller", netAmount: 100, period: "Oktober 2026" }),
      contextAt("2026-11-22T23:30:00Z"),
    );
    expect(request.invoiceDay).toBe("2026-11-23");
  });

  it("reads the older periodStart and periodEnd, a phrase standing for its first or last day", async () => {
    const request = await invoiceRequest(
      args({ customer: "mueller", netAmount: 1, periodStart: "September 2026", periodEnd: "last month" }),
      SUNDAY,
    );
    expect([request.period.start, request.period.end]).toEqual(["2026-09-01", "2026-10-31"]);
  });

  it("refuses an end before the start, both forms at once, and no period at all", async () => {
    const reading = (more: Partial<InvoiceArgs>) =>
      invoiceRequest(args({ customer: "mueller", netAmount: 1, ...more }), SUNDAY);
    await expect(reading({ periodStart: "2026-10-05", periodEnd: "2026-10-01" })).rejects.toThrow(
      DateInputError,
    );
    await expect(reading({ period: "Oktober 2026", periodEnd: "2026-10-31" })).rejects.toThrow(
      "Give either period or periodStart and periodEnd, not both.",
    );
    await expect(reading({})).rejects.toThrow(/^The service period is required/);
  });

  it("cleans the notes as written and passes the rest through", async () => {
    const request = await invoiceRequest(
      args({
        customer: "mueller",
        netAmount: 1520.5,
        period: "Oktober 2026",
        notes: "  Leistungen\tOktober \r\nzweite Zeile  ",
        invoiceNumber: "RE-9",
        invoiceDate: "2026-11-20",
        dryRun: true,
      }),
      SUNDAY,
    );
    expect(request).toMatchObject({
      customer: "mueller",
      netAmount: 1520.5,
      notes: "Leistungen Oktober\nzweite Zeile",
      invoiceNumber: "RE-9",
      invoiceDay: "2026-11-20",
      dryRun: true,
    });
  });
});

describe("invoiceRequest: what belongs together", () => {
  const refused: [string, Partial<InvoiceArgs>, RegExp][] = [
    ["no customer", { netAmount: 1 }, /^Give customer \(id or name\), or customers/],
    [
      "an amount and the time",
      { customer: "m", netAmount: 1, fromTime: true },
      /^Give either netAmount or fromTime/,
    ],
    ["neither amount nor time", { customer: "m" }, /^netAmount is required/],
    [
      "a supplement of an amount",
      { customer: "m", netAmount: 1, supplement: true },
      /^supplement: true needs fromTime/,
    ],
    [
      "customer and customers",
      { customer: "m", customers: "all", fromTime: true },
      /^Give either customer or customers/,
    ],
    [
      "customers with an amount",
      { customers: "all", netAmount: 1 },
      /^customers needs fromTime: true and no netAmount/,
    ],
    [
      "customers with a number",
      { customers: "all", fromTime: true, invoiceNumber: "A" },
      /^With customers, leave out invoiceNumber/,
    ],
    [
      "51 customers",
      { customers: Array.from({ length: 51 }, (_, i) => `c${i}`), fromTime: true },
      /^One call drafts for at most 50 customers/,
    ],
    [
      "like and customers",
      { like: "RE-1", customers: "all", fromTime: true },
      /^Give either like or customers/,
    ],
    ["like from time", { like: "RE-1", fromTime: true }, /^like repeats a fixed amount/],
    [
      "like with an amount",
      { like: "RE-1", netAmount: 5 },
      /^like repeats RE-1's net amount and activity type/,
    ],
  ];
  it.each(refused)("refuses %s before reading the period", async (_, more, message) => {
    // No period given: a refusal of the combination comes first, with its own sentence.
    const error = await invoiceRequest(args(more), SUNDAY).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toMatch(message);
  });

  it("takes 50 customers, and like alone, with no customer", async () => {
    const many = await invoiceRequest(
      args({
        customers: Array.from({ length: 50 }, (_, i) => `c${i}`),
        fromTime: true,
        period: "Oktober 2026",
      }),
      SUNDAY,
    );
    expect(many.customers).toHaveLength(50);
    const like = await invoiceRequest(args({ like: "RE-1", period: "November 2026" }), SUNDAY);
    expect([like.like, like.customer, like.netAmount]).toEqual(["RE-1", undefined, undefined]);
  });
});

describe("createPreviewedInvoice: a preview whose figures do not add up", () => {
  const previewed = args({ customer: "cus_n", netAmount: 100, taxRate: 19, period: "Oktober 2026" });

  it("is refused before the service is asked, naming the figures", async () => {
    await expect(
      createPreviewedInvoice(previewed, { netAmount: 100, taxRate: 19, grossAmount: 120 }, SUNDAY),
    ).rejects.toThrow(
      "The previewed gross 120 does not follow from net 100 at 19 %: preview the invoice again.",
    );
  });

  it("passes the check to the cent (19 % of 100.01 is 19.0019, half-up 19.00) and goes on to the service", async () => {
    await expect(
      createPreviewedInvoice(previewed, { netAmount: 100.01, taxRate: 19, grossAmount: 119.01 }, SUNDAY),
    ).rejects.toThrow("the service was asked");
  });
});
