/** Every endpoint's shape, the envelope and the meta rules, ordering, and unknown routes. */
import { describe, expect, it } from "vitest";
import { at, get, sandbox } from "./helpers.js";
import { NOW, tinyData } from "./tiny-data.js";

const start = () => sandbox({ data: tinyData(), now: () => NOW });
const ids = (items: unknown) => (items as { _id: string }[]).map((i) => i._id);

describe("lists", () => {
  it("invoices: every field, newest first, meta.total, JSON content type", async () => {
    const sb = await start();
    const res = await get(sb, "/api/v1/invoices");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.body.error).toBeNull();
    expect(res.body.meta).toEqual({ total: 9 });
    expect(ids(res.body.data)).toEqual([
      "inv_b4",
      "inv_b5",
      "inv_a3",
      "inv_b3",
      "inv_a2",
      "inv_a1",
      "inv_b1",
      "inv_b2",
      "inv_c1",
    ]);
    expect((res.body.data as unknown[])[3]).toEqual({
      _id: "inv_b3",
      invoiceNumber: "RE-2026-003",
      customerId: "cus_b",
      invoiceDate: at("2026-03-01T00:00:00+01:00"),
      netAmount: 1234.56,
      status: "sent",
      activityType: "freiberuflich",
      taxRate: 19,
      taxAmount: 234.57,
      grossAmount: 1469.13,
      createdAt: at("2026-03-01T00:00:00+01:00"),
    });
  });

  it("invoices filtered by status", async () => {
    const sb = await start();
    expect(ids((await get(sb, "/api/v1/invoices?status=sent")).body.data)).toEqual([
      "inv_b5",
      "inv_a3",
      "inv_b3",
      "inv_a2",
    ]);
    expect(ids((await get(sb, "/api/v1/invoices?status=paid")).body.data)).toEqual([
      "inv_a1",
      "inv_b1",
      "inv_b2",
      "inv_c1",
    ]);
    const drafts = await get(sb, "/api/v1/invoices?status=draft");
    expect(ids(drafts.body.data)).toEqual(["inv_b4"]);
    expect(drafts.body.meta).toEqual({ total: 1 });
  });

  it("invoices with the same date are ordered by number, descending", async () => {
    const data = tinyData();
    for (const invoice of data.demo.invoices) invoice.invoiceDate = at("2026-03-01T00:00:00+01:00");
    const sb = await sandbox({ data, now: () => NOW });
    const numbers = ((await get(sb, "/api/v1/invoices")).body.data as { invoiceNumber: string }[]).map(
      (i) => i.invoiceNumber,
    );
    expect(numbers).toEqual([...numbers].sort().reverse());
  });

  it("customers: active only, by name, API fields only", async () => {
    const sb = await start();
    const res = await get(sb, "/api/v1/customers");
    expect(res.body).toEqual({
      data: [
        {
          _id: "cus_a",
          name: "Alpha GmbH",
          email: "a@example.de",
          address: "A-Straße 1",
          hourlyRate: 80,
          isActive: true,
          activityType: "gewerblich",
        },
        {
          _id: "cus_b",
          name: "Beta Büro",
          email: "b@example.de",
          address: "B-Weg 2",
          hourlyRate: 95.5,
          isActive: true,
          activityType: "freiberuflich",
        },
      ],
      meta: { total: 2 },
      error: null,
    });
  });

  it("projects: active only, by name", async () => {
    const sb = await start();
    const res = await get(sb, "/api/v1/projects");
    expect(res.body).toEqual({
      data: [
        {
          _id: "prj_blog",
          name: "Blog",
          customerId: "cus_b",
          color: "#445566",
          isActive: true,
          activityType: "freiberuflich",
        },
        {
          _id: "prj_shop",
          name: "Shop",
          customerId: "cus_a",
          color: "#112233",
          isActive: true,
          activityType: "gewerblich",
        },
      ],
      meta: { total: 2 },
      error: null,
    });
  });

  it("time entries: newest first; a running timer has endTime null and the minutes so far", async () => {
    const sb = await start();
    const res = await get(sb, "/api/v1/time-entries");
    expect(res.body.meta).toEqual({ total: 8 });
    expect(ids(res.body.data)).toEqual([
      "te_a4",
      "te_b2",
      "te_a2",
      "te_a3",
      "te_a5",
      "te_a1",
      "te_b1",
      "te_c1",
    ]);
    const [running, done] = res.body.data as unknown[];
    expect(running).toEqual({
      _id: "te_a4",
      projectId: "prj_shop",
      customerId: "cus_a",
      startTime: at("2026-03-18T09:15:00+01:00"),
      endTime: null,
      durationMinutes: 45,
      description: "work te_a4",
      isRunning: true,
    });
    expect(done).toMatchObject({
      _id: "te_b2",
      durationMinutes: 105,
      isRunning: false,
      endTime: at("2026-03-17T15:45:00+01:00"),
    });
    expect(done).not.toHaveProperty("invoiceId");
  });

  it("time entries between Berlin calendar days, both bounds inclusive", async () => {
    const sb = await start();
    const range = async (query: string) => ids((await get(sb, `/api/v1/time-entries?${query}`)).body.data);
    expect(await range("from=2026-03-01&to=2026-03-16")).toEqual(["te_a2", "te_a3", "te_a5"]);
    expect(await range("from=2026-03-01")).toEqual(["te_a4", "te_b2", "te_a2", "te_a3", "te_a5"]);
    // te_a5 starts 1 March 00:30 in Berlin, which is 28 February in UTC: Berlin's day decides.
    expect(await range("to=2026-02-28")).toEqual(["te_a1", "te_b1", "te_c1"]);
    // A full ISO 8601 time is taken as the Berlin day it falls on; without an offset it is Berlin time.
    expect(await range("from=2026-03-16T23:30:00Z")).toEqual(["te_a4", "te_b2"]);
    expect(await range("from=2026-03-17T00:00")).toEqual(["te_a4", "te_b2"]);
    expect(await range("from=2026-03-17&to=2026-03-17")).toEqual(["te_b2"]);
  });
});

