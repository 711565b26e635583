/** Bodies and query parameters: every 400 names the field and what is wrong. */
import { describe, expect, it } from "vitest";
import { at, get, post, sandbox } from "./helpers.js";
import { NOW, tinyData } from "./tiny-data.js";

const start = () => sandbox({ data: tinyData(), now: () => NOW });
const MARCH_1 = at("2026-03-01T00:00:00+01:00");
const MARCH_31 = at("2026-03-31T00:00:00+02:00");
const invoice = {
  customerId: "cus_a",
  invoiceNumber: "RE-2026-100",
  invoiceDate: NOW,
  periodStart: MARCH_1,
  periodEnd: MARCH_31,
  netAmount: 100,
};
const entry = {
  projectId: "prj_shop",
  customerId: "cus_a",
  startTime: at("2026-03-17T09:00:00+01:00"),
  endTime: at("2026-03-17T10:00:00+01:00"),
};

async function refused(path: string, body: unknown) {
  const sb = await start();
  const res = await post(sb, path, body);
  expect(res.status).toBe(400);
  expect(res.body.data).toBeNull();
  expect(res.body.meta).toBeNull();
  return res.body.error;
}

describe("invoice bodies", () => {
  it.each([
    [{ ...invoice, netAmount: "100" }, "Invalid request: netAmount must be a number"],
    [{ ...invoice, netAmount: 10.005 }, "Invalid request: netAmount must have at most 2 decimals"],
    [{ ...invoice, netAmount: -5 }, "Invalid request: netAmount must not be negative"],
    [{ ...invoice, customerId: undefined }, "Invalid request: customerId is required"],
    [{ ...invoice, invoiceNumber: "  " }, "Invalid request: invoiceNumber must not be empty"],
    [
      { ...invoice, invoiceDate: 1_773_000_000 },
      "Invalid request: invoiceDate must be a Unix timestamp in milliseconds between 2000 and 2100",
    ],
    [
      { ...invoice, periodStart: 1.5 },
      "Invalid request: periodStart must be an integer (Unix ms); periodStart must be a Unix timestamp in milliseconds between 2000 and 2100",
    ],
    [{ ...invoice, taxRate: 120 }, "Invalid request: taxRate must be between 0 and 100"],
    [
      { ...invoice, activityType: "privat" },
      "Invalid request: activityType must be one of freiberuflich, gewerblich",
    ],
    [{ ...invoice, notes: 5 }, "Invalid request: notes must be a string"],
    [{ ...invoice, periodEnd: MARCH_1 - 1 }, "Invalid request: periodEnd must not be before periodStart"],
    [{ ...invoice, customerId: "cus_nope" }, 'Invalid request: customerId "cus_nope" does not exist'],
    [
      { ...invoice, invoiceNumber: "RE-2026-003" },
      'Invalid request: invoiceNumber "RE-2026-003" already exists',
    ],
  ])("%j → %s", async (body, message) => {
    expect(await refused("/api/v1/invoices", body)).toBe(message);
  });

  it("lists every problem at once", async () => {
    const error = await refused("/api/v1/invoices", { netAmount: "x" });
    for (const field of [
      "customerId",
      "invoiceNumber",
      "invoiceDate",
      "periodStart",
      "periodEnd",
      "netAmount",
    ]) {
      expect(error).toContain(field);
    }
  });

  it("a refused duplicate leaves the list unchanged", async () => {
    const sb = await start();
    expect((await post(sb, "/api/v1/invoices", invoice)).status).toBe(201);
    const again = await post(sb, "/api/v1/invoices", { ...invoice, netAmount: 200 });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('Invalid request: invoiceNumber "RE-2026-100" already exists');
    expect((await get(sb, "/api/v1/invoices")).body.meta).toEqual({ total: 10 });
  });
});

