/**
 * Retention: the receiver keeps the events of the last `maxAgeDays` days (by `receivedAt`), at most
 * the newest `maxEvents`, and drops lines no reader could use (a torn write, a repeated id). It runs
 * only in the receiver, which holds the inbox lock, and only between writes: at start, then daily.
 * The kept lines are copied byte for byte to a temporary file, synced, and renamed over the inbox,
 * so a reader sees either the old file or the new one, never a half-written one.
 */
import { open, readFile, unlink } from "node:fs/promises";
import { dirname } from "node:path";
import { replaceFile, syncDirectory, writeAll } from "./durable.js";
import { type InboxEvent, parseLine } from "./inbox-format.js";

export interface Retention {
  /** Events received longer ago are dropped; 0 keeps them regardless of age. */
  maxAgeDays: number;
  /** Only the newest this many are kept; 0 means no limit. */
  maxEvents: number;
}

/** A year and a month, so "this year" and "last December" still find their events. */
export const DEFAULT_RETENTION: Retention = { maxAgeDays: 400, maxEvents: 20_000 };

const DAY_MS = 86_400_000;

export interface Compaction {
  /** What stays, in file order. */
  events: InboxEvent[];
  /** Lines removed: expired, over the limit, unreadable, repeated, or a torn tail. */
  dropped: number;
}

export async function compactInbox(path: string, retention: Retention, now: number): Promise<Compaction> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { events: [], dropped: 0 };
    throw error;
  }
  const pieces = text.split("\n");
  const tail = pieces.pop() ?? ""; // after the last "\n": "" unless a write was torn
  const seen = new Set<string>();
  let kept: { line: string; event: InboxEvent }[] = [];
  for (const line of pieces) {
    const event = parseLine(line);
    if (event === undefined || seen.has(event.id)) continue;
    seen.add(event.id);
    if (retention.maxAgeDays > 0 && now - Date.parse(event.receivedAt) > retention.maxAgeDays * DAY_MS) {
      continue;
    }
    kept.push({ line, event });
  }
  if (retention.maxEvents > 0 && kept.length > retention.maxEvents) kept = kept.slice(-retention.maxEvents);
  const dropped = pieces.length - kept.length + (tail === "" ? 0 : 1);
  if (dropped > 0) await rewrite(path, kept.map((k) => `${k.line}\n`).join(""));
  return { events: kept.map((k) => k.event), dropped };
}

async function rewrite(path: string, content: string): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  const handle = await open(temporary, "w", 0o600);
  try {
    await writeAll(handle, Buffer.from(content, "utf8"));
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await replaceFile(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => {});
    throw error;
  }
  await syncDirectory(dirname(path));
}
