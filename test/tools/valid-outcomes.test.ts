/**
 * Words that fit the outcome: a valid answer is no error, a sum of one or none is not "All 1
 * together", a preview with nothing to create offers no call to create it, and the batch preview
 * gives each customer the same verdict as that customer's own preview. Data: the demo account on
 * Sunday 29 November 2026, when October is invoiced for every customer.
 */
import { describe, expect, it } from "vitest";
import { useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";

const NOW = Date.parse("2026-11-29T10:15:00+01:00");

describe("valid outcomes read as such", () => {
  const sandbox = useSandbox({ referenceDate: NOW, now: () => NOW });
  const mcp = useMcp(sandbox, { now: NOW });

  it("a supplement with nothing left to bill is an answer, not an error", async () => {
    const answer = await mcp().call("create_invoice", {
      customer: "Bäckerei",
      fromTime: true,
      supplement: true,
      period: "last month",
    });
    expect(answer.isError, answer.text).toBe(false);
    expect(answer.data.outcome).toBe("nothing_to_bill");
    expect(answer.text).toMatch(/^Nothing left to bill for Bäckerei Schröder .*: Fully billed/);
  });

  it("list_invoices sums only where there is more than one invoice", async () => {
    const one = await mcp().call("list_invoices", { number: "RE-2026-077" });
    expect(one.data.invoices).toHaveLength(1);
    const none = await mcp().call("list_invoices", { number: "RE-1999-999" });
    expect(none.data.invoices).toHaveLength(0);
    for (const answer of [one, none]) {
      expect(answer.isError, answer.text).toBe(false);
      expect(answer.text).not.toMatch(/All [01] together/);
    }
    const many = await mcp().call("list_invoices", { customer: "Müller" });
    expect(many.text).toMatch(/All \d+ together: net/);
  });

  it("a batch preview with nothing to create offers no call to create it, and agrees with each single preview", async () => {
    const batch = await mcp().call("create_invoice", {
      customers: "all",
      fromTime: true,
      period: "last month",
      dryRun: true,
    });
    expect(batch.isError, batch.text).toBe(false);
    expect(batch.data.batch.totals.invoices).toBe(0);
    expect(batch.text).not.toContain("the same call without dryRun");
    expect(batch.text).toMatch(/^Dry run, nothing sent\. No draft invoice to create/);
    const refused = batch.data.batch.drafts.filter((d: { status: string }) => d.status === "refused");
    expect(refused.length).toBeGreaterThan(0);
    for (const row of refused) {
      const single = await mcp().call("create_invoice", {
        customer: row.customerId,
        fromTime: true,
        period: "last month",
        dryRun: true,
      });
      const fully = single.text.includes("Fully billed:");
      expect(row.problem.startsWith("fully billed by"), `${row.problem} / ${single.text}`).toBe(fully);
      expect(single.data.conflicts.map((c: { invoiceNumber: string }) => c.invoiceNumber)).toEqual(
        row.conflicts,
      );
    }
  });
});
