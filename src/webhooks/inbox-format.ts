/**
 * One inbox line per stored event (JSON Lines, UTF-8, "\n" after every record):
 *
 *   {"v":1,"id":"<sha256 of the raw body, hex>","receivedAt":"<ISO>","event":"…","timestamp":"…","data":{…}}
 *
 * `v` is the line format; a reader skips lines it cannot read (a torn write, a newer version),
 * so old readers keep working on newer files.
 */
import { createHash } from "node:crypto";
import { type Envelope, isObject, isTimestamp } from "./envelope.js";
import { MAX_JSON_DEPTH, nestsWithin } from "./json-depth.js";

export const INBOX_FORMAT_VERSION = 1;

/** An event as stored and as readers get it. */
export interface InboxEvent extends Envelope {
  /** SHA-256 of the delivery's raw body, hex: the same delivery always has the same id. */
  id: string;
  /** When the receiver stored it, ISO 8601 UTC with milliseconds. */
  receivedAt: string;
  /** Set by readers when cleaning left a value out (see inbox-clean.ts); never stored. */
  notes?: readonly string[];
  /** Set by readers when an amount was left out as out of range: the event's amount is unknown. */
  amountLeftOut?: boolean;
}

const ID_SHAPE = /^[0-9a-f]{64}$/;

/** The deduplication key: the service sends no event id, and retries resend identical bytes. */
export function eventId(raw: Uint8Array): string {
  return createHash("sha256").update(raw).digest("hex");
}

/** The line for one event, newline included, so a single write puts down a whole record. */
export function formatLine(event: InboxEvent): string {
  const { id, receivedAt, event: name, timestamp, data } = event;
  return `${JSON.stringify({ v: INBOX_FORMAT_VERSION, id, receivedAt, event: name, timestamp, data })}\n`;
}

/** The event on one line (without its "\n"), or undefined for anything that is not a v1 record. */
export function parseLine(line: string): InboxEvent | undefined {
  if (line.trim() === "") return undefined;
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!isObject(record) || record.v !== INBOX_FORMAT_VERSION) return undefined;
  const { id, receivedAt, event, timestamp, data } = record;
  if (typeof id !== "string" || !ID_SHAPE.test(id)) return undefined;
  if (!isTimestamp(receivedAt) || !isTimestamp(timestamp)) return undefined;
  if (typeof event !== "string" || event === "" || !isObject(data)) return undefined;
  if (!nestsWithin(data, MAX_JSON_DEPTH)) return undefined; // no reader could walk it safely
  return { id, receivedAt, event, timestamp, data };
}
