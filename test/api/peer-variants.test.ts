/**
 * Another server speaking the same API may choose differently wherever the document says "not
 * shown". This one pages its lists, answers creates with 200, sends no rate-limit headers, knows an
 * extra invoice state, leaves out an empty EÜR type and list-item extras, and shows a running timer
 * without an end. The tools must still answer correctly.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Sandbox } from "@invoicing-mcp/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect } from "../helpers/mcp.js";
import { entriesOf } from "../helpers/time-entries.js";

const DAY = 86_400_000;
const T0 = Date.parse("2026-11-02T09:00:00+01:00");

const customers = [
  { _id: "c1", name: "Müller & Söhne GmbH", hourlyRate: 95, isActive: true, activityType: "gewerblich" },
  { _id: "c2", name: "Kanzlei Weiß", hourlyRate: 110, isActive: true },
  { _id: "c3", name: "Grünwald Verlag", hourlyRate: 90, isActive: true },
];
const projects = [
  { _id: "p1", name: "Website Relaunch", customerId: "c1", isActive: true },
  { _id: "p2", name: "Autorenportal", customerId: "c2", isActive: true },
  { _id: "p3", name: "E-Book-Produktion", customerId: "c3", isActive: true },
];
const invoices = [1, 2, 3, 4, 5].map((n) => ({
  _id: `i${n}`,
  invoiceNumber: `2026/${String(n).padStart(4, "0")}`,
  customerId: n % 2 ? "c1" : "c2",
  invoiceDate: T0 + n * DAY,
  netAmount: 100 * n,
  status: n === 5 ? "cancelled" : n === 4 ? "paid" : "sent",
  taxRate: 19,
  taxAmount: 19 * n,
  grossAmount: 119 * n,
  createdAt: T0,
}));
const entries = [
  {
    _id: "t1",
    projectId: "p1",
    customerId: "c1",
    startTime: T0,
    endTime: T0 + 90 * 60_000,
    durationMinutes: 90,
    isRunning: false,
  },
  { _id: "t2", projectId: "p1", customerId: "c1", startTime: T0 + DAY, isRunning: true },
];
const PAGE = 2;
const posts: unknown[] = [];

function page<T>(items: T[], url: URL) {
  const offset = Number(url.searchParams.get("offset") ?? 0);
  return { data: items.slice(offset, offset + PAGE), meta: { total: items.length }, error: null };
}

function answer(req: IncomingMessage, res: ServerResponse, body: string) {
  const url = new URL(req.url ?? "/", "http://x");
  const send = (status: number, payload: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(payload));
  };
  if (req.headers.authorization !== "Bearer k_peer_1234567890")
    return send(401, { data: null, meta: null, error: "Unauthorized" });
  const route = `${req.method} ${url.pathname}`;
  if (route === "GET /api/v1/customers") return send(200, page(customers, url));
  if (route === "GET /api/v1/projects") return send(200, page(projects, url));
  // This server ignores ?status= and pages.
  if (route === "GET /api/v1/invoices") return send(200, page(invoices, url));
  if (route === "GET /api/v1/time-entries") return send(200, page(entries, url));
  if (route === "POST /api/v1/invoices" || route === "POST /api/v1/time-entries") {
    posts.push(JSON.parse(body));
    return send(200, { data: { id: `new${posts.length}` }, meta: { created: true }, error: null });
  }
  if (route === "GET /api/v1/reports/eur") {
    const data = {
      year: 2026,
      income: { total: 400, byType: { freiberuflich: 400 }, invoiceCount: 1 },
      expenses: { total: 0, count: 0 },
      profit: 400,
    };
    return send(200, { data, meta: null, error: null });
  }
  send(404, { data: null, meta: null, error: "Not found" });
}

describe("a peer server that chooses differently where the document is silent", () => {
  let server: Server;
  let peer: Sandbox;
  let mcp: Awaited<ReturnType<typeof connect>>;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      req.on("end", () => answer(req, res, body));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    // connect() needs only the address and a key from a "sandbox".
    peer = { url: `http://127.0.0.1:${port}`, keys: { demo: "k_peer_1234567890" } } as unknown as Sandbox;
    mcp = await connect(peer, { now: Date.parse("2026-11-22T10:00:00+01:00") });
  });
  afterAll(async () => {
    await mcp.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it("reads paged lists whole, filters status itself, and shows an unknown state as it comes", async () => {
    const all = await mcp.call("list_invoices", {});
    expect(all.isError).toBe(false);
    expect(all.data.total).toBe(5);
    // A row's status is read in the text (the data keeps the keys a program links with).
    expect(all.text).toMatch(/ · cancelled · /);
    const sent = await mcp.call("list_invoices", { status: "sent" });
    expect(sent.data.invoices.map((i: { invoiceNumber: string }) => i.invoiceNumber)).toEqual([
      "2026/0003",
      "2026/0002",
      "2026/0001",
    ]);
    expect(sent.data.sums.netAmount).toBe(600);
  });

  it("finds a customer and a project that only the second page holds", async () => {
    const projects = await mcp.call("list_projects", { customer: "Gruenwald" });
    expect(projects.isError).toBe(false);
    expect(projects.data.projects).toEqual([
      expect.objectContaining({ id: "p3", customerName: "Grünwald Verlag" }),
    ]);
  });

  it("continues a numbering pattern it has never seen, and accepts a create answered with 200", async () => {
    const created = await mcp.call("create_invoice", {
      customer: "mueller",
      netAmount: 250,
      period: "October 2026",
      // This peer lists no periods, and c1's invoices are dated in November: they may cover October.
      allowOverlap: true,
    });
    expect(created.isError).toBe(false);
    expect(created.data.invoice.invoiceNumber).toBe("2026/0006");
    expect(created.data.invoice.id).toBe("new1");
  });

  it("shows a running timer without an end, and an EÜR without one of the types", async () => {
    const entriesAnswer = await mcp.call("list_time_entries", {});
    expect(entriesAnswer.isError).toBe(false);
    expect(entriesOf(entriesAnswer.data).find((e: { id: string }) => e.id === "t2")).toMatchObject({
      end: null,
    });
    expect(entriesAnswer.data.totalMinutes).toBe(90);
    const eur = await mcp.call("eur_report", { year: 2026 });
    expect(eur.data.income).toMatchObject({ freiberuflich: 400, gewerblich: 0 });
  });
});
