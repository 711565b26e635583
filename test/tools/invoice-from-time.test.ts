/**
 * create_invoice with fromTime: the net is the period's completed time at the customer's rate, the
 * notes say so in German, and the dry run shows the entries counted. Figures: billing-data.ts.
 */
import { describe, expect, it } from "vitest";
import { listInvoices } from "../../src/api/invoices.js";
import { useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";
import { billingData, MUELLER } from "./billing-data.js";
import { api, berlinDayEnd, berlinMidnight, countRequests, whole } from "./support.js";

const INVOICES = "/api/v1/invoices";

describe("create_invoice from time", () => {
  const sandbox = useSandbox({ data: billingData() });
  const mcp = useMcp(sandbox);
  const posts = () => countRequests(sandbox(), "POST", INVOICES);

  describe("on data no other test has invoiced", () => {
    // A sandbox of its own: the number a dry run shows moves when another test creates first.
    const sandbox = useSandbox({ data: billingData() });
    const mcp = useMcp(sandbox);
    const posts = () => countRequests(sandbox(), "POST", INVOICES);

    it("a dry run bills October's 27.25 h at 95.00 EUR/h and lists the five entries counted", async () => {
      const before = posts();
      const preview = await mcp().call("create_invoice", {
        customer: "Müller",
        fromTime: true,
        period: "Oktober 2026",
        dryRun: true,
      });
      expect(preview.isError).toBe(false);
      expect(posts()).toBe(before);
      expect(preview.data.request.body).toEqual({
        customerId: MUELLER,
        invoiceNumber: "RE-2026-013",
        invoiceDate: berlinMidnight("2026-11-22"),
        periodStart: berlinMidnight("2026-10-01"),
        periodEnd: berlinDayEnd("2026-10-31"),
        netAmount: 2588.75,
        taxRate: 19,
        taxAmount: 491.86,
        grossAmount: 3080.61,
        activityType: "gewerblich",
        notes: "Leistungen Oktober 2026: 27,25 Std. à 95,00 €",
      });
      expect(preview.data.fromTime).toMatchObject({
        entryCount: 5,
        minutes: 1635,
        hours: 27.25,
        amount: 2588.75,
      });
      for (const id of ["te_m1", "te_m2", "te_m3", "te_m4", "te_m5"])
        expect(preview.text).toContain(`(id ${id})`);
      for (const id of ["te_mx1", "te_mx2", "te_mrun", "te_mnov"])
        expect(preview.text).not.toContain(`(id ${id})`);
      expect(preview.text).toContain("Net from time: 1635 min = 27.25 h × 95.00 EUR/h = 2588.75 EUR");
      // Never the service's all-period unbilled amount (3087.50 EUR).
      expect(preview.text).not.toContain("3087.5");
    });
  });

  it("creates it, keeps given notes, and a replay of the same call returns it", async () => {
    const args = {
      customer: "Nordlicht",
      fromTime: true,
      period: "October 2026",
      notes: "Markenrelaunch Oktober",
    };
    const before = posts();
    const created = await mcp().call("create_invoice", args);
    expect(created.data.outcome).toBe("created");
    expect(created.data.invoice).toMatchObject({ netAmount: 58.33, notes: "Markenrelaunch Oktober" });
    const again = await mcp().call("create_invoice", args);
    expect(again.data.outcome).toBe("already_exists");
    expect(again.data.invoice.id).toBe(created.data.invoice.id);
    expect(posts()).toBe(before + 1);
    const stored = whole(await listInvoices(api(sandbox()))).find((i) => i._id === created.data.invoice.id);
    expect(stored).toMatchObject({ netAmount: 58.33, taxAmount: 11.08, grossAmount: 69.41 });
  });

  it("netAmount and fromTime together is an error that says to choose one", async () => {
    const before = posts();
    const answer = await mcp().call("create_invoice", {
      customer: "Müller",
      fromTime: true,
      netAmount: 2588.75,
      period: "Oktober 2026",
    });
    expect(answer.isError).toBe(true);
    expect(answer.text).toContain("Give either netAmount or fromTime: true, not both");
    expect(answer.text).toContain("Choose one");
    expect(posts()).toBe(before);
  });

  it("neither netAmount nor fromTime says what to give", async () => {
    const answer = await mcp().call("create_invoice", { customer: "Müller", period: "Oktober 2026" });
    expect(answer.isError).toBe(true);
    expect(answer.text).toMatch(/netAmount is required .*or fromTime: true/);
  });

  it("a period without completed time creates nothing and says where to look", async () => {
    const before = posts();
    const answer = await mcp().call("create_invoice", {
      customer: "Atelier",
      fromTime: true,
      period: "Oktober 2026",
    });
    expect(answer.isError).toBe(true);
    expect(answer.text).toContain(
      "No completed time for Atelier Sommer (cus_a) from 2026-10-01 to 2026-10-31",
    );
    expect(answer.text).toContain("time_summary");
    expect(posts()).toBe(before);
  });

  it("fromTime without a period asks for one", async () => {
    const answer = await mcp().call("create_invoice", { customer: "Müller", fromTime: true });
    expect(answer.isError).toBe(true);
    expect(answer.text).toContain("The service period is required");
  });
});
