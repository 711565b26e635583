/**
 * Large inboxes: the inbox is read line by line, so its size is bounded by
 * retention, not by the longest string a JavaScript engine can hold; retention has a byte budget.
 */
import { appendFile, open, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readInbox } from "../../src/webhooks/inbox.js";
import { formatLine, type InboxEvent } from "../../src/webhooks/inbox-format.js";
import { InboxWriter } from "../../src/webhooks/inbox-writer.js";
import { tempDir } from "./helpers.js";

let counter = 0;
function stored(day: number, data: Record<string, unknown> = {}): InboxEvent {
  counter++;
  const at = new Date(Date.UTC(2026, 2, 1, 0, 0, counter)).toISOString();
  return {
    id: (0x100000 + counter).toString(16).padStart(64, "0"),
    receivedAt: at,
    event: "invoice.paid",
    timestamp: new Date(Date.UTC(2026, 2, day)).toISOString(),
    data: { n: counter, ...data },
  };
}

describe("reading in chunks", () => {
  it("gives the same events for any chunk size, torn tail and over-long lines included", async () => {
    const path = join(await tempDir(), "inbox.jsonl");
    const events = Array.from({ length: 60 }, (_, i) => stored((i % 28) + 1, { note: "é€".repeat(i) }));
    await writeFile(path, events.slice(0, 30).map(formatLine).join(""));
    await appendFile(path, `${"x".repeat(5_000)}\n`); // garbage longer than the line cap below
    await appendFile(path, events.slice(30).map(formatLine).join(""));
    await appendFile(path, formatLine(stored(1)).slice(0, 70)); // being written right now
    const expected = await readInbox(path);
    expect(expected).toHaveLength(60);
    for (const chunkBytes of [5, 64, 1000]) {
      const copy = join(await tempDir(), "inbox.jsonl");
      await writeFile(copy, await (await import("node:fs/promises")).readFile(path));
      expect(await readInbox(copy, {}, { chunkBytes, maxLineBytes: 4_096 })).toEqual(expected);
    }
  });

  it("reads and compacts an inbox larger than the longest string (513 MiB, mostly a hole)", async () => {
    const path = join(await tempDir(), "inbox.jsonl");
    const first = stored(2);
    const last = stored(3);
    await writeFile(path, formatLine(first));
    const handle = await open(path, "r+");
    await handle.truncate(513 * 1024 * 1024); // a sparse run of NUL bytes: one unreadable "line"
    await handle.close();
    await appendFile(path, `\n${formatLine(last)}`);
    expect((await readInbox(path)).map((e) => e.id)).toEqual([last.id, first.id]);
    const writer = await InboxWriter.open(path);
    expect(writer.droppedAtOpen).toBe(1);
    expect(writer.size).toBe(2);
    await writer.close();
    expect((await stat(path)).size).toBe(formatLine(first).length + formatLine(last).length);
  }, 60_000);

  it("keeps at most the newest lines within its byte budget in memory", async () => {
    const path = join(await tempDir(), "inbox.jsonl");
    const events = Array.from({ length: 10 }, (_, i) => stored(i + 1, { pad: "p".repeat(100) }));
    await writeFile(path, events.map(formatLine).join(""));
    const lineBytes = formatLine(events[0]!).length;
    const options = { maxBytes: lineBytes * 4 + 10 };
    expect((await readInbox(path, {}, options)).map((e) => e.id)).toEqual(
      events
        .slice(-4)
        .map((e) => e.id)
        .reverse(),
    );
    const more = stored(20, { pad: "p".repeat(100) });
    await appendFile(path, formatLine(more) + formatLine(events[0]!)); // a repeat of a dropped one stays out
    expect((await readInbox(path, {}, options)).map((e) => e.id)).toEqual(
      [...events.slice(-3), more].map((e) => e.id).reverse(),
    );
  });
});

describe("retention by bytes", () => {
  it("keeps the newest events whose lines fit the byte budget", async () => {
    const path = join(await tempDir(), "inbox.jsonl");
    const events = Array.from({ length: 10 }, () => stored(5, { pad: "p".repeat(100) }));
    await writeFile(path, events.map(formatLine).join(""));
    const lineBytes = formatLine(events[0]!).length;
    const writer = await InboxWriter.open(path, {
      retention: { maxAgeDays: 0, maxEvents: 0, maxBytes: lineBytes * 3 + 10 },
    });
    expect(writer.droppedAtOpen).toBe(7);
    expect(writer.size).toBe(3);
    await writer.close();
    expect((await readInbox(path)).map((e) => e.id).sort()).toEqual(
      events
        .slice(-3)
        .map((e) => e.id)
        .sort(),
    );
  });

  it("compacts while running once the file passes its budget by half", async () => {
    const path = join(await tempDir(), "inbox.jsonl");
    const sample = formatLine(stored(5, { pad: "p".repeat(100) })).length;
    const writer = await InboxWriter.open(path, {
      retention: { maxAgeDays: 0, maxEvents: 0, maxBytes: sample * 4 },
    });
    for (let i = 0; i < 12; i++) await writer.append(stored(5, { pad: "p".repeat(100) }));
    await writer.close();
    // At most half over the budget, plus the one write that went past it (12 lines without retention).
    expect((await stat(path)).size).toBeLessThanOrEqual(sample * 7 + 20);
  });

  it("runs no compaction after the writer is closed, even one a write asked for as it closed", async () => {
    const dir = await tempDir();
    const path = join(dir, "inbox.jsonl");
    const sample = formatLine(stored(5, { pad: "p".repeat(100) })).length;
    const writer = await InboxWriter.open(path, {
      retention: { maxAgeDays: 0, maxEvents: 0, maxBytes: sample * 4 },
    });
    for (let i = 0; i < 6; i++) await writer.append(stored(5, { pad: "p".repeat(100) }));
    // The write that passes the budget and the close, queued one right after the other.
    const last = writer.append(stored(5, { pad: "p".repeat(100) }));
    const closed = writer.close();
    await Promise.all([last, closed]);
    const atClose = await readFile(path, "utf8");
    // Everything the writer queued has run.
    await (writer as unknown as { queue: Promise<unknown> }).queue;
    expect(await readFile(path, "utf8")).toBe(atClose);
    expect(await readdir(dir)).toEqual(["inbox.jsonl"]);
  });
});
