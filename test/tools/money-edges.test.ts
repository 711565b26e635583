/**
 * Amounts at their edges, through the tools: a row and the sum of rows agree to the cent, nothing
 * is written in exponent notation or as -0.00, and an absurd amount is an invalid response.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startPeer } from "../helpers/peer.js";

const T0 = Date.parse("2026-11-02T09:00:00+01:00");
const customers = [
  { _id: "c1", name: "Müller", hourlyRate: 90 },
  { _id: "c2", name: "Weiß", hourlyRate: 90 },
];
const invoice = (n: number, netAmount: number, grossAmount: number) => ({
  _id: `i${n}`,
  invoiceNumber: `RE-${n}`,
  customerId: "c1",
  invoiceDate: T0 + n * 86_400_000,
  netAmount,
  status: "sent",
  taxRate: 0,
  taxAmount: 0,
  grossAmount,
});
const timeSummary = (id: string, unbilledAmount: number) => ({
  customerId: id,
  customerName: id,
  totalHours: 1,
  billedHours: 0,
  unbilledHours: 1,
  unbilledAmount,
  weekHours: 0,
  monthHours: 0,
  monthlyBreakdown: [{ monthKey: "2026-11", hours: 1, amount: -0.001 }],
});

describe("money at its edges", () => {
  let peer: Awaited<ReturnType<typeof startPeer>> | undefined;
  afterEach(async () => {
    await peer?.close();
    peer = undefined;
  });

  it("list_invoices: rows rounded half-up as the sums are; no -0.00", async () => {
    peer = await startPeer((path) => {
      if (path === "/api/v1/customers") return customers;
      if (path === "/api/v1/invoices") return [invoice(1, 1.005, 1.005), invoice(2, -0.001, -0.001)];
      return undefined;
    });
    const { isError, text, data } = await peer.mcp.call("list_invoices", {});
    expect(isError, text).toBe(false);
    expect(data.sums).toMatchObject({ netAmount: 1.01, grossAmount: 1.01 });
    expect(text).toMatch(/RE-2 .* net 0\.00 EUR/);
    expect(text).toContain("net 1.01 EUR");
    expect(text).toMatch(/RE-1 .* net 1\.01 EUR/);
    expect(text).not.toContain("-0.00");
    expect(text).not.toMatch(/\de[+-]\d/);
  });

  it("time_summary: the total is the sum of the rounded rows", async () => {
    peer = await startPeer((path) => {
      if (path === "/api/v1/customers") return customers;
      const match = path.match(/by-customer\/(c\d)\/summary$/);
      return match ? timeSummary(match[1]!, 0.005) : undefined;
    });
    const { isError, text, data } = await peer.mcp.call("time_summary", {});
    expect(isError, text).toBe(false);
    expect(data.customers.map((c: { unbilledAmount: number }) => c.unbilledAmount)).toEqual([0.01, 0.01]);
    expect(data.totals.unbilledAmount).toBe(0.02);
    expect(text).toContain("worth 0.02 EUR");
    expect(text).not.toContain("-0.00");
  });

  it.each([1e21, -1e21, 1e12])("an amount of %d from the service is an invalid response", async (amount) => {
    peer = await startPeer((path) => {
      if (path === "/api/v1/customers") return customers;
      if (path === "/api/v1/invoices") return [invoice(1, amount, amount)];
      return undefined;
    });
    const { isError, text } = await peer.mcp.call("list_invoices", {});
    expect(isError).toBe(true);
    expect(text).toMatch(/not a valid Invoicing Service API response: data\.0\.netAmount/);
    expect(text).not.toMatch(/\de[+-]\d/);
  });
});