describe("customer and time-entry bodies", () => {
  it.each([
    [{ hourlyRate: 50 }, "Invalid request: name is required"],
    [{ name: "", hourlyRate: 50 }, "Invalid request: name must not be empty"],
    [{ name: "X", hourlyRate: -1 }, "Invalid request: hourlyRate must not be negative"],
    [{ name: "X" }, "Invalid request: hourlyRate is required"],
    [{ name: "X", hourlyRate: 50, email: 1 }, "Invalid request: email must be a string"],
  ])("customer %j → %s", async (body, message) => {
    expect(await refused("/api/v1/customers", body)).toBe(message);
  });

  it.each([
    [{ ...entry, endTime: entry.startTime }, "Invalid request: endTime must be after startTime"],
    [{ ...entry, endTime: entry.startTime - 60_000 }, "Invalid request: endTime must be after startTime"],
    [
      { ...entry, endTime: entry.startTime + 24 * 3_600_000 + 60_000 },
      "Invalid request: endTime must be at most 24 hours after startTime",
    ],
    [{ ...entry, startTime: "09:00" }, "Invalid request: startTime must be a number (Unix ms)"],
    [
      { ...entry, projectId: "prj_blog" },
      'Invalid request: projectId "prj_blog" belongs to another customer than customerId "cus_a"',
    ],
    [{ ...entry, projectId: undefined }, "Invalid request: projectId is required"],
  ])("time entry %j → %s", async (body, message) => {
    expect(await refused("/api/v1/time-entries", body)).toBe(message);
  });
});

describe("raw bodies", () => {
  const send = async (body: string, contentType = "application/json") => {
    const sb = await start();
    const res = await fetch(`${sb.url}/api/v1/customers`, {
      method: "POST",
      headers: { Authorization: `Bearer ${sb.keys.demo}`, "Content-Type": contentType },
      body,
    });
    return { status: res.status, body: (await res.json()) as { error: string } };
  };

  it("bad JSON → 400 Invalid JSON body", async () => {
    expect(await send("{name:")).toEqual({
      status: 400,
      body: { data: null, meta: null, error: "Invalid JSON body" },
    });
    expect((await send("")).body.error).toBe("Invalid JSON body");
  });

  it("a body that is not an object → 400", async () => {
    expect((await send("[1,2]")).body.error).toBe("Invalid request: body must be a JSON object");
    expect((await send("null")).body.error).toBe("Invalid request: body must be a JSON object");
  });

  it("a non-JSON content type → 400", async () => {
    expect((await send('{"name":"X","hourlyRate":1}', "text/plain")).body.error).toBe(
      "Invalid request: Content-Type must be application/json",
    );
  });

  it("a body over 1 MiB → 413 envelope", async () => {
    const res = await send(JSON.stringify({ name: "x".repeat(1024 * 1024), hourlyRate: 1 }));
    expect(res.status).toBe(413);
    expect(res.body.error).toMatch(/too large/);
  });
});

describe("query parameters", () => {
  it.each([
    ["/api/v1/invoices?status=open", 'Invalid request: status must be one of draft, sent, paid (got "open")'],
    ["/api/v1/invoices?status=", 'Invalid request: status must be one of draft, sent, paid (got "")'],
    [
      "/api/v1/reports/eur?year=1999",
      'Invalid request: year must be an integer from 2000 to 2100 (got "1999")',
    ],
    [
      "/api/v1/reports/eur?year=2026.5",
      'Invalid request: year must be an integer from 2000 to 2100 (got "2026.5")',
    ],
    [
      "/api/v1/reports/eur?year=abc",
      'Invalid request: year must be an integer from 2000 to 2100 (got "abc")',
    ],
    [
      "/api/v1/time-entries?from=yesterday",
      'Invalid request: from must be an ISO 8601 date like 2026-03-01 (got "yesterday")',
    ],
    [
      "/api/v1/time-entries?from=2026-02-30",
      'Invalid request: from must be an ISO 8601 date like 2026-03-01 (got "2026-02-30")',
    ],
    [
      "/api/v1/time-entries?to=2026-13-01",
      'Invalid request: to must be an ISO 8601 date like 2026-03-01 (got "2026-13-01")',
    ],
    ["/api/v1/time-entries?from=2026-03-10&to=2026-03-01", "Invalid request: from must not be after to"],
  ])("%s → 400", async (path, message) => {
    const sb = await start();
    const res = await get(sb, path);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ data: null, meta: null, error: message });
  });
});
