/**
 * Lists against peers on loopback that page by 20: one with 1,500 invoices (75 pages, read whole),
 * and ones that claim more than they hand out. A list that could not be read whole says so and sums
 * nothing; a replay or overlap check that cannot see everything refuses the write, saying why.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Sandbox } from "@invoicing-mcp/sandbox";
import { afterEach, describe, expect, it } from "vitest";
import { connect } from "../helpers/mcp.js";

const KEY = "k_peer_lists_0123456789";
const T0 = Date.parse("2026-06-01T09:00:00+02:00");
const DAY = 86_400_000;
const PAGE = 20;

interface PeerShape {
  invoices: number;
  entries: number;
  /** Each list claims this many more items than it has (its later pages repeat the first). */
  invoicesClaimExtra?: number;
  entriesClaimExtra?: number;
  customersClaimExtra?: number;
}

const customers = [
  { _id: "c1", name: "Müller & Söhne GmbH", hourlyRate: 100, isActive: true, activityType: "gewerblich" },
  { _id: "c2", name: "Kanzlei Weiß", hourlyRate: 110, isActive: true },
];
const projects = [{ _id: "p1", name: "Website Relaunch", customerId: "c1", isActive: true }];

function records(shape: PeerShape) {
  const invoices = Array.from({ length: shape.invoices }, (_, i) => ({
    _id: `inv${i + 1}`,
    invoiceNumber: `RE-2026-${String(i + 1).padStart(4, "0")}`,
    customerId: "c1",
    invoiceDate: T0 + (i % 150) * DAY,
    netAmount: 100,
    status: "sent",
    taxRate: 19,
    taxAmount: 19,
    grossAmount: 119,
  }));
  const entries = Array.from({ length: shape.entries }, (_, i) => ({
    _id: `t${i + 1}`,
    projectId: "p1",
    customerId: "c1",
    startTime: T0 + i * 3_600_000,
    endTime: T0 + i * 3_600_000 + 1_800_000,
    durationMinutes: 30,
    isRunning: false,
  }));
  return { invoices, entries };
}

/** Pages by 20 on `offset`; past what it really has, it hands out the first page again. */
function page<T>(items: T[], claimExtra: number, url: URL) {
  const offset = Number(url.searchParams.get("offset") ?? 0);
  const start = offset < items.length ? offset : 0;
  return { data: items.slice(start, start + PAGE), meta: { total: items.length + claimExtra }, error: null };
}

