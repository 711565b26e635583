/** The inbox file: written by one receiver, read by any process, torn lines and retention included. */
import { spawnSync } from "node:child_process";
import { appendFile, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultInboxPath, type InboxEvent, readInbox } from "../../src/webhooks/inbox.js";
import { formatLine } from "../../src/webhooks/inbox-format.js";
import { InboxLockedError } from "../../src/webhooks/inbox-lock.js";
import { InboxWriter } from "../../src/webhooks/inbox-writer.js";
import { tempDir } from "./helpers.js";

const DAY = 86_400_000;
let counter = 0;

/** A stored event with a unique id; `timestamp` and `receivedAt` default to the same instant. */
function stored(event: string, timestamp: string, extra: Partial<InboxEvent> = {}): InboxEvent {
  counter++;
  return {
    id: counter.toString(16).padStart(64, "0"),
    receivedAt: timestamp,
    event,
    timestamp,
    data: { n: counter },
    ...extra,
  };
}

async function inboxWith(events: InboxEvent[]): Promise<string> {
  const path = join(await tempDir(), "inbox.jsonl");
  await writeFile(path, events.map(formatLine).join(""));
  return path;
}

describe("readInbox", () => {
  it("returns nothing for an inbox that does not exist yet", async () => {
    expect(await readInbox(join(await tempDir(), "missing", "inbox.jsonl"))).toEqual([]);
  });

  it("lists newest first by timestamp, the later arrival first among equal timestamps", async () => {
    const a = stored("invoice.created", "2026-03-16T08:00:00.000Z");
    const b = stored("invoice.paid", "2026-03-18T08:00:00.000Z");
    const c = stored("invoice.sent", "2026-03-17T08:00:00.000Z"); // arrived late (a retry)
    const d = stored("invoice.paid", "2026-03-18T08:00:00.000Z");
    const path = await inboxWith([a, b, c, d]);
    expect((await readInbox(path)).map((e) => e.id)).toEqual([d.id, b.id, c.id, a.id]);
  });

  it("filters by type and by timestamp: since inclusive, until exclusive", async () => {
    const monday = stored("invoice.paid", "2026-03-16T00:00:00.000Z");
    const sunday = stored("invoice.paid", "2026-03-15T23:59:59.999Z");
    const created = stored("invoice.created", "2026-03-17T10:00:00.000Z");
    const nextMonday = stored("invoice.paid", "2026-03-23T00:00:00.000Z");
    const path = await inboxWith([monday, sunday, created, nextMonday]);
    const since = new Date("2026-03-16T00:00:00.000Z");
    const until = new Date("2026-03-23T00:00:00.000Z");
    expect((await readInbox(path, { type: "invoice.paid", since })).map((e) => e.id)).toEqual([
      nextMonday.id,
      monday.id,
    ]);
    expect((await readInbox(path, { since, until })).map((e) => e.id)).toEqual([created.id, monday.id]);
    expect((await readInbox(path, { type: ["invoice.created", "invoice.sent"] })).map((e) => e.id)).toEqual([
      created.id,
    ]);
    expect(await readInbox(path, { type: [] })).toEqual([]);
  });

  it("skips unreadable lines, other versions and repeated ids", async () => {
    const good = stored("invoice.paid", "2026-03-16T00:00:00.000Z");
    const path = await inboxWith([good]);
    await appendFile(path, "garbage\n\n{}\n");
    await appendFile(path, `${JSON.stringify({ ...good, v: 2, id: "f".repeat(64) })}\n`);
    await appendFile(path, formatLine(good));
    expect(await readInbox(path)).toEqual([good]);
  });

  it("ignores a torn last line, and sees it once it is complete", async () => {
    const first = stored("invoice.paid", "2026-03-16T00:00:00.000Z");
    const second = stored("invoice.paid", "2026-03-17T00:00:00.000Z");
    const path = await inboxWith([first]);
    const line = formatLine(second);
    await appendFile(path, line.slice(0, 50)); // mid-write (or a crash) right now
    expect(await readInbox(path)).toEqual([first]);
    await appendFile(path, line.slice(50));
    expect(await readInbox(path)).toEqual([second, first]);
  });

  it("reads what was appended since the last call, and starts over when the file was replaced", async () => {
    const events = [1, 2, 3, 4].map((n) => stored("invoice.paid", `2026-03-1${n}T00:00:00.000Z`));
    const path = await inboxWith(events.slice(0, 2));
    expect(await readInbox(path)).toHaveLength(2);
    await appendFile(path, formatLine(events[2]!));
    expect((await readInbox(path)).map((e) => e.id)).toEqual([events[2]!.id, events[1]!.id, events[0]!.id]);
    // Retention replaced the file: fewer earlier lines, and then more appended than before.
    await writeFile(path, [events[1]!, events[2]!, events[3]!].map(formatLine).join(""));
    expect((await readInbox(path)).map((e) => e.id)).toEqual([events[3]!.id, events[2]!.id, events[1]!.id]);
  });

  it("hands out frozen events (they are shared between calls)", async () => {
    const path = await inboxWith([stored("invoice.paid", "2026-03-16T00:00:00.000Z")]);
    const [event] = await readInbox(path);
    expect(Object.isFrozen(event)).toBe(true);
    expect(Object.isFrozen(event?.data)).toBe(true);
  });
});

