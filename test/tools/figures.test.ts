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

  it("outstanding_by_customer: each overdue invoice with its own date, as a reminder cites it", async () => {
    const { data, text } = await mcp().call("outstanding_by_customer", { overdueOnly: true });
    const sent = new Map((await raw<RawInvoice[]>("/invoices?status=sent")).map((i) => [i._id, i]));
    const rows = data.customers.flatMap((c: { invoices: { id: string }[] }) => c.invoices);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows as { id: string; invoiceNumber: string; invoiceDate: string }[]) {
      const day = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin" }).format(
        sent.get(row.id)!.invoiceDate,
      );
      expect(row.invoiceDate, row.invoiceNumber).toBe(day);
      expect(text).toContain(`${row.invoiceNumber} (id ${row.id}) of ${day} · `);
    }
  });

  it("chase_overdue_invoices: the tone follows how late each customer is, unless one is asked for", async () => {
    const text = async (args: Record<string, string>) => {
      const prompt = await mcp().client.getPrompt({ name: "chase_overdue_invoices", arguments: args });
      return prompt.messages.map((m) => (m.content as { text: string }).text).join("\n");
    };
    const chosen = await text({ language: "en" });
    expect(chosen).toMatch(
      /from their most overdue invoice: up to 30 days, friendly, as a first reminder; 31 to 60 days, firm/,
    );
    expect(chosen).toMatch(/more than 60 days, a final reminder/);
    expect(chosen).toMatch(/each invoice cited with its number and date/);
    const german = await text({ language: "de" });
    expect(german).toMatch(/mehr als 60 Tage eine letzte Mahnung/);
    expect(german).toMatch(/„Rechnung Nr\. … vom …“/);
    expect(await text({ language: "en", tone: "friendly" })).toMatch(/Tone: friendly, as a first reminder\./);
    expect(await text({ language: "en", tone: "friendly" })).not.toMatch(/more than 60 days/);
  });

  it("create_customer without hourlyRate says what to give, and names a customer of that name", async () => {
    const before = (await raw<{ _id: string }[]>("/customers")).length;
    const known = await mcp().call("create_customer", { name: "Müller & Söhne GmbH" });
    expect(known.isError).toBe(true);
    expect(known.text).not.toMatch(/Input validation error|received undefined/);
    expect(known.text).toMatch(/^Not created: give hourlyRate, the customer's rate in EUR per hour/);
    expect(known.text).toMatch(
      /A customer of that name exists already: "Müller & Söhne GmbH" \(id cus_\w+, 95\.00 EUR\/h\)\. If that one is meant, use it/,
    );
    const fresh = await mcp().call("create_customer", { name: "Ganz Neu KG" });
    expect(fresh.isError).toBe(true);
    expect(fresh.text).toMatch(/give hourlyRate/);
    expect(fresh.text).not.toMatch(/exists already/);
    expect((await raw<{ _id: string }[]>("/customers")).length).toBe(before);
  });
});
