/**
 * The inbox read line by line in fixed-size chunks, so a file of any size can be read: no single
 * string or buffer ever holds more than one line (JavaScript strings stop at about 512 MiB, and
 * retention, not the reader, decides how large the inbox may grow).
 */
import type { FileHandle } from "node:fs/promises";

export interface LineReadOptions {
  /** Bytes read at a time. */
  chunkBytes?: number;
  /** A longer line cannot be an event (a body is at most 1 MiB) and is skipped unread. */
  maxLineBytes?: number;
}

export const DEFAULT_CHUNK_BYTES = 1024 * 1024;
export const DEFAULT_MAX_LINE_BYTES = 4 * 1024 * 1024;
const NEWLINE = 0x0a;

export interface LineScan {
  /** The end of the last complete line (just after its "\n"); bytes after it are a line in progress. */
  end: number;
  /** Where the last complete line starts (`start` when there was none). */
  lastLineStart: number;
  /** Complete lines seen, over-long ones included. */
  lines: number;
}

/**
 * Calls `onLine` for every complete line in `[start, end)` of the file, in order, with the line's
 * bytes (no "\n") and its offset; an over-long line comes as `undefined`. A last line without its
 * "\n" is not passed: it is being written right now, or was torn by a crash.
 */
export async function scanLines(
  handle: FileHandle,
  start: number,
  end: number,
  onLine: (line: Buffer | undefined, offset: number) => void,
  options: LineReadOptions = {},
): Promise<LineScan> {
  const chunkBytes = Math.max(1, options.chunkBytes ?? DEFAULT_CHUNK_BYTES);
  const maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  const chunk = Buffer.alloc(Math.min(chunkBytes, Math.max(1, end - start)));
  let parts: Buffer[] = []; // the line in progress, when it spans chunks
  let partBytes = 0;
  let overLong = false;
  let lineStart = start;
  const scan: LineScan = { end: start, lastLineStart: start, lines: 0 };
  let position = start;
  while (position < end) {
    const { bytesRead } = await handle.read(chunk, 0, Math.min(chunk.length, end - position), position);
    if (bytesRead === 0) break; // the file shrank while we read: the caller starts over next time
    let from = 0;
    for (;;) {
      const newline = chunk.indexOf(NEWLINE, from);
      if (newline === -1 || newline >= bytesRead) break;
      const tooLong = overLong || partBytes + (newline - from) > maxLineBytes;
      const line = tooLong
        ? undefined
        : partBytes === 0
          ? chunk.subarray(from, newline)
          : Buffer.concat([...parts, chunk.subarray(from, newline)]);
      onLine(line, lineStart);
      scan.lines++;
      scan.lastLineStart = lineStart;
      lineStart = position + newline + 1;
      scan.end = lineStart;
      parts = [];
      partBytes = 0;
      overLong = false;
      from = newline + 1;
    }
    const rest = bytesRead - from;
    if (rest > 0 && !overLong) {
      if (partBytes + rest > maxLineBytes) {
        overLong = true; // keep counting, stop keeping
        parts = [];
        partBytes = 0;
      } else {
        parts.push(Buffer.from(chunk.subarray(from, bytesRead))); // the chunk buffer is reused
        partBytes += rest;
      }
    }
    position += bytesRead;
  }
  return scan;
}
