/**
 * A service whose answer lists the same record twice (first page included). No sum counts it
 * twice: the list is not whole, the answer says why, and no figure is given from it. Invoices,
 * customers, time entries and projects alike.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startPeer } from "../helpers/peer.js";

const NOW = Date.parse("2026-11-22T10:00:00+01:00");
const T0 = Date.parse("2026-10-02T09:00:00+02:00");
const customer = { _id: "c1", name: "Müller", hourlyRate: 90, activityType: "gewerblich" };
const project = { _id: "p1", name: "Website", customerId: "c1" };
const invoice = (n: number) => ({
  _id: `i${n}`,
  invoiceNumber: `RE-${n}`,
  customerId: "c1",
  invoiceDate: T0 + n * 86_400_000,
  netAmount: 10 * n,
  status: "sent",
  taxRate: 19,
  taxAmount: 1.9 * n,
  grossAmount: 11.9 * n,
});
const entry = (n: number) => ({
  _id: `t${n}`,
  projectId: "p1",
  customerId: "c1",
  startTime: NOW - n * 7_200_000,
  endTime: NOW - n * 7_200_000 + 3_600_000,
  durationMinutes: 60,
});

interface Lists {
  customers?: unknown[];
  projects?: unknown[];
  invoices?: unknown[];
  entries?: unknown[];
}

function peerWith(lists: Lists) {
  return startPeer((path) => {
    if (path === "/api/v1/customers") return lists.customers ?? [customer];
    if (path === "/api/v1/projects") return lists.projects ?? [project];
    if (path === "/api/v1/invoices") return lists.invoices ?? [];
    if (path === "/api/v1/time-entries") return lists.entries ?? [];
    if (path === "/api/v1/reports/eur")
      return {
        year: 2026,
        income: { total: 0, byType: { freiberuflich: 0, gewerblich: 0 }, invoiceCount: 0 },
        expenses: { total: 0, count: 0 },
        profit: 0,
      };
    return undefined;
  }, NOW);
}

describe("a record listed twice in one answer is never counted twice", () => {
  let peer: Awaited<ReturnType<typeof startPeer>> | undefined;
  afterEach(async () => {
    await peer?.close();
    peer = undefined;
  });

  const twice = [invoice(1), invoice(1), invoice(2)];

  it("list_invoices: no sums, and says which id came twice", async () => {
    peer = await peerWith({ invoices: twice });
    const { isError, data, text } = await peer.mcp.call("list_invoices", {});
    expect(isError, text).toBe(false);
    expect(data.complete).toBe(false);
    expect(data.sums).toBeNull();
    expect(text).toContain("listed the id i1 twice");
    expect(text).not.toMatch(/together/);
  });

  it("vat_report: no tax figure from a list with a repeat", async () => {
    peer = await peerWith({ invoices: twice });
    const { text, data } = await peer.mcp.call("vat_report", { period: "Q4 2026" });
    expect(text).toContain("listed the id i1 twice");
    // Each invoice once would be 5.70 tax; counted twice it would be 7.60. Neither may appear as a figure.
    expect(text).not.toContain("7.60");
    expect(JSON.stringify(data ?? {})).not.toContain("7.6");
  });

  it("revenue_report: sums nothing over a list with a repeat", async () => {
    peer = await peerWith({ invoices: twice });
    const { text, data } = await peer.mcp.call("revenue_report", { period: 2026 });
    expect(text).toContain("listed the id i1 twice");
    expect(data?.totals ?? null).toBeNull();
  });

  it("list_time_entries: no total hours from entries listed twice", async () => {
    peer = await peerWith({ entries: [entry(1), entry(1), entry(2)] });
    const { isError, data, text } = await peer.mcp.call("list_time_entries", {});
    expect(isError, text).toBe(false);
    expect(data.complete).toBe(false);
    expect(data.totalMinutes).toBeNull();
    expect(text).toContain("listed the id t1 twice");
  });

  it("list_customers and list_projects say the list is not whole", async () => {
    peer = await peerWith({ customers: [customer, customer], projects: [project, project] });
    const customers = await peer.mcp.call("list_customers", {});
    expect(customers.data.complete).toBe(false);
    expect(customers.text).toContain("listed the id c1 twice");
    const projects = await peer.mcp.call("list_projects", {});
    expect(projects.text).toContain("listed the id p1 twice");
  });
});
