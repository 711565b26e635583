/**
 * time_summary with a period: the period's completed time at the customer's rate, by project, the
 * service's own unbilled total beside it, and the invoices that may already bill the period. Every
 * figure is worked out by hand in billing-data.ts.
 */
import { describe, expect, it } from "vitest";
import { useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";
import { useStripPeerMcp } from "../helpers/strip-peer.js";
import { ATELIER, billingData, KANZLEI, MUELLER, NORDLICHT } from "./billing-data.js";

describe("time_summary with a period", () => {
  const sandbox = useSandbox({ data: billingData() });
  const mcp = useMcp(sandbox);

  it.each(["Oktober 2026", "October 2026", "last month", "letzten Monat", "2026-10-01..2026-10-31"])(
    "%j counts October's completed entries at the customer's rate, by project",
    async (period) => {
      const answer = await mcp().call("time_summary", { customer: "mueller", period });
      expect(answer.isError).toBe(false);
      expect(answer.data.period).toMatchObject({ start: "2026-10-01", end: "2026-10-31" });
      const [row] = answer.data.customers;
      expect(row.customerId).toBe(MUELLER);
      const time = row.inPeriod.time;
      expect(time).toMatchObject({
        entryCount: 5,
        minutes: 1635,
        hours: 27.25,
        hourlyRate: 95,
        amount: 2588.75,
      });
      expect(time.byProject).toEqual([
        {
          projectId: "prj_web",
          projectName: "Website Relaunch",
          entryCount: 3,
          minutes: 1170,
          hours: 19.5,
          amount: 1852.5,
        },
        {
          projectId: "prj_kat",
          projectName: "Produktkatalog",
          entryCount: 2,
          minutes: 465,
          hours: 7.75,
          amount: 736.25,
        },
      ]);
      // The running timer and the entries of the neighbouring months (by their Berlin start) are out.
      expect(time.entries.map((e: { id: string }) => e.id)).toEqual([
        "te_m1",
        "te_m2",
        "te_m3",
        "te_m4",
        "te_m5",
      ]);
      // Beside it, the service's own figure over every period: not October's.
      expect(row.unbilledHours).toBe(32.5);
      expect(row.unbilledAmount).toBe(3087.5);
      expect(answer.data.totals).toMatchObject({ periodHours: 27.25, periodAmount: 2588.75 });
      expect(answer.text).toContain("27.25 h in 5 entries = 2588.75 EUR at 95.00 EUR/h");
      expect(answer.text).toContain("Website Relaunch 19.5 h, Produktkatalog 7.75 h");
      expect(answer.text).toContain("Unbilled in the service, all periods: 32.5 h = 3087.50 EUR");
      expect(answer.text).toContain("fromTime: true");
    },
  );

  it("names the invoice whose service period covers the period, and none that does not", async () => {
    const kanzlei = await mcp().call("time_summary", { customer: "Kanzlei", period: "Oktober 2026" });
    const covering = kanzlei.data.customers[0].inPeriod.mayAlreadyBeBilledBy;
    expect(covering).toEqual([
      {
        id: "inv_k1",
        invoiceNumber: "RE-2026-010",
        invoiceDate: "2026-11-03",
        status: "sent",
        netAmount: 220,
        grossAmount: 261.8,
        periodStart: "2026-10-01",
        periodEnd: "2026-10-31",
        notes: "Leistungen Oktober 2026: 2,00 Std. à 110,00 €",
        basis: "service period",
      },
    ]);
    // Beside the period asked about: no id (no tool takes one), its period only where it differs.
    expect(kanzlei.text).toContain(
      'May already be billed by RE-2026-010 (sent, net 220.00 EUR, "Leistungen Oktober 2026: 2,00 Std. à 110,00 €").',
    );
    expect(kanzlei.text).not.toContain("guess");
    // Müller's September invoice is dated in October, but its period says September: not a cover.
    const mueller = await mcp().call("time_summary", { customer: "mueller", period: "Oktober 2026" });
    expect(mueller.data.customers[0].inPeriod.mayAlreadyBeBilledBy).toEqual([]);
    expect(mueller.text).toContain("No invoice of this customer seems to cover this period.");
  });

  it("without a returned period, an invoice dated in the period or up to 45 days after it may cover it: a guess, said so", async () => {
    const answer = await mcp().call("time_summary", { customer: "Atelier", period: "September 2026" });
    const covering = answer.data.customers[0].inPeriod.mayAlreadyBeBilledBy;
    // 14 Nov is day 45 after 30 Sep; 15 Nov (day 46) is not named.
    expect(covering.map((c: { invoiceNumber: string }) => c.invoiceNumber)).toEqual(["RE-2026-011"]);
    expect(covering[0]).toMatchObject({ basis: "invoice date", periodStart: null, periodEnd: null });
    expect(answer.text).toContain("this is a guess from invoice dates");
    expect(answer.text).toContain("no period returned");
  });

  it("rounds once, over the period's minutes: 40 min at 87.50 EUR/h is 58.33 EUR", async () => {
    const answer = await mcp().call("time_summary", { customer: NORDLICHT, period: "October 2026" });
    expect(answer.data.customers[0].inPeriod.time).toMatchObject({ minutes: 40, hours: 0.67, amount: 58.33 });
  });

  it("for every customer, lists those with time and totals the period", async () => {
    const answer = await mcp().call("time_summary", { period: "Oktober 2026" });
    const ids = answer.data.customers.map((c: { customerId: string }) => c.customerId);
    expect(ids).toEqual([MUELLER, KANZLEI, NORDLICHT, ATELIER]);
    // 1635 + 120 + 40 min; 2588.75 + 220.00 + 58.33 EUR
    expect(answer.data.totals).toMatchObject({ periodHours: 29.92, periodAmount: 2867.08 });
    expect(answer.text).toContain("No time in the period: Atelier Sommer (cus_a).");
  });

  it("without a period answers as before: no period fields", async () => {
    const answer = await mcp().call("time_summary", { customer: "mueller" });
    expect(answer.data.period).toBeUndefined();
    expect(answer.data.customers[0].inPeriod).toBeUndefined();
    expect(answer.text).toMatch(/^Not yet billed: 3087\.50 EUR/);
    expect(answer.text).toContain("The service counts 32.5 h = 3087.50 EUR unbilled");
  });

  it("refuses a period it cannot read, quoting it", async () => {
    const answer = await mcp().call("time_summary", { customer: "mueller", period: "irgendwann" });
    expect(answer.isError).toBe(true);
    expect(answer.text).toContain("irgendwann");
  });
});

describe("time_summary with a period, on a peer whose invoice lists carry no periods", () => {
  const sandbox = useSandbox({ data: billingData() });
  const mcp = useStripPeerMcp(sandbox);

  it("guesses from invoice dates, and says so", async () => {
    const kanzlei = await mcp().call("time_summary", { customer: "Kanzlei", period: "Oktober 2026" });
    expect(kanzlei.data.customers[0].inPeriod.mayAlreadyBeBilledBy).toMatchObject([
      { invoiceNumber: "RE-2026-010", basis: "invoice date", periodStart: null, notes: null },
    ]);
    expect(kanzlei.text).toContain("this is a guess from invoice dates");
    // Müller's September invoice, dated 5 Oct, can no longer be told apart from an October one.
    const mueller = await mcp().call("time_summary", { customer: "mueller", period: "Oktober 2026" });
    expect(mueller.data.customers[0].inPeriod.mayAlreadyBeBilledBy).toMatchObject([
      { invoiceNumber: "RE-2026-008", basis: "invoice date" },
    ]);
  });
});
