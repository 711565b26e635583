/**
 * A signed body nested far too deep: it must not throw inside the batch write, which would leave
 * that delivery and every one batched with it waiting forever.
 */
import { appendFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readInbox } from "../../src/webhooks/inbox.js";
import { formatLine, type InboxEvent } from "../../src/webhooks/inbox-format.js";
import { InboxWriter } from "../../src/webhooks/inbox-writer.js";
import { deliver, envelope, receiver, tempDir } from "./helpers.js";

const DEPTH = 200_000;
const deep = () => `${"[".repeat(DEPTH)}${"]".repeat(DEPTH)}`;

function event(n: number, data: Record<string, unknown>): InboxEvent {
  return {
    id: n.toString(16).padStart(64, "0"),
    receivedAt: "2026-03-18T09:30:00.000Z",
    event: "invoice.paid",
    timestamp: "2026-03-18T09:30:00.000Z",
    data,
  };
}

describe("deeply nested bodies", () => {
  it("are refused with 400 and a log line, while a delivery arriving with them is stored", async () => {
    const rx = await receiver();
    const body = `{"event":"invoice.paid","timestamp":"2026-03-18T09:30:00Z","data":{"x":${deep()}}}`;
    expect(body.length).toBeLessThan(1024 * 1024);
    const normal = envelope("invoice.paid", { invoiceId: "inv_1", paidAmount: 1 });
    const [bad, good] = await Promise.all([deliver(rx.url, body), deliver(rx.url, normal)]);
    expect(bad.status).toBe(400);
    expect(good.status).toBe(200);
    expect(rx.logs()).toContainEqual(
      expect.objectContaining({ outcome: "rejected", status: 400, reason: expect.stringMatching(/deep/) }),
    );
    expect((await readInbox(rx.inboxPath)).map((e) => e.data.invoiceId)).toEqual(["inv_1"]);
  });

  it("an event the writer cannot serialise fails alone; its batch goes on", async () => {
    const writer = await InboxWriter.open(join(await tempDir(), "inbox.jsonl"));
    let nested: unknown = [];
    for (let i = 0; i < DEPTH; i++) nested = [nested];
    const outcomes = await Promise.allSettled([
      writer.append(event(1, { ok: 1 })),
      writer.append(event(2, { nested })),
      writer.append(event(3, { ok: 3 })),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(writer.size).toBe(2);
    await writer.close();
  });

  it("readers skip a stored line nested too deep instead of failing", async () => {
    const path = join(await tempDir(), "inbox.jsonl");
    const good = event(7, { invoiceId: "inv_7" });
    await writeFile(path, formatLine(good));
    const line = `{"v":1,"id":"${"a".repeat(64)}","receivedAt":"2026-03-18T09:30:00.000Z","event":"invoice.paid","timestamp":"2026-03-18T09:30:00.000Z","data":{"x":${deep()}}}\n`;
    await appendFile(path, line);
    expect((await readInbox(path)).map((e) => e.id)).toEqual([good.id]);
    const writer = await InboxWriter.open(path); // retention drops it too
    expect(writer.droppedAtOpen).toBe(1);
    await writer.close();
  });
});
