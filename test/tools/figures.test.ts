/**
 * Figures a person asks for and acts on, through a real MCP client against the demo sandbox, each
 * held to a computation written here from the service's raw REST answers.
 */
import { describe, expect, it } from "vitest";
import { useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";

const cents = (eur: number) => Math.round(eur * 100);

interface RawInvoice {
  _id: string;
  customerId: string;
  invoiceNumber: string;
  invoiceDate: number;
  status: string;
  netAmount: number;
  grossAmount: number;
}

describe("figures a person acts on", () => {
  const sandbox = useSandbox();
  const mcp = useMcp(sandbox);

  async function raw<T>(path: string): Promise<T> {
    const res = await fetch(`${sandbox().url}/api/v1${path}`, {
      headers: { Authorization: `Bearer ${sandbox().keys.demo}` },
    });
    return ((await res.json()) as { data: T }).data;
  }

  it("customer_summary: what they paid, gross, beside the net", async () => {
    const { data, text } = await mcp().call("customer_summary", { customer: "mueller" });
    const paid = (await raw<RawInvoice[]>("/invoices?status=paid")).filter(
      (i) => i.customerId === data.customer.id,
    );
    expect(paid.length).toBeGreaterThan(0);
    const gross = paid.reduce((sum, i) => sum + cents(i.grossAmount), 0);
    const net = paid.reduce((sum, i) => sum + cents(i.netAmount), 0);
    expect(cents(data.revenue.totalNet)).toBe(net);
    expect(cents(data.revenue.totalGross)).toBe(gross);
    expect(text).toContain(
      `Revenue (paid invoices): ${(net / 100).toFixed(2)} EUR net, ${(gross / 100).toFixed(2)} EUR gross (what they paid, VAT included) in all`,
    );
  });
});
