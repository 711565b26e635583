/**
 * The sender's delivery rules on a scaled clock (timeScale 0.001: one minute becomes 60 ms): a 2xx
 * ends a delivery, anything else is retried with doubling waits, up to 5 times, with the very same
 * bytes and signature every time.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type Sandbox, type SandboxOptions, startSandbox } from "@invoicing-mcp/sandbox";
import { afterEach, describe, expect, it } from "vitest";
import { readInbox } from "../../src/webhooks/inbox.js";
import { verifySignature } from "../../src/webhooks/signature.js";
import { receiver, SECRET, until } from "./helpers.js";
import { NOW, senderData } from "./sandbox-data.js";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function sandbox(webhooks: NonNullable<SandboxOptions["webhooks"]>): Promise<Sandbox> {
  const sb = await startSandbox({ quiet: true, data: senderData(), now: () => NOW, webhooks });
  closers.push(() => sb.close());
  return sb;
}

const pay = (sb: Sandbox) =>
  fetch(`${sb.url}/_sandbox/invoices/inv_sent/pay`, {
    method: "POST",
    headers: { Authorization: `Bearer ${sb.keys.demo}` },
  });

interface Seen {
  at: number;
  body: Buffer;
  headers: IncomingMessage["headers"];
}

/** A raw endpoint that answers with `statuses` in turn (the last one from then on) and keeps every request. */
async function scripted(statuses: (number | "hang")[]): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      seen.push({ at: performance.now(), body: Buffer.concat(chunks), headers: req.headers });
      const status = statuses[Math.min(seen.length, statuses.length) - 1]!;
      if (status !== "hang") res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, seen };
}

describe("retries", () => {
  it("send identical bytes and signature each time, with the documented headers and doubling waits", async () => {
    const endpoint = await scripted([500, 503, 429, 200]);
    const sb = await sandbox({ endpoints: [{ url: endpoint.url, secret: SECRET }], timeScale: 0.001 });
    await pay(sb);
    await sb.webhooks.idle();
    expect(endpoint.seen).toHaveLength(4);
    const [first] = endpoint.seen;
    for (const { body, headers } of endpoint.seen) {
      expect(body.equals(first!.body)).toBe(true);
      expect(headers["x-service-signature"]).toBe(first!.headers["x-service-signature"]);
      expect(headers["content-type"]).toBe("application/json");
      expect(headers["x-service-event"]).toBe("invoice.paid");
      expect(verifySignature(body, headers["x-service-signature"], [SECRET])).toBe(true);
    }
    const gaps = endpoint.seen.slice(1).map((s, i) => s.at - endpoint.seen[i]!.at);
    for (const [i, gap] of gaps.entries()) expect(gap).toBeGreaterThanOrEqual(60 * 2 ** i - 5);
    const [delivery] = sb.webhooks.deliveries;
    expect(delivery?.state).toBe("delivered");
    expect(delivery?.attempts.map((a) => a.status)).toEqual([500, 503, 429, 200]);
  });

  it("go on until a receiver that was down comes up, which stores the event once", async () => {
    // A port nobody listens on yet; the receiver starts there after two refused attempts.
    const probe = await scripted([200]);
    const url = new URL(probe.url);
    await closers.pop()!();
    const sb = await sandbox({
      endpoints: [{ url: `${url.origin}/webhooks/invoicing`, secret: SECRET }],
      timeScale: 0.001,
    });
    await pay(sb);
    const [delivery] = sb.webhooks.deliveries;
    await until(() => (delivery?.attempts.length ?? 0) >= 2);
    const rx = await receiver({ port: Number(url.port) });
    await sb.webhooks.idle();
    expect(delivery?.state).toBe("delivered");
    expect(delivery?.attempts.slice(0, 2).map((a) => a.error)).toEqual(["ECONNREFUSED", "ECONNREFUSED"]);
    expect(delivery?.attempts.at(-1)?.status).toBe(200);
    expect((await readInbox(rx.inboxPath)).map((e) => e.event)).toEqual(["invoice.paid"]);
  });

  it("stop after the fifth retry", async () => {
    const endpoint = await scripted([500]);
    const sb = await sandbox({ endpoints: [{ url: endpoint.url, secret: SECRET }], timeScale: 0.0002 });
    await pay(sb);
    await sb.webhooks.idle();
    const [delivery] = sb.webhooks.deliveries;
    expect(delivery?.state).toBe("failed");
    expect(delivery?.attempts.map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(endpoint.seen).toHaveLength(6);
  });

  it("count an answer slower than the attempt timeout as failed", async () => {
    const endpoint = await scripted(["hang", 204]);
    const sb = await sandbox({
      endpoints: [{ url: endpoint.url, secret: SECRET }],
      timeScale: 0.001,
      attemptTimeoutMs: 100,
    });
    await pay(sb);
    await sb.webhooks.idle();
    const [delivery] = sb.webhooks.deliveries;
    expect(delivery?.attempts.map((a) => a.error ?? a.status)).toEqual(["no answer within 100 ms", 204]);
    expect(delivery?.state).toBe("delivered");
  });

  it("end when the sandbox closes", async () => {
    const endpoint = await scripted([500]);
    const sb = await sandbox({ endpoints: [{ url: endpoint.url, secret: SECRET }] }); // real minutes
    await pay(sb);
    await until(() => endpoint.seen.length === 1);
    const started = Date.now();
    await sb.close();
    await sb.webhooks.idle();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(sb.webhooks.deliveries[0]?.state).toBe("pending");
  });
});
