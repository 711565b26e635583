/**
 * create_invoice says what happened: a real run that creates nothing
 * is not called a dry run; the running month ends today and a running timer is named; time logged
 * into a month this server invoiced is noticed even where the service's lists carry no periods; the
 * service period sent includes its last day. Data: billing-data.ts.
 */
import { describe, expect, it } from "vitest";
import { connect, useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";
import { useStripPeerMcp } from "../helpers/strip-peer.js";
import { ATELIER, billingData, KANZLEI, MUELLER, NORDLICHT } from "./billing-data.js";
import { countRequests } from "./support.js";

const INVOICES = "/api/v1/invoices";
const ALL = { customers: "all", fromTime: true, period: "Oktober 2026" };

describe("create_invoice for all customers, run a second time", () => {
  const sandbox = useSandbox({ data: billingData() });
  const mcp = useMcp(sandbox);

  it("says nothing was created and why for each customer, and never calls it a dry run", async () => {
    const first = await mcp().call("create_invoice", ALL);
    expect(first.isError, first.text).toBe(false);
    const before = countRequests(sandbox(), "POST", INVOICES);
    const again = await mcp().call("create_invoice", ALL);
    expect(again.isError, again.text).toBe(false);
    expect(countRequests(sandbox(), "POST", INVOICES)).toBe(before);
    expect(again.text).not.toMatch(/dry run/i);
    expect(again.text).not.toContain("without dryRun");
    expect(again.text).toMatch(/^No draft invoice created for 2026-10-01 to 2026-10-31/);
    const line = (id: string) => again.text.split("\n").find((l) => l.includes(`(${id})`)) ?? "";
    expect(line(MUELLER)).toContain("exists already");
    expect(line(NORDLICHT)).toContain("exists already");
    expect(line(KANZLEI)).toContain("refused: may already be billed by RE-2026-010");
    expect(again.text).toContain(`No time in the period: Atelier Sommer (${ATELIER}).`);
  });
});

describe("create_invoice for the running month, on Thursday 26 November 2026", () => {
  const today = Date.parse("2026-11-26T10:00:00+01:00");
  // Müller's timer on Produktkatalog, started at 08:30 this morning, still running.
  const data = billingData();
  data.demo.timeEntries.push({
    _id: "te_today",
    projectId: "prj_kat",
    customerId: MUELLER,
    startTime: Date.parse("2026-11-26T08:30:00+01:00"),
    endTime: null,
    description: "Katalog Satz",
  });
  const sandbox = useSandbox({ data, now: () => today, referenceDate: today });

  const preview = async () => {
    const mcp = await connect(sandbox(), { now: today });
    const answer = await mcp
      .call("create_invoice", { customer: "Müller", fromTime: true, period: "this month", dryRun: true })
      .finally(() => mcp.close());
    expect(answer.isError, answer.text).toBe(false);
    return answer;
  };

  it("ends the service period today, not on the 30th", async () => {
    const answer = await preview();
    const { periodStart, periodEnd } = answer.data.request.body;
    expect(periodStart).toBe(Date.parse("2026-11-01T00:00:00+01:00"));
    // Inside 26 November in Berlin.
    expect(periodEnd).toBeGreaterThanOrEqual(Date.parse("2026-11-26T00:00:00+01:00"));
    expect(periodEnd).toBeLessThan(Date.parse("2026-11-27T00:00:00+01:00"));
    expect(answer.data.invoice).toMatchObject({ periodStart: "2026-11-01", periodEnd: "2026-11-26" });
    expect(answer.text).toContain("runs to 2026-11-30");
  });

  it("names the running timer it leaves out", async () => {
    const answer = await preview();
    // te_mx1 90 min + te_mnov 180 min; the timer running since 08:30 is not counted, but named.
    expect(answer.data.fromTime).toMatchObject({ minutes: 270 });
    const named = answer.text.split("\n").find((line) => line.includes("te_today")) ?? "";
    expect(named).toContain("Produktkatalog");
    expect(named).toContain("running since 2026-11-26T08:30");
  });
});

describe("time logged into a month this server invoiced, on a peer whose lists carry no periods", () => {
  const sandbox = useSandbox({ data: billingData() });
  const mcp = useStripPeerMcp(sandbox);

  it("log_time names the invoice created a minute before, with its service period", async () => {
    const created = await mcp().call("create_invoice", {
      customer: "Nordlicht",
      fromTime: true,
      period: "Oktober 2026",
    });
    expect(created.data.outcome, created.text).toBe("created");
    const id = created.data.invoice.id;
    // 2 October: the invoice, dated 22 November, is more than 45 days after it, so its date alone
    // would not point to it; only its period (which this server sent) does.
    const logged = await mcp().call("log_time", {
      project: "Markenrelaunch",
      start: "2026-10-02 10:00",
      duration: "30 min",
    });
    expect(logged.data.outcome, logged.text).toBe("created");
    expect(logged.data.notOnInvoice).toEqual([
      expect.objectContaining({
        customerId: NORDLICHT,
        invoices: [expect.objectContaining({ id })],
        periodStart: "2026-10-01",
        periodEnd: "2026-10-31",
      }),
    ]);
    expect(logged.text).toContain("Not on an invoice");
  });
});

describe("the service period sent for last month", () => {
  const sandbox = useSandbox({ data: billingData() });
  const mcp = useMcp(sandbox);

  it("ends at the last millisecond of its last day in Berlin, as the service's own invoices do", async () => {
    const preview = await mcp().call("create_invoice", {
      customer: "Nordlicht",
      fromTime: true,
      period: "last month",
      dryRun: true,
    });
    expect(preview.isError, preview.text).toBe(false);
    expect(preview.data.request.body.periodStart).toBe(Date.parse("2026-10-01T00:00:00+02:00"));
    expect(preview.data.request.body.periodEnd).toBe(Date.parse("2026-10-31T23:59:59.999+01:00"));
  });
});