async function startPeer(shape: PeerShape) {
  const { invoices, entries } = records(shape);
  const posts: string[] = [];
  const answer = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://peer");
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(payload));
    };
    if (req.headers.authorization !== `Bearer ${KEY}`)
      return send(401, { data: null, meta: null, error: "no" });
    const route = `${req.method} ${url.pathname}`;
    if (req.method === "POST") {
      posts.push(url.pathname);
      return send(201, { data: { id: `new${posts.length}` }, meta: { created: true }, error: null });
    }
    if (route === "GET /api/v1/customers")
      return send(200, page(customers, shape.customersClaimExtra ?? 0, url));
    if (route === "GET /api/v1/projects") return send(200, page(projects, 0, url));
    if (route === "GET /api/v1/invoices")
      return send(200, page(invoices, shape.invoicesClaimExtra ?? 0, url));
    if (route === "GET /api/v1/time-entries")
      return send(200, page(entries, shape.entriesClaimExtra ?? 0, url));
    if (route === "GET /api/v1/reports/eur") {
      const year = Number(url.searchParams.get("year"));
      const income = { total: 500, byType: { freiberuflich: 0, gewerblich: 500 }, invoiceCount: 5 };
      return send(200, {
        data: { year, income, expenses: { total: 0, count: 0 }, profit: 500 },
        error: null,
      });
    }
    const summary = url.pathname.match(/^\/api\/v1\/time-entries\/by-customer\/(c\d)\/summary$/);
    if (summary) {
      const data = {
        customerId: summary[1],
        customerName: summary[1] === "c1" ? "Müller & Söhne GmbH" : "Kanzlei Weiß",
        totalHours: 10,
        billedHours: 4,
        unbilledHours: 6,
        unbilledAmount: 600,
        weekHours: 1,
        monthHours: 2,
        monthlyBreakdown: [],
      };
      return send(200, { data, meta: null, error: null });
    }
    send(404, { data: null, meta: null, error: "Not found" });
  };
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on("end", () => answer(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  // connect() needs only the address and a key from a "sandbox".
  const peer = { url: `http://127.0.0.1:${port}`, keys: { demo: KEY } } as unknown as Sandbox;
  const mcp = await connect(peer, { now: Date.parse("2026-11-22T10:00:00+01:00") });
  return {
    mcp,
    posts,
    close: async () => {
      await mcp.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe("lists read whole, or said to be partial", () => {
  let peer: Awaited<ReturnType<typeof startPeer>> | undefined;
  afterEach(async () => {
    await peer?.close();
    peer = undefined;
  });

  it("revenue_report over a list that could not be read whole: says so, sums nothing, keeps the EÜR", async () => {
    peer = await startPeer({ invoices: 100, entries: 0, invoicesClaimExtra: 1400 });
    const { isError, data, text } = await peer.mcp.call("revenue_report", { period: 2026, byCustomer: true });
    expect(isError).toBe(false);
    expect(data).toMatchObject({ complete: false, months: null, totals: null, customers: null });
    expect(data.eur.years).toEqual([{ year: 2026, income: 500, expenses: 0, profit: 500, paidInvoices: 5 }]);
    expect(text).toMatch(/Only 100 of 1500 invoices could be read/);
    expect(text).toMatch(/nothing is summed/);
    expect(text).not.toMatch(/Invoiced 2026-01-01/);
  });

  it("1,500 invoices paged by 20: all 75 pages are read, and the sums are over all of them", async () => {
    peer = await startPeer({ invoices: 1500, entries: 0 });
    const { isError, data, text } = await peer.mcp.call("list_invoices", { limit: 5 });
    expect(isError).toBe(false);
    expect(data.total).toBe(1500);
    expect(data.complete).toBe(true);
    expect(data.sums).toMatchObject({ netAmount: 150_000, grossAmount: 178_500 });
    expect(text).toContain("All 1500 together: net 150000.00 EUR");
  });

  it("a service that claims more invoices than it hands out: the answer says so and sums nothing", async () => {
    peer = await startPeer({ invoices: 100, entries: 0, invoicesClaimExtra: 1400 });
    const { isError, data, text } = await peer.mcp.call("list_invoices", { limit: 5 });
    expect(isError).toBe(false);
    expect(data.complete).toBe(false);
    expect(data.sums).toBeNull();
    expect(data.invoices).toHaveLength(5);
    expect(text).toMatch(
      /Only 100 of 1500 invoices could be read \(the service stopped handing out new items after 100\)/,
    );
    expect(text).toMatch(/no sums/i);
    expect(text).not.toMatch(/All \d+ together/);
  });

  it("create_invoice cannot see every invoice: it refuses, saying why, and sends nothing", async () => {
    peer = await startPeer({ invoices: 100, entries: 0, invoicesClaimExtra: 1400 });
    const { isError, text } = await peer.mcp.call("create_invoice", {
      customer: "Müller",
      netAmount: 100,
      period: "October 2026",
    });
    expect(isError).toBe(true);
    expect(text).toMatch(/Only 100 of 1500 invoices could be read/);
    expect(text).toMatch(/duplicate/);
    expect(peer.posts).toEqual([]);
  });

  it("log_time cannot see every entry of the day: it refuses, saying why, and sends nothing", async () => {
    peer = await startPeer({ invoices: 0, entries: 30, entriesClaimExtra: 50 });
    const { isError, text } = await peer.mcp.call("log_time", {
      project: "Website Relaunch",
      start: "2026-11-20T09:00",
      duration: "1h",
    });
    expect(isError).toBe(true);
    expect(text).toMatch(/Only 30 of 80 time entries could be read/);
    expect(text).toMatch(/could log time twice, so nothing was logged/);
    expect(peer.posts).toEqual([]);
  });

  it("list_time_entries with a partial list: says so, and gives no total hours", async () => {
    peer = await startPeer({ invoices: 0, entries: 30, entriesClaimExtra: 50 });
    const { isError, data, text } = await peer.mcp.call("list_time_entries", {});
    expect(isError).toBe(false);
    expect(data.complete).toBe(false);
    expect(data.totalMinutes).toBeNull();
    expect(text).toMatch(/Only 30 of 80 time entries could be read/);
  });

  it("a partial customer list: time_summary refuses totals over every customer; list_customers says so", async () => {
    peer = await startPeer({ invoices: 0, entries: 0, customersClaimExtra: 3 });
    const summary = await peer.mcp.call("time_summary", {});
    expect(summary.isError).toBe(true);
    expect(summary.text).toMatch(/Only 2 of 5 customers could be read/);
    const list = await peer.mcp.call("list_customers", {});
    expect(list.isError).toBe(false);
    expect(list.data.complete).toBe(false);
    expect(list.text).toMatch(/Only 2 of 5 customers could be read/);
  });
});
