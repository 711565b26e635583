/** The receiver over real HTTP: verify first, store before 200, store once, never 500. */
import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { readInbox } from "../../src/webhooks/inbox.js";
import { eventId } from "../../src/webhooks/inbox-format.js";
import { sign } from "../../src/webhooks/signature.js";
import { deliver, envelope, inboxLines, receiver, SECRET } from "./helpers.js";

const paid = envelope("invoice.paid", { invoiceId: "inv_1", paidAmount: 119, currency: "EUR" });

describe("a valid delivery", () => {
  it("is stored in the documented line format before the 200", async () => {
    const rx = await receiver({ now: () => Date.parse("2026-03-18T09:30:01.234Z") });
    expect(await deliver(rx.url, paid)).toEqual({ status: 200, body: { ok: true } });
    // The answer came after the fsync: the line is already there.
    expect(await inboxLines(rx.inboxPath)).toEqual([
      {
        v: 1,
        id: eventId(Buffer.from(paid)),
        receivedAt: "2026-03-18T09:30:01.234Z",
        event: "invoice.paid",
        timestamp: "2026-03-18T09:30:00.000Z",
        data: { invoiceId: "inv_1", paidAmount: 119, currency: "EUR" },
      },
    ]);
    expect(rx.logs()).toEqual([
      expect.objectContaining({ event: "invoice.paid", outcome: "stored", status: 200, bytes: paid.length }),
    ]);
  });

  it("is accepted with either secret during a rotation", async () => {
    const rx = await receiver({ secrets: ["whsec_new", SECRET] });
    expect((await deliver(rx.url, paid, sign(paid, SECRET))).status).toBe(200);
    const created = envelope("customer.created", { id: "cus_1" });
    expect((await deliver(rx.url, created, sign(created, "whsec_new"))).status).toBe(200);
    expect(await inboxLines(rx.inboxPath)).toHaveLength(2);
  });

  it("keeps unknown event names and extra fields (the service may add them)", async () => {
    const rx = await receiver();
    const body = JSON.stringify({
      event: "invoice.cancelled",
      timestamp: "2026-03-18T09:30:00Z",
      data: {},
      v: 2,
    });
    expect((await deliver(rx.url, body)).status).toBe(200);
    expect((await readInbox(rx.inboxPath))[0]?.event).toBe("invoice.cancelled");
  });
});

describe("deduplication", () => {
  it("stores five sequential repeats once, answering 200 each time", async () => {
    const rx = await receiver();
    for (let i = 0; i < 5; i++) expect((await deliver(rx.url, paid)).status).toBe(200);
    expect(await inboxLines(rx.inboxPath)).toHaveLength(1);
    expect(rx.logs().map((l) => l.outcome)).toEqual([
      "stored",
      "duplicate",
      "duplicate",
      "duplicate",
      "duplicate",
    ]);
  });

  it("stores five simultaneous repeats once, answering 200 each time", async () => {
    const rx = await receiver();
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(rx.url, paid)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await inboxLines(rx.inboxPath)).toHaveLength(1);
    expect(rx.logs().filter((l) => l.outcome === "stored")).toHaveLength(1);
    expect(rx.stats).toMatchObject({ stored: 1, duplicate: 4, rejected: 0 });
  });

  it("remembers stored events across a restart", async () => {
    const first = await receiver();
    expect((await deliver(first.url, paid)).status).toBe(200);
    await first.close();
    await first.inbox.close();
    const second = await receiver({ inboxPath: first.inboxPath });
    expect((await deliver(second.url, paid)).status).toBe(200);
    expect(second.logs()[0]).toMatchObject({ outcome: "duplicate" });
    expect(await inboxLines(second.inboxPath)).toHaveLength(1);
  });

  it("treats different bytes as a different delivery", async () => {
    const rx = await receiver();
    await deliver(rx.url, paid);
    await deliver(rx.url, `${paid} `); // same event, other bytes: the service never does this
    expect(await inboxLines(rx.inboxPath)).toHaveLength(2);
  });
});

