/**
 * The API wraps every answer in `{data, meta, error}`. This module turns a raw body into that
 * envelope or says precisely why it is not one, with a short excerpt safe to show a user.
 */
import { cleanText } from "../domain/text.js";

export interface Envelope {
  data: unknown;
  meta: unknown;
  error: string | null;
}

export type EnvelopeResult =
  | { ok: true; envelope: Envelope }
  | { ok: false; problem: string; excerpt: string };

export const EXCERPT_LENGTH = 120;

export function parseEnvelope(body: string, contentType: string | undefined): EnvelopeResult {
  // A test, not trim(): trim would copy every body (a whole list) to find out.
  if (!/\S/.test(body)) return { ok: false, problem: "the body is empty", excerpt: "" };
  if (/^\s*</.test(body) || contentType?.includes("html")) {
    return { ok: false, problem: "an HTML page instead of JSON", excerpt: excerptOf(body) };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return {
      ok: false,
      problem: "the body is not valid JSON (cut off or malformed)",
      excerpt: excerptOf(body),
    };
  }
  if (!isEnvelope(parsed)) {
    return { ok: false, problem: "JSON without the {data, meta, error} envelope", excerpt: excerptOf(body) };
  }
  return { ok: true, envelope: parsed };
}

function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  if (!("data" in record) || !("error" in record)) return false;
  return record.error === null || typeof record.error === "string";
}

/**
 * A short, plain-text excerpt: markup and scripts removed, control and bidirectional characters
 * dropped, white space folded, capped in length. What is left is safe to put in a message.
 */
export function excerptOf(body: string, maxLength = EXCERPT_LENGTH): string {
  return cleanText(body, maxLength, { markup: true });
}
