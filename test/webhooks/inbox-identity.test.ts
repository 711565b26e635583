/**
 * The inbox deleted or replaced while the receiver runs: an acknowledged event
 * must be in the file at the inbox path, not in a file nobody can see any more.
 */
import { rename, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { describe, expect, it } from "vitest";
import { readInbox } from "../../src/webhooks/inbox.js";
import { deliver, envelope, receiver } from "./helpers.js";

const paid = (n: number) => envelope("invoice.paid", { invoiceId: `inv_${n}`, paidAmount: n });

async function health(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(new URL("/healthz", url));
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("the inbox file changes under a running receiver", () => {
  it("recreates a deleted inbox file before storing the next event", async () => {
    const rx = await receiver();
    expect((await deliver(rx.url, paid(1))).status).toBe(200);
    await rm(rx.inboxPath);
    expect((await deliver(rx.url, paid(2))).status).toBe(200);
    expect((await readInbox(rx.inboxPath)).map((e) => e.data.invoiceId)).toEqual(["inv_2"]);
    expect(rx.inbox.size).toBe(1);
    const { body } = await health(rx.url);
    expect(body.inbox).toMatchObject({ events: 1, reopened: 1 });
  });

  it("recreates a deleted folder, and the lock in it", async () => {
    const rx = await receiver();
    expect((await deliver(rx.url, paid(1))).status).toBe(200);
    await rm(dirname(rx.inboxPath), { recursive: true });
    // /healthz notices and repairs before any delivery arrives.
    const checked = await health(rx.url);
    expect(checked.status).toBe(200);
    expect(checked.body.inbox).toMatchObject({ reopened: 1 });
    expect((await deliver(rx.url, paid(2))).status).toBe(200);
    expect((await readInbox(rx.inboxPath)).map((e) => e.data.invoiceId)).toEqual(["inv_2"]);
    const { readFile } = await import("node:fs/promises");
    expect(JSON.parse(await readFile(`${rx.inboxPath}.lock`, "utf8"))).toMatchObject({ pid: process.pid });
  });

  it("follows a file renamed over the inbox, and knows the events in it", async () => {
    const rx = await receiver();
    expect((await deliver(rx.url, paid(1))).status).toBe(200);
    const { readFile } = await import("node:fs/promises");
    const copy = `${rx.inboxPath}.copy`;
    await writeFile(copy, await readFile(rx.inboxPath));
    await rename(copy, rx.inboxPath);
    expect((await deliver(rx.url, paid(1))).status).toBe(200); // already in the new file
    expect((await deliver(rx.url, paid(2))).status).toBe(200);
    expect((await readInbox(rx.inboxPath)).map((e) => e.data.invoiceId)).toEqual(["inv_2", "inv_1"]);
    expect(rx.logs().map((l) => l.outcome)).toEqual(["stored", "duplicate", "stored"]);
  });

  it("answers 503 and says so on /healthz when the inbox cannot be recreated", async () => {
    const rx = await receiver();
    const folder = dirname(rx.inboxPath);
    await rm(folder, { recursive: true });
    await writeFile(folder, "a file where the folder was"); // mkdir now fails
    const answer = await deliver(rx.url, paid(3));
    expect(answer.status).toBe(503);
    const checked = await health(rx.url);
    expect(checked.status).toBe(503);
    expect(checked.body).toMatchObject({ ok: false });
    expect(String((checked.body.inbox as Record<string, unknown>).problem)).toMatch(/inbox/);
    await rm(folder);
    expect((await deliver(rx.url, paid(3))).status).toBe(200);
    expect((await health(rx.url)).status).toBe(200);
  });
});