describe("rejections", () => {
  it("stores nothing for a bad or missing signature, and answers 401", async () => {
    const rx = await receiver();
    for (const signature of [null, "", "0".repeat(64), sign(paid, "whsec_wrong"), `${sign(paid, SECRET)}0`]) {
      expect(await deliver(rx.url, paid, signature)).toEqual({
        status: 401,
        body: { ok: false, error: "invalid signature" },
      });
    }
    expect(await inboxLines(rx.inboxPath)).toEqual([]);
    expect(rx.stats.rejected).toBe(5);
  });

  it("answers 400 to a signed body that is not an event envelope, and stores nothing", async () => {
    const rx = await receiver();
    const bodies = [
      "not json{",
      "[]",
      "null",
      JSON.stringify({ event: "", timestamp: "2026-03-18T09:30:00Z", data: {} }),
      JSON.stringify({ event: "invoice.paid", timestamp: "yesterday", data: {} }),
      JSON.stringify({ event: "invoice.paid", timestamp: 1_773_826_200_000, data: {} }),
      JSON.stringify({ event: "invoice.paid", timestamp: "2026-03-18T09:30:00Z", data: [] }),
      JSON.stringify({ timestamp: "2026-03-18T09:30:00Z", data: {} }),
      "",
    ];
    for (const body of bodies) expect((await deliver(rx.url, body)).status).toBe(400);
    expect(await inboxLines(rx.inboxPath)).toEqual([]);
  });

  it("answers 413 to a body over 1 MiB, declared or streamed, and stores nothing", async () => {
    const rx = await receiver();
    const big = envelope("invoice.paid", { pad: "x".repeat(1024 * 1024) });
    expect((await deliver(rx.url, big)).status).toBe(413);
    expect(await streamed(rx.url, Buffer.from(big))).toBe(413);
    expect(await inboxLines(rx.inboxPath)).toEqual([]);
    // Exactly at the limit is read (and then judged by its signature).
    expect((await deliver(rx.url, Buffer.alloc(1024 * 1024, 0x20), "0".repeat(64))).status).toBe(401);
  });

  it("answers 405 to other methods and 404 to other paths", async () => {
    const rx = await receiver();
    for (const method of ["GET", "PUT", "DELETE", "PATCH"]) {
      const res = await fetch(rx.url, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
    }
    const base = new URL(rx.url);
    expect((await deliver(new URL("/webhooks/other", base).href, paid)).status).toBe(404);
    expect((await deliver(new URL("/", base).href, paid)).status).toBe(404);
    expect((await deliver(`${rx.url}/`, paid)).status).toBe(404);
    expect((await deliver(`${rx.url}?x=1`, paid)).status).toBe(200); // a query string is ignored
  });

  it("logs every request without the secret or the body", async () => {
    const rx = await receiver();
    await deliver(rx.url, paid, sign(paid, "whsec_wrong"), { "X-Service-Event": "invoice.paid" });
    await deliver(rx.url, paid);
    await deliver(rx.url, "not json{");
    const all = rx.rawLogs.join("\n");
    expect(all).not.toContain(SECRET);
    expect(all).not.toContain("inv_1");
    expect(all).not.toContain("not json");
    expect(rx.logs()).toEqual([
      expect.objectContaining({
        event: "invoice.paid",
        outcome: "rejected",
        reason: "invalid signature",
        status: 401,
      }),
      expect.objectContaining({ event: "invoice.paid", outcome: "stored", status: 200 }),
      expect.objectContaining({ event: null, outcome: "rejected", reason: "body is not JSON", status: 400 }),
    ]);
    for (const line of rx.logs())
      expect(line).toEqual(expect.objectContaining({ bytes: expect.any(Number), ms: expect.any(Number) }));
  });
});

describe("GET /healthz", () => {
  it("reports the counts", async () => {
    const rx = await receiver();
    await deliver(rx.url, paid);
    await deliver(rx.url, paid);
    await deliver(rx.url, paid, null);
    const res = await fetch(new URL("/healthz", rx.url));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      ok: true,
      inbox: { events: 1 },
      stored: 1,
      duplicate: 1,
      rejected: 1,
    });
    expect((await fetch(new URL("/healthz", rx.url), { method: "POST" })).status).toBe(405);
  });
});

/** A chunked upload with no Content-Length, so the cap must stop the reading itself. */
function streamed(url: string, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", headers: { "Transfer-Encoding": "chunked" } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    for (let i = 0; i < body.length; i += 64 * 1024) req.write(body.subarray(i, i + 64 * 1024));
    req.end();
  });
}
