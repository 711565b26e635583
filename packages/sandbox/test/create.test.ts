/** Creates answer 201 `{id}` with `meta.created`, and the record shows up in its list. */
import { describe, expect, it } from "vitest";
import { at, get, post, sandbox } from "./helpers.js";
import { NOW, tinyData } from "./tiny-data.js";

const start = () => sandbox({ data: tinyData(), now: () => NOW });
const period = { periodStart: at("2026-02-01T00:00:00+01:00"), periodEnd: at("2026-02-28T00:00:00+01:00") };

type Item = Record<string, unknown> & { _id: string };
const find = async (sb: Awaited<ReturnType<typeof start>>, path: string, id: string) =>
  (await get<Item[]>(sb, path)).body.data.find((i) => i._id === id);

describe("POST /api/v1/invoices", () => {
  it("creates a draft, computing tax (half-up) and gross when omitted", async () => {
    const sb = await start();
    const res = await post<{ id: string }>(sb, "/api/v1/invoices", {
      customerId: "cus_b",
      invoiceNumber: "RE-2026-008",
      invoiceDate: NOW,
      ...period,
      netAmount: 1234.55, // 19 % = 234.5645 → 234.56
      notes: "Februar",
    });
    expect(res.status).toBe(201);
    expect(res.body.meta).toEqual({ created: true });
    expect(res.body.error).toBeNull();
    expect(res.body.data).toEqual({ id: expect.any(String) });
    expect(await find(sb, "/api/v1/invoices?status=draft", res.body.data.id)).toEqual({
      _id: res.body.data.id,
      invoiceNumber: "RE-2026-008",
      customerId: "cus_b",
      invoiceDate: NOW,
      netAmount: 1234.55,
      status: "draft",
      activityType: "freiberuflich", // the customer's
      taxRate: 19,
      taxAmount: 234.56,
      grossAmount: 1469.11,
      createdAt: NOW,
      ...period,
      notes: "Februar",
    });
  });

  it("half a cent of tax rounds up; rate 0 gives no tax; given amounts are kept as given", async () => {
    const sb = await start();
    const create = async (number: string, extra: object) => {
      const res = await post<{ id: string }>(sb, "/api/v1/invoices", {
        customerId: "cus_a",
        invoiceNumber: number,
        invoiceDate: NOW,
        ...period,
        ...extra,
      });
      expect(res.status).toBe(201);
      return find(sb, "/api/v1/invoices", res.body.data.id);
    };
    // 10.50 × 19 % = 1.995 → 2.00.
    expect(await create("T-1", { netAmount: 10.5 })).toMatchObject({ taxAmount: 2, grossAmount: 12.5 });
    expect(await create("T-2", { netAmount: 500, taxRate: 0 })).toMatchObject({
      taxRate: 0,
      taxAmount: 0,
      grossAmount: 500,
    });
    // 7 %: 99.99 × 0.07 = 6.9993 → 7.00.
    expect(await create("T-3", { netAmount: 99.99, taxRate: 7 })).toMatchObject({
      taxAmount: 7,
      grossAmount: 106.99,
    });
    expect(
      await create("T-4", {
        netAmount: 100,
        taxAmount: 19.01,
        grossAmount: 119.02,
        activityType: "freiberuflich",
      }),
    ).toMatchObject({
      taxAmount: 19.01,
      grossAmount: 119.02,
      activityType: "freiberuflich",
    });
    // Only the tax given: gross is net plus that tax.
    expect(await create("T-5", { netAmount: 100, taxAmount: 5 })).toMatchObject({
      taxAmount: 5,
      grossAmount: 105,
    });
  });

  it("ids are unique across creates", async () => {
    const sb = await start();
    const created = await Promise.all(
      ["U-1", "U-2", "U-3"].map((n) =>
        post<{ id: string }>(sb, "/api/v1/invoices", {
          customerId: "cus_a",
          invoiceNumber: n,
          invoiceDate: NOW,
          ...period,
          netAmount: 1,
        }),
      ),
    );
    expect(new Set(created.map((r) => r.body.data.id)).size).toBe(3);
  });
});

describe("POST /api/v1/customers", () => {
  it("creates an active customer with defaults", async () => {
    const sb = await start();
    const res = await post<{ id: string }>(sb, "/api/v1/customers", {
      name: "Zeta Öko GmbH",
      hourlyRate: 72.5,
      taxNumber: "12/345/67890",
      ustId: "DE123456789",
    });
    expect(res.status).toBe(201);
    expect(res.body.meta).toEqual({ created: true });
    const id = res.body.data.id;
    expect(await find(sb, "/api/v1/customers", id)).toEqual({
      _id: id,
      name: "Zeta Öko GmbH",
      email: "",
      address: "",
      hourlyRate: 72.5,
      isActive: true,
      activityType: "freiberuflich",
    });
    expect((await get(sb, `/api/v1/customers/${id}/summary`)).body.data).toMatchObject({
      customer: { id, name: "Zeta Öko GmbH", externalId: "", hourlyRate: 72.5, currency: "EUR" },
    });
  });
});

describe("POST /api/v1/time-entries", () => {
  it("creates a completed, unbilled entry with its duration", async () => {
    const sb = await start();
    const startTime = at("2026-03-17T08:00:00+01:00");
    const res = await post<{ id: string }>(sb, "/api/v1/time-entries", {
      projectId: "prj_shop",
      customerId: "cus_a",
      startTime,
      endTime: startTime + 90 * 60_000 + 29_000, // 90.48 min → 90
      description: "Code-Review",
    });
    expect(res.status).toBe(201);
    const id = res.body.data.id;
    expect(await find(sb, "/api/v1/time-entries", id)).toEqual({
      _id: id,
      projectId: "prj_shop",
      customerId: "cus_a",
      startTime,
      endTime: startTime + 90 * 60_000 + 29_000,
      durationMinutes: 90,
      description: "Code-Review",
      isRunning: false,
    });
    // Alpha had 190 unbilled minutes; now 280 (+90.48 min counted as 90) → 4.67 h.
    expect((await get(sb, "/api/v1/customers/cus_a/summary")).body.data).toMatchObject({
      hours: { unbilled: 4.67 },
    });
  });

  it("accepts an inactive project and exactly 24 hours", async () => {
    const sb = await start();
    const startTime = at("2026-03-10T00:00:00+01:00");
    const res = await post(sb, "/api/v1/time-entries", {
      projectId: "prj_alt",
      customerId: "cus_c",
      startTime,
      endTime: startTime + 24 * 3_600_000,
    });
    expect(res.status).toBe(201);
  });
});
