/** Two accounts whose data never mixes: a foreign id behaves exactly like an unknown one. */
import { describe, expect, it } from "vitest";
import { get, post, sandbox } from "./helpers.js";
import { NOW, tinyData } from "./tiny-data.js";

const start = () => sandbox({ data: tinyData(), now: () => NOW });

describe("account isolation", () => {
  it("lists show only the caller's records", async () => {
    const sb = await start();
    const other = sb.keys.other;
    const names = (items: unknown) => (items as { name: string }[]).map((c) => c.name);
    expect(names((await get(sb, "/api/v1/customers", other)).body.data)).toEqual(["Xeno AG"]);
    expect(names((await get(sb, "/api/v1/projects", other)).body.data)).toEqual(["Xeno-Projekt"]);
    expect((await get(sb, "/api/v1/invoices", other)).body.meta).toEqual({ total: 1 });
    expect((await get(sb, "/api/v1/time-entries", other)).body.meta).toEqual({ total: 1 });
    expect((await get(sb, "/api/v1/reports/eur?year=2026", other)).body.data).toMatchObject({
      income: { total: 0 },
      expenses: { count: 0 },
    });
  });

  it.each([
    "/api/v1/customers/{id}/summary",
    "/api/v1/time-entries/by-customer/{id}/summary",
    "/api/v1/reports/outstanding-payments-by-customer?customerId={id}",
  ])("%s: a foreign id and an unknown id are both 404 Customer not found", async (pattern) => {
    const sb = await start();
    for (const [id, key] of [
      ["cus_a", sb.keys.other],
      ["cus_x", sb.keys.demo],
      ["nope", sb.keys.demo],
    ] as const) {
      const res = await get(sb, pattern.replace("{id}", id), key);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ data: null, meta: null, error: "Customer not found" });
    }
  });

  it("a foreign customerId or projectId in a body is refused naming the field", async () => {
    const sb = await start();
    const invoice = {
      customerId: "cus_x",
      invoiceNumber: "X-1",
      invoiceDate: NOW,
      periodStart: NOW,
      periodEnd: NOW,
      netAmount: 10,
    };
    const res = await post(sb, "/api/v1/invoices", invoice);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid request: customerId "cus_x" does not exist');
    const entry = { projectId: "prj_x", customerId: "cus_a", startTime: NOW - 3_600_000, endTime: NOW };
    const te = await post(sb, "/api/v1/time-entries", entry);
    expect(te.status).toBe(400);
    expect(te.body.error).toBe('Invalid request: projectId "prj_x" does not exist');
  });

  it("records created in one account stay there", async () => {
    const sb = await start();
    const created = await post<{ id: string }>(sb, "/api/v1/customers", { name: "Nur Demo", hourlyRate: 50 });
    expect(created.status).toBe(201);
    const otherNames = (
      (await get(sb, "/api/v1/customers", sb.keys.other)).body.data as { name: string }[]
    ).map((c) => c.name);
    expect(otherNames).not.toContain("Nur Demo");
    expect((await get(sb, `/api/v1/customers/${created.body.data.id}/summary`, sb.keys.other)).status).toBe(
      404,
    );
  });

  it("the demo data's two accounts are separate too", async () => {
    const sb = await sandbox({ referenceDate: NOW, now: () => NOW });
    const demoIds = ((await get(sb, "/api/v1/customers")).body.data as { _id: string }[]).map((c) => c._id);
    const otherIds = ((await get(sb, "/api/v1/customers", sb.keys.other)).body.data as { _id: string }[]).map(
      (c) => c._id,
    );
    expect(otherIds).toHaveLength(2);
    expect(demoIds.filter((id) => otherIds.includes(id))).toEqual([]);
    for (const id of demoIds)
      expect((await get(sb, `/api/v1/customers/${id}/summary`, sb.keys.other)).status).toBe(404);
  });
});