describe("summaries and reports carry meta null", () => {
  it.each([
    "/api/v1/customers/cus_a/summary",
    "/api/v1/time-entries/by-customer/cus_a/summary",
    "/api/v1/reports/eur",
  ])("%s", async (path) => {
    const sb = await start();
    const res = await get(sb, path);
    expect(res.status).toBe(200);
    expect(res.body.meta).toBeNull();
    expect(res.body.error).toBeNull();
    expect(res.body.data).toBeTypeOf("object");
  });
});

describe("unknown routes", () => {
  it("an unknown path is a 404 envelope", async () => {
    const sb = await start();
    for (const path of ["/api/v1/nothing", "/api/v1/invoices/", "/api/v2/invoices", "/"]) {
      expect((await get(sb, path)).body).toEqual({ data: null, meta: null, error: "Not found" });
    }
  });

  it("a known path with the wrong method is a 405 envelope with Allow", async () => {
    const sb = await start();
    const res = await fetch(`${sb.url}/api/v1/projects`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${sb.keys.demo}` },
    });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
    const body = (await res.json()) as { data: unknown; meta: unknown; error: string };
    expect(body.data).toBeNull();
    expect(body.meta).toBeNull();
    expect(body.error).toMatch(/not allowed/);
  });

  it("path ids are URL-decoded once", async () => {
    const data = tinyData();
    const alpha = data.demo.customers[0];
    if (alpha) alpha._id = "cus/a b";
    for (const e of data.demo.timeEntries) if (e.customerId === "cus_a") e.customerId = "cus/a b";
    const sb = await sandbox({ data, now: () => NOW });
    const res = await get<{ customer: { id: string } }>(
      sb,
      `/api/v1/customers/${encodeURIComponent("cus/a b")}/summary`,
    );
    expect(res.body.data.customer.id).toBe("cus/a b");
    expect((await get(sb, "/api/v1/customers/cus%252Fa%20b/summary")).status).toBe(404);
  });
});
