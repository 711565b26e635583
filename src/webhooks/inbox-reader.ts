/**
 * Reading the inbox from any process, while the receiver appends to it. The file is only ever
 * appended to or replaced whole (retention), so a reader keeps what it parsed and, next time, reads
 * only the bytes added since, after checking that the line it last read is still where it was (if
 * not, the file was replaced, and it reads it from the start).
 */
import { type FileHandle, open } from "node:fs/promises";
import { cleanInboxEvent } from "./inbox-clean.js";
import { type InboxEvent, parseLine } from "./inbox-format.js";
import { type LineReadOptions, scanLines } from "./inbox-lines.js";

export interface InboxQuery {
  /** Only events whose `timestamp` is at or after this instant. */
  since?: Date;
  /** Only events whose `timestamp` is before this instant. */
  until?: Date;
  /** Only these event names, e.g. "invoice.paid". */
  type?: string | readonly string[];
}

interface Row {
  event: InboxEvent;
  /** `timestamp` as Unix ms, parsed once. */
  at: number;
  /** The line's length in the file. */
  bytes: number;
}

export interface InboxReadOptions extends LineReadOptions {
  /**
   * A reader keeps at most the newest lines adding up to this many bytes in memory, however large
   * the file has grown (the receiver's retention keeps it at 64 MiB unless told otherwise).
   */
  maxBytes?: number;
}

export const DEFAULT_READ_MAX_BYTES = 256 * 1024 * 1024;

interface Snapshot {
  /** Bytes consumed: the end of the last complete line. */
  offset: number;
  /** Where the last complete line starts, and its first bytes (they include its unique id). */
  lastLineStart: number;
  lastLinePrefix: Buffer;
  rows: Row[];
  /** The bytes of `rows`' lines. */
  bytes: number;
  ids: Set<string>;
}

const PREFIX_BYTES = 96;
const snapshots = new Map<string, Snapshot>();

/**
 * The events in the inbox at `path`, newest first (by `timestamp`; among equal timestamps the later
 * arrival first). A missing file is an empty inbox. The events are frozen: they are shared between
 * calls.
 */
export async function readInbox(
  path: string,
  query: InboxQuery = {},
  options: InboxReadOptions = {},
): Promise<InboxEvent[]> {
  const rows = await loadRows(path, options);
  const since = query.since?.getTime() ?? Number.NEGATIVE_INFINITY;
  const until = query.until?.getTime() ?? Number.POSITIVE_INFINITY;
  const types = query.type === undefined ? undefined : new Set([query.type].flat());
  const matches: Row[] = [];
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i]!;
    if (row.at < since || row.at >= until) continue;
    if (types && !types.has(row.event.event)) continue;
    matches.push(row);
  }
  // Stable sort over newest-arrival-first rows: equal timestamps keep the later arrival first.
  return matches.sort((a, b) => b.at - a.at).map((row) => row.event);
}

async function loadRows(path: string, options: InboxReadOptions): Promise<Row[]> {
  let handle: FileHandle;
  try {
    handle = await open(path, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    snapshots.delete(path);
    return [];
  }
  try {
    const { size } = await handle.stat();
    const previous = snapshots.get(path);
    const base = previous && (await stillContinues(handle, previous, size)) ? previous : undefined;
    const start = base?.offset ?? 0;
    if (base && size === start) return base.rows;
    // A copy: two reads running at once must not see each other's half-built state.
    const ids = new Set(base?.ids);
    const fresh: Row[] = [];
    // Line by line: the file may be larger than any one string (a line still being written waits).
    const scan = await scanLines(
      handle,
      start,
      size,
      (bytes) => {
        const event = bytes === undefined ? undefined : parseLine(bytes.toString("utf8"));
        if (event === undefined || ids.has(event.id)) return;
        ids.add(event.id);
        fresh.push(toRow(event, bytes!.length + 1));
      },
      options,
    );
    let rows = base ? [...base.rows, ...fresh] : fresh;
    let bytes = (base?.bytes ?? 0) + fresh.reduce((sum, row) => sum + row.bytes, 0);
    const maxBytes = options.maxBytes ?? DEFAULT_READ_MAX_BYTES;
    if (maxBytes > 0 && bytes > maxBytes) {
      let first = 0;
      while (first < rows.length && bytes > maxBytes) bytes -= rows[first++]!.bytes;
      rows = rows.slice(first); // their ids stay known, so a repeat further on is still skipped
    }
    const grew = scan.end > start;
    const lastLineStart = grew ? scan.lastLineStart : (base?.lastLineStart ?? 0);
    const snapshot: Snapshot = {
      offset: scan.end,
      lastLineStart,
      lastLinePrefix: grew
        ? await readRange(handle, lastLineStart, Math.min(PREFIX_BYTES, scan.end - lastLineStart))
        : (base?.lastLinePrefix ?? Buffer.alloc(0)),
      rows,
      bytes,
      ids,
    };
    snapshots.set(path, snapshot);
    return rows;
  } finally {
    await handle.close();
  }
}

async function stillContinues(handle: FileHandle, snap: Snapshot, size: number): Promise<boolean> {
  if (size < snap.offset) return false;
  const now = await readRange(handle, snap.lastLineStart, snap.lastLinePrefix.length);
  return now.equals(snap.lastLinePrefix);
}

async function readRange(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) break; // the file shrank while we read: the next call starts over
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}

function toRow(stored: InboxEvent, bytes: number): Row {
  const { event, notes } = cleanInboxEvent(stored);
  const row = notes.length > 0 ? { ...event, notes } : event;
  return { event: deepFreeze(row), at: Date.parse(event.timestamp), bytes };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
