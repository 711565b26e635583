/**
 * Retention: the receiver keeps the events of the last `maxAgeDays` days (by `receivedAt`), at most
 * the newest `maxEvents`, at most `maxBytes` of lines (the newest that fit), and drops lines no
 * reader could use (a torn write, a repeated id, an unreadable or over-long line). It runs only in
 * the receiver, which holds the inbox lock, and only between writes: at start, daily, and when the
 * file passes its byte budget by half. The file is read line by line, and the kept lines are copied
 * byte for byte to a temporary file, synced, and renamed over the inbox, so a reader sees either the
 * old file or the new one, never a half-written one.
 */
import { type FileHandle, open, unlink } from "node:fs/promises";
import { dirname } from "node:path";
import { DAY_MS } from "../domain/calendar-span.js";
import { replaceFile, syncDirectory, writeAll } from "./durable.js";
import { parseLine } from "./inbox-format.js";
import { type LineReadOptions, scanLines } from "./inbox-lines.js";

export interface Retention {
  /** Events received longer ago are dropped; 0 keeps them regardless of age. */
  maxAgeDays: number;
  /** Only the newest this many are kept; 0 means no limit. */
  maxEvents: number;
  /** Only the newest lines that fit in this many bytes are kept; 0 (or absent) means no limit. */
  maxBytes?: number;
}

/**
 * A year and a month, so "this year" and "last December" still find their events; 64 MiB keeps
 * every reader's copy in memory small (about 100,000 typical events, at least 64 of the largest).
 */
export const DEFAULT_RETENTION: Required<Retention> = {
  maxAgeDays: 400,
  maxEvents: 20_000,
  maxBytes: 64 * 1024 * 1024,
};

const COPY_BATCH_BYTES = 4 * 1024 * 1024;

export interface Compaction {
  /** The ids that stay, in file order. */
  ids: string[];
  /** Lines removed: expired, over a limit, unreadable, repeated, or a torn tail. */
  dropped: number;
  /** The size of the inbox afterwards. */
  bytes: number;
}

interface Kept {
  id: string;
  offset: number;
  /** With its "\n". */
  length: number;
}

export async function compactInbox(
  path: string,
  retention: Retention,
  now: number,
  options: LineReadOptions = {},
): Promise<Compaction> {
  let handle: FileHandle;
  try {
    handle = await open(path, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { ids: [], dropped: 0, bytes: 0 };
    throw error;
  }
  let result: Compaction;
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    const { size } = await handle.stat();
    const seen = new Set<string>();
    let kept: Kept[] = [];
    const scan = await scanLines(
      handle,
      0,
      size,
      (bytes, offset) => {
        const event = bytes === undefined ? undefined : parseLine(bytes.toString("utf8"));
        if (event === undefined || seen.has(event.id)) return;
        seen.add(event.id);
        const age = now - Date.parse(event.receivedAt);
        if (retention.maxAgeDays > 0 && age > retention.maxAgeDays * DAY_MS) return;
        kept.push({ id: event.id, offset, length: bytes!.length + 1 });
      },
      options,
    );
    if (retention.maxEvents > 0 && kept.length > retention.maxEvents) kept = kept.slice(-retention.maxEvents);
    kept = withinBudget(kept, retention.maxBytes ?? 0);
    const dropped = scan.lines - kept.length + (scan.end < size ? 1 : 0);
    const bytes = kept.reduce((sum, k) => sum + k.length, 0);
    if (dropped > 0) await copyLines(handle, kept, temporary);
    result = { ids: kept.map((k) => k.id), dropped, bytes };
  } finally {
    await handle.close(); // before the rename: Windows cannot replace a file that is open
  }
  if (result.dropped > 0) await replaceWith(temporary, path);
  return result;
}

/** The newest lines whose bytes add up to at most `maxBytes` (0: all of them). */
function withinBudget(kept: Kept[], maxBytes: number): Kept[] {
  if (maxBytes <= 0) return kept;
  let total = 0;
  let first = kept.length;
  while (first > 0 && total + kept[first - 1]!.length <= maxBytes) total += kept[--first]!.length;
  return kept.slice(first);
}

async function copyLines(source: FileHandle, kept: Kept[], temporary: string): Promise<void> {
  const target = await open(temporary, "w", 0o600);
  try {
    // Copy in batches of neighbouring lines: byte for byte, never more than a few MiB in memory.
    let i = 0;
    while (i < kept.length) {
      let j = i + 1;
      let length = kept[i]!.length;
      while (j < kept.length && length < COPY_BATCH_BYTES && kept[j]!.offset === kept[i]!.offset + length) {
        length += kept[j]!.length;
        j++;
      }
      const bytes = Buffer.alloc(length);
      let filled = 0;
      while (filled < length) {
        const { bytesRead } = await source.read(bytes, filled, length - filled, kept[i]!.offset + filled);
        if (bytesRead === 0) throw new Error("the inbox shrank while retention copied it");
        filled += bytesRead;
      }
      await writeAll(target, bytes);
      i = j;
    }
    await target.sync();
  } catch (error) {
    await target.close();
    await unlink(temporary).catch(() => {});
    throw error;
  }
  await target.close();
}

async function replaceWith(temporary: string, path: string): Promise<void> {
  try {
    await replaceFile(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => {});
    throw error;
  }
  await syncDirectory(dirname(path));
}
