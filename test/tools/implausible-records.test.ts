/**
 * Records no real account holds, as a hostile or broken service might answer them: a tax rate of
 * 1e300 %, tax no rounding explains, a date past what a Date can hold. The VAT figures become
 * unknown and say why; an instant outside 1970–9999 is an invalid answer. Never "NaN", never a
 * number in exponent notation, never an invoice silently left out of a sum.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startPeer } from "../helpers/peer.js";

const NOW = Date.parse("2026-11-22T10:00:00+01:00");
const OCTOBER = Date.parse("2026-10-12T10:00:00+02:00");
const customer = { _id: "c1", name: "Müller", hourlyRate: 90 };
const invoice = (id: string, fields: Record<string, unknown> = {}) => ({
  _id: id,
  invoiceNumber: `RE-${id}`,
  customerId: "c1",
  invoiceDate: OCTOBER,
  netAmount: 150,
  status: "sent",
  taxRate: 19,
  taxAmount: 28.5,
  grossAmount: 178.5,
  ...fields,
});

describe("records no account holds", () => {
  let peer: Awaited<ReturnType<typeof startPeer>> | undefined;
  afterEach(async () => {
    await peer?.close();
    peer = undefined;
  });
  const serve = (invoices: unknown[]) =>
    startPeer((path) => {
      if (path === "/api/v1/customers") return [customer];
      if (path === "/api/v1/invoices") return invoices;
      return undefined;
    }, NOW);

  it.each([
    ["a rate of 1e300 %", { taxRate: 1e300, taxAmount: 1_000_000 }, "its tax rate is above 100 %"],
    ["a rate of 250 %", { taxRate: 250, taxAmount: 375 }, "its tax rate is above 100 %"],
    [
      "tax far from net × rate",
      { taxAmount: 1000 },
      "its tax 1000.00 EUR is far from net × rate (28.50 EUR)",
    ],
  ])(
    "vat_report with %s: that invoice left out and named, the rest marked incomplete, not for filing",
    async (_, fields, reason) => {
      peer = await serve([invoice("a"), invoice("b", fields)]);
      const { text, data } = await peer.mcp.call("vat_report", { period: "2026-10" });
      expect(text).toContain(reason);
      expect(data.complete).toBe(false);
      expect(text).toMatch(
        /Output tax of what is known: 28\.50 EUR; .*Not for filing until they are settled\./,
      );
      expect(text).not.toMatch(/\de[+-]\d|NaN/);
      expect(JSON.stringify(data)).not.toMatch(/e\+|NaN/);
    },
  );

  it.each([
    ["list_invoices", {}],
    ["vat_report", { period: "2026-10" }],
    ["revenue_report", { period: 2026 }],
  ])("%s with an invoice dated 9e15 ms: an invalid answer of the service, never NaN", async (tool, args) => {
    peer = await serve([invoice("a"), invoice("b", { invoiceDate: 9e15 })]);
    const { isError, text } = await peer.mcp.call(tool, args);
    expect(isError).toBe(true);
    expect(text).toMatch(/not a valid Invoicing Service API response.*invoiceDate/);
    expect(text).not.toContain("NaN");
  });
});
