/**
 * create_invoice: a dry run sends nothing and shows exactly what a real create sends; numbers
 * continue the account's series; an existing number is refused unless it is the very same invoice.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { listInvoices } from "../../src/api/invoices.js";
import { connect, useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";
import { api, berlinDayEnd, berlinMidnight, countRequests, demoDirectory, whole } from "./support.js";

const INVOICES = "/api/v1/invoices";

describe("create_invoice", () => {
  const sandbox = useSandbox();
  const mcp = useMcp(sandbox);
  const posts = () => countRequests(sandbox(), "POST", INVOICES);
  const listed = async (apiKey?: string) => whole(await listInvoices(api(sandbox(), apiKey)));
  let muellerId = "";
  beforeAll(async () => {
    muellerId = (await demoDirectory(sandbox())).customer("Müller & Söhne GmbH")._id;
  });

  describe("on the untouched demo data", () => {
    // A sandbox of its own: the number a dry run shows depends on what other tests created.
    const sandbox = useSandbox();
    const mcp = useMcp(sandbox);
    const posts = () => countRequests(sandbox(), "POST", INVOICES);
    const listed = async () => whole(await listInvoices(api(sandbox())));

    it("a dry run sends nothing and returns the exact body a real create then sends", async () => {
      const args = {
        customer: "mueller",
        netAmount: 1234.55,
        period: "last month",
        notes: "Leistungszeitraum Oktober 2026",
        // The demo data already bills every past month; overlaps have their own tests (invoice-guards).
        allowOverlap: true,
      };
      const before = posts();
      const preview = await mcp().call("create_invoice", { ...args, dryRun: true });
      expect(preview.isError).toBe(false);
      expect(posts()).toBe(before);
      expect(preview.data.outcome).toBe("dry_run");
      const body = preview.data.request.body;
      expect(preview.data.request).toMatchObject({ method: "POST", path: INVOICES });
      expect(body).toEqual({
        customerId: muellerId,
        invoiceNumber: "RE-2026-079",
        invoiceDate: berlinMidnight("2026-11-22"),
        periodStart: berlinMidnight("2026-10-01"),
        periodEnd: berlinDayEnd("2026-10-31"),
        netAmount: 1234.55,
        taxRate: 19,
        taxAmount: 234.56,
        grossAmount: 1469.11,
        activityType: "gewerblich",
        notes: "Leistungszeitraum Oktober 2026",
      });
      expect(preview.data.invoice).toMatchObject({
        id: null,
        status: "draft",
        customerName: "Müller & Söhne GmbH",
      });
      expect(preview.text).toContain("Dry run, nothing sent");
      expect(preview.text).toContain(`Müller & Söhne GmbH (${muellerId})`);
      expect(preview.text).toContain("net 1234.55 EUR + 19 % VAT 234.56 EUR = gross 1469.11 EUR");

      const created = await mcp().call("create_invoice", args);
      expect(created.isError).toBe(false);
      expect(posts()).toBe(before + 1);
      expect(created.data.outcome).toBe("created");
      const id = created.data.invoice.id;
      expect(created.text).toContain(`RE-2026-079 (id ${id})`);
      expect(created.text).toContain(`Müller & Söhne GmbH (${muellerId})`);
      const stored = (await listed()).find((i) => i._id === id);
      expect(stored).toMatchObject({ ...body, status: "draft" });
    });
  });

  it("the very same call again returns the existing invoice: outcome already_exists, no second POST", async () => {
    const args = {
      customer: "Kanzlei Weiß",
      netAmount: 800,
      periodStart: "2026-09-01",
      periodEnd: "2026-09-30",
      allowOverlap: true,
    };
    const before = posts();
    const first = await mcp().call("create_invoice", args);
    const second = await mcp().call("create_invoice", args);
    expect(first.data.outcome).toBe("created");
    expect(second.isError).toBe(false);
    expect(second.data.outcome).toBe("already_exists");
    expect(second.data.invoice.id).toBe(first.data.invoice.id);
    expect(second.data.invoice.invoiceNumber).toBe(first.data.invoice.invoiceNumber);
    expect(second.text).toContain(`Not created again`);
    expect(second.text).toContain(`(id ${first.data.invoice.id})`);
    expect(posts()).toBe(before + 1);
  });

  it("the same call with an explicit number is a safe replay too", async () => {
    const args = {
      customer: "Bäckerei",
      netAmount: 99.99,
      period: "Q1 2026",
      invoiceNumber: "SONDER-1",
      allowOverlap: true,
    };
    const before = posts();
    expect((await mcp().call("create_invoice", args)).data.outcome).toBe("created");
    const again = await mcp().call("create_invoice", args);
    expect(again.data.outcome).toBe("already_exists");
    expect(posts()).toBe(before + 1);
  });

  it.each([
    ["another net amount", { netAmount: 101 }, "amount"],
    ["another tax rate", { taxRate: 7 }, "VAT, amount"],
    ["another period", { period: "Q2 2026" }, "service period"],
    ["another customer", { customer: "nordlicht" }, "customer"],
    ["other notes", { notes: "anders" }, "notes"],
    ["no notes", { notes: undefined }, "notes"],
  ])(
    "an existing number with different content (%s) is refused, naming what differs",
    async (_label, change, fields) => {
      const base = {
        customer: "Grünwald",
        netAmount: 100,
        period: "Q1 2026",
        invoiceNumber: "CLASH-1",
        notes: "Satz",
        allowOverlap: true,
      };
      const first = await mcp().call("create_invoice", base);
      expect(first.isError).toBe(false); // created once, then already_exists
      const before = posts();
      const clash = await mcp().call("create_invoice", { ...base, ...change });
      expect(clash.isError).toBe(true);
      expect(clash.text).toContain("Invoice number CLASH-1 is already taken by Grünwald");
      expect(clash.text).toContain(`differs in its ${fields}, so nothing was created.`);
      expect(clash.text).toMatch(/use another number, or leave invoiceNumber out/);
      expect(posts()).toBe(before);
    },
  );

  it("an existing number from the seed data is refused", async () => {
    const result = await mcp().call("create_invoice", {
      customer: "mueller",
      netAmount: 10,
      period: "last month",
      invoiceNumber: "RE-2026-001",
      dryRun: true,
    });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(
      /^Invoice number RE-2026-001 is already taken by .+'s (draft|sent|paid) invoice of 2026-/,
    );
  });

  it("without a number, takes the next of the account's own series", async () => {
    const numbers = (await listed()).map((i) => i.invoiceNumber).filter((n) => /^RE-2026-\d{3}$/.test(n));
    const highest = Math.max(...numbers.map((n) => Number(n.slice(-3))));
    const next = `RE-2026-${String(highest + 1).padStart(3, "0")}`;
    const result = await mcp().call("create_invoice", {
      customer: "Öztürk",
      netAmount: 500,
      period: "März 2026",
      dryRun: true,
    });
    expect(result.data.invoice.invoiceNumber).toBe(next);
  });

  it("another account continues its own pattern (2026-0007 → 2026-0008)", async () => {
    const other = await connect(sandbox(), { apiKey: sandbox().keys.other });
    try {
      const existing = (await listed(sandbox().keys.other)).map((i) => i.invoiceNumber);
      expect(existing).toContain("2026-0007");
      const result = await other.call("create_invoice", {
        customer: "Lindner",
        netAmount: 200,
        period: "last month",
        dryRun: true,
      });
      expect(result.isError).toBe(false);
      expect(result.data.invoice.invoiceNumber).toBe("2026-0008");
      expect(result.text).toContain("invoice 2026-0008 for Lindner Logistik AG");
    } finally {
      await other.close();
    }
  });

  it("the first invoice dated in a new year restarts the series", async () => {
    const result = await mcp().call("create_invoice", {
      customer: "mueller",
      netAmount: 100,
      period: "Q4 2026",
      invoiceDate: "2027-01-04",
      dryRun: true,
    });
    expect(result.data.invoice).toMatchObject({ invoiceNumber: "RE-2027-001", invoiceDate: "2027-01-04" });
    expect(result.data.request.body.invoiceDate).toBe(berlinMidnight("2027-01-04"));
  });

  it.each([
    ["last month", "2026-10-01", "2026-10-31"],
    ["letzten Monat", "2026-10-01", "2026-10-31"],
    ["März 2026", "2026-03-01", "2026-03-31"],
    ["March 2026", "2026-03-01", "2026-03-31"],
    ["Q1 2026", "2026-01-01", "2026-03-31"],
    ["Q3 2026", "2026-07-01", "2026-09-30"],
  ])(
    "period %j → %s … %s (from the first day's Berlin midnight to the last day's last millisecond)",
    async (period, start, end) => {
      const result = await mcp().call("create_invoice", {
        customer: "mueller",
        netAmount: 1,
        period,
        dryRun: true,
      });
      expect(result.data.invoice).toMatchObject({ periodStart: start, periodEnd: end });
      expect(result.data.request.body).toMatchObject({
        periodStart: berlinMidnight(start),
        periodEnd: berlinDayEnd(end),
      });
      expect(result.text).toContain(`service period ${start} to ${end}`);
    },
  );

  it.each([
    [{ periodStart: "2026-02-01", periodEnd: "28.02.2026" }, "2026-02-01", "2026-02-28"],
    [{ periodStart: "last month", periodEnd: "last month" }, "2026-10-01", "2026-10-31"],
    [{ periodStart: "Q1 2026", periodEnd: "März 2026" }, "2026-01-01", "2026-03-31"],
  ])("periodStart/periodEnd %j → %s … %s", async (days, start, end) => {
    const result = await mcp().call("create_invoice", {
      customer: "mueller",
      netAmount: 1,
      ...days,
      dryRun: true,
    });
    expect(result.isError).toBe(false);
    expect(result.data.invoice).toMatchObject({ periodStart: start, periodEnd: end });
  });

  it.each([
    [{ period: "irgendwann" }, /Could not read "irgendwann" as a period.*last month/],
    [{ period: "last month", periodStart: "2026-10-01" }, /either period or periodStart and periodEnd/],
    [{}, /service period is required/],
    [{ periodStart: "2026-10-31", periodEnd: "2026-10-01" }, /before periodStart/],
  ])("a bad period %j is refused with examples", async (period, message) => {
    const before = posts();
    const result = await mcp().call("create_invoice", { customer: "mueller", netAmount: 1, ...period });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(message);
    expect(posts()).toBe(before);
  });
});
