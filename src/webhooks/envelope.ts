/**
 * The delivery body every event shares: `{event, timestamp, data}`. Checked only after the
 * signature, so nothing here ever runs on bytes that did not come from the service. The check is
 * deliberately loose about what the document leaves open (unknown event names, extra fields,
 * any shape inside `data`), so a new event kind or field is stored, not refused.
 */
import { MAX_JSON_DEPTH, nestsWithin } from "./json-depth.js";

export interface Envelope {
  event: string;
  /** ISO 8601, as sent. */
  timestamp: string;
  data: Record<string, unknown>;
}

export type EnvelopeCheck = { ok: true; envelope: Envelope } | { ok: false; reason: string };

const MAX_EVENT_NAME = 200;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

export function parseEnvelope(raw: Uint8Array): EnvelopeCheck {
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(raw).toString("utf8"));
  } catch {
    return { ok: false, reason: "body is not JSON" };
  }
  if (!isObject(body)) return { ok: false, reason: "body is not a JSON object" };
  // Nothing downstream (storing, reading, freezing) could handle it; the service never sends it.
  if (!nestsWithin(body, MAX_JSON_DEPTH)) {
    return { ok: false, reason: `body nests deeper than ${MAX_JSON_DEPTH} levels` };
  }
  const { event, timestamp, data } = body;
  if (typeof event !== "string" || event === "" || event.length > MAX_EVENT_NAME) {
    return { ok: false, reason: "event must be a non-empty string" };
  }
  if (!isTimestamp(timestamp)) return { ok: false, reason: "timestamp must be an ISO 8601 date-time" };
  if (!isObject(data)) return { ok: false, reason: "data must be an object" };
  return { ok: true, envelope: { event, timestamp, data } };
}

export function isTimestamp(value: unknown): value is string {
  return typeof value === "string" && ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
