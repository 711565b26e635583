/** watchInbox: a change to the inbox reaches the callback, from fs.watch or from the fallback poll. */
import { appendFile, mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { watchInbox } from "../../src/webhooks/inbox.js";
import { InboxWriter } from "../../src/webhooks/inbox-writer.js";
import { tempDir, until } from "./helpers.js";

const event = (n: number) => ({
  id: n.toString(16).padStart(64, "0"),
  receivedAt: "2026-03-18T10:00:00.000Z",
  event: "invoice.paid",
  timestamp: "2026-03-18T10:00:00.000Z",
  data: { n },
});

describe("watchInbox", () => {
  it("fires when the receiver appends, and not after close", async () => {
    const path = join(await tempDir(), "inbox.jsonl");
    const writer = await InboxWriter.open(path, { retention: { maxAgeDays: 0, maxEvents: 1 } });
    let calls = 0;
    const stop = watchInbox(path, () => calls++, { pollMs: 60_000 });
    await writer.append(event(1));
    await until(() => calls >= 1);
    const afterFirst = calls;
    await writer.append(event(2));
    await until(() => calls > afterFirst);
    // Retention replaces the file; the watch is on the folder, so it keeps working.
    await writer.compact();
    const afterCompact = calls;
    await writer.append(event(3));
    await until(() => calls > afterCompact);
    stop();
    const stopped = calls;
    // A second watch on the same file sees the next append: once it has, the stopped one would have too.
    let control = 0;
    const stopControl = watchInbox(path, () => control++, { pollMs: 60_000 });
    await writer.append(event(4));
    await until(() => control >= 1);
    stopControl();
    expect(calls).toBe(stopped);
    await writer.close();
  });

  it("does not fire for other files in the folder", async () => {
    const dir = await tempDir();
    let calls = 0;
    const stop = watchInbox(join(dir, "inbox.jsonl"), () => calls++, { pollMs: 60_000 });
    // A watch on the other file, in the same folder: once it has fired, the event was delivered.
    let control = 0;
    const stopControl = watchInbox(join(dir, "other.txt"), () => control++, { pollMs: 60_000 });
    await appendFile(join(dir, "other.txt"), "x");
    await until(() => control >= 1);
    stopControl();
    expect(calls).toBe(0);
    stop();
  });

  it("falls back to polling while the folder does not exist, then notices the inbox", async () => {
    const dir = join(await tempDir(), "later");
    let calls = 0;
    const stop = watchInbox(join(dir, "inbox.jsonl"), () => calls++, { fallbackPollMs: 20 });
    await new Promise((r) => setTimeout(r, 60));
    await mkdir(dir);
    await appendFile(join(dir, "inbox.jsonl"), "{}\n");
    await until(() => calls >= 1);
    await rm(join(dir, "inbox.jsonl"));
    await until(() => calls >= 2); // removed is a change too
    stop();
  });
});
