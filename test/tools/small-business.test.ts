/**
 * taxRate 0 (Kleinunternehmer): the § 19 UStG line by default, unless the notes already say why;
 * and a warning when the account's EÜR income passes the limits in force since 2025 (25,000 EUR in
 * the previous year, 100,000 EUR in the current one). Data: billing-data.ts plus one invoice paid
 * in 2025 for 30,000.00 EUR net, so 2025 passes the first limit.
 */
import { describe, expect, it } from "vitest";
import { useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";
import { billingData, MUELLER } from "./billing-data.js";

const NOTE = "Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.";

function withRevenue2025() {
  const data = billingData();
  data.demo.invoices.push({
    _id: "inv_2025",
    invoiceNumber: "RE-2025-040",
    customerId: MUELLER,
    invoiceDate: Date.parse("2025-06-02T00:00:00+02:00"),
    status: "paid",
    activityType: "gewerblich",
    taxRate: 19,
    netCents: 3_000_000,
    taxCents: 570_000,
    grossCents: 3_570_000,
    createdAt: Date.parse("2025-06-02T00:00:00+02:00"),
    paidAt: Date.parse("2025-06-20T12:00:00+02:00"),
  } as (typeof data.demo.invoices)[number]);
  return data;
}

describe("invoices without VAT", () => {
  const sandbox = useSandbox({ data: withRevenue2025() });
  const mcp = useMcp(sandbox);
  const base = { customer: "Atelier", netAmount: 500, period: "Juli 2026", taxRate: 0, dryRun: true };

  it("carry the § 19 UStG line by default, after given notes, and warn when last year's income passes 25,000 EUR", async () => {
    const plain = await mcp().call("create_invoice", base);
    expect(plain.data.invoice).toMatchObject({ taxAmount: 0, grossAmount: 500, notes: NOTE });
    expect(plain.data.smallBusiness.limitsPassed).toEqual([
      { year: 2025, which: "previous year", income: 30000, limit: 25000 },
    ]);
    expect(plain.text).toContain(
      "Warning (§ 19 UStG): income received in 2025 was 30000.00 EUR, above the 25000.00 EUR limit",
    );
    const given = await mcp().call("create_invoice", { ...base, notes: "Ausstellungsaufbau" });
    expect(given.data.request.body.notes).toBe(`Ausstellungsaufbau\n${NOTE}`);
    const own = await mcp().call("create_invoice", { ...base, notes: "Steuerfrei nach § 4 Nr. 21 UStG" });
    expect(own.data.invoice.notes).toBe("Steuerfrei nach § 4 Nr. 21 UStG");
  });

  it("with VAT, nothing is added and nothing is checked", async () => {
    const answer = await mcp().call("create_invoice", { ...base, taxRate: 19 });
    expect(answer.data.invoice.notes).toBeNull();
    expect(answer.data.smallBusiness).toBeUndefined();
  });

  it("a created invoice without VAT replays as itself", async () => {
    const args = { ...base, dryRun: false, period: "August 2026" };
    const created = await mcp().call("create_invoice", args);
    expect(created.data.outcome).toBe("created");
    expect(created.text).toContain("Warning (§ 19 UStG)");
    const again = await mcp().call("create_invoice", args);
    expect(again.data.outcome).toBe("already_exists");
    expect(again.data.invoice.id).toBe(created.data.invoice.id);
  });
});