describe("InboxWriter", () => {
  it("creates the folder and appends whole lines readable by readInbox", async () => {
    const path = join(await tempDir(), "nested", "folder", "inbox.jsonl");
    const writer = await InboxWriter.open(path);
    const event = stored("customer.created", "2026-03-16T00:00:00.000Z");
    expect(await writer.append(event)).toBe("stored");
    expect(await writer.append(event)).toBe("duplicate");
    await writer.close();
    expect(await readFile(path, "utf8")).toBe(formatLine(event));
    expect(await readInbox(path)).toEqual([event]);
  });

  it("stores simultaneous appends of one id once", async () => {
    const writer = await InboxWriter.open(join(await tempDir(), "inbox.jsonl"));
    const event = stored("invoice.paid", "2026-03-16T00:00:00.000Z");
    const other = stored("invoice.paid", "2026-03-16T00:00:00.000Z");
    const outcomes = await Promise.all([event, event, other, event].map((e) => writer.append(e)));
    expect(outcomes.sort()).toEqual(["duplicate", "duplicate", "stored", "stored"]);
    expect(writer.size).toBe(2);
    await writer.close();
  });

  it("starts on a clean line after a torn last line, keeping every complete record", async () => {
    const first = stored("invoice.paid", "2026-03-16T00:00:00.000Z");
    const path = await inboxWith([first]);
    await appendFile(path, formatLine(stored("invoice.paid", "2026-03-16T00:00:00.000Z")).slice(0, 40));
    const writer = await InboxWriter.open(path);
    expect(writer.droppedAtOpen).toBe(1);
    const next = stored("invoice.sent", "2026-03-17T00:00:00.000Z");
    await writer.append(next);
    await writer.close();
    expect(await readFile(path, "utf8")).toBe(formatLine(first) + formatLine(next));
  });

  it("applies retention at start: age by receivedAt, then the newest N", async () => {
    const now = Date.parse("2026-03-18T10:00:00.000Z");
    const old = stored("invoice.paid", "2026-01-01T00:00:00.000Z", {
      receivedAt: new Date(now - 11 * DAY).toISOString(),
    });
    const recent = [3, 2, 1].map((days) =>
      stored("invoice.paid", "2026-03-01T00:00:00.000Z", {
        receivedAt: new Date(now - days * DAY).toISOString(),
      }),
    );
    const path = await inboxWith([old, ...recent]);
    const writer = await InboxWriter.open(path, {
      now: () => now,
      retention: { maxAgeDays: 10, maxEvents: 2 },
    });
    expect(writer.droppedAtOpen).toBe(2);
    expect(writer.size).toBe(2);
    expect(writer.has(old.id)).toBe(false);
    await writer.close();
    expect((await readInbox(path)).map((e) => e.id).sort()).toEqual([recent[1]!.id, recent[2]!.id].sort());
  });

  it("compacts while running, and readers follow the replaced file", async () => {
    const path = join(await tempDir(), "inbox.jsonl");
    const writer = await InboxWriter.open(path, { retention: { maxAgeDays: 0, maxEvents: 2 } });
    const events = [1, 2, 3].map((n) => stored("invoice.paid", `2026-03-1${n}T00:00:00.000Z`));
    for (const event of events) await writer.append(event);
    expect(await readInbox(path)).toHaveLength(3);
    expect(await writer.compact()).toBe(1);
    const latest = stored("invoice.paid", "2026-03-19T00:00:00.000Z");
    await writer.append(latest);
    expect((await readInbox(path)).map((e) => e.id)).toEqual([latest.id, events[2]!.id, events[1]!.id]);
    await writer.close();
  });

  it("refuses a second writer while the first runs, and takes over a dead one's lock", async () => {
    const path = join(await tempDir(), "inbox.jsonl");
    const writer = await InboxWriter.open(path);
    await expect(InboxWriter.open(path)).rejects.toThrow(InboxLockedError);
    await expect(InboxWriter.open(path)).rejects.toThrow(/another receiver \(pid \d+/);
    await writer.close();
    // A lock left by a process that is gone (killed before it could clean up):
    const gone = spawnSync(process.execPath, ["-e", ""]).pid;
    const { hostname } = await import("node:os");
    await writeFile(`${path}.lock`, JSON.stringify({ pid: gone, host: hostname(), since: "earlier" }));
    const next = await InboxWriter.open(path);
    await next.close();
    // Our own pid in a lock we do not hold: an earlier process that had it (pid 1 in a container).
    await writeFile(`${path}.lock`, JSON.stringify({ pid: process.pid, host: hostname(), since: "earlier" }));
    const again = await InboxWriter.open(path);
    await again.close();
  });
});

describe("defaultInboxPath", () => {
  it("prefers INVOICING_INBOX, else a file in the home folder", () => {
    expect(defaultInboxPath({ INVOICING_INBOX: "/data/inbox.jsonl" })).toBe("/data/inbox.jsonl");
    expect(defaultInboxPath({ INVOICING_INBOX: "  " }, "/home/anna")).toBe(
      join("/home/anna", ".invoicing-mcp", "inbox.jsonl"),
    );
  });
});
