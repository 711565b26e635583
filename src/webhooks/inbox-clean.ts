/**
 * Every value read from the inbox passes through `cleanInboxEvent` before anyone sees it. The
 * signature proves who sent a delivery, not that its values are sane: a name may carry control or
 * bidirectional characters that hide or reorder text, a string may run to a megabyte, and a number
 * may be 1e308 (or Infinity, which JSON.parse makes of 1e999), which turns any sum into Infinity.
 */
import { MAX_AMOUNT_EUR, roundToCents } from "../domain/money.js";
import { cleanText } from "../domain/text.js";
import type { InboxEvent } from "./inbox-format.js";

/** Longer strings are cut (with "…"); answers cut them further. */
export const MAX_STRING_CHARS = 1_000;
const MAX_KEY_CHARS = 100;
const MAX_EVENT_NAME_CHARS = 200;
/** Beyond this, an array's further elements are left out. */
const MAX_ARRAY_ITEMS = 1_000;
/** Any number: finite and an exact integer range (timestamps in ms fit comfortably). */
const MAX_NUMBER = Number.MAX_SAFE_INTEGER;
/**
 * A money field (`…Amount`, `amount`): bounded like amounts from the API (MAX_AMOUNT_EUR, a billion
 * EUR, so sums in cents stay exact) and rounded half-up to the cent as they are.
 */
export const MAX_AMOUNT = MAX_AMOUNT_EUR;
const MONEY_KEY = /(^a|A)mount$/;

export interface CleanEvent {
  event: InboxEvent;
  /** What was left out and why, e.g. "data.paidAmount 1e+308 is out of range and was left out". */
  notes: string[];
}

/** The event with every string cleaned and capped and every number bounded (or dropped, noted). */
export function cleanInboxEvent(raw: InboxEvent): CleanEvent {
  const found: Found = { notes: [], amountLeftOut: false };
  const event = cleanText(raw.event, MAX_EVENT_NAME_CHARS) || "unnamed";
  const data = cleanObject(raw.data, "data", found);
  // Said on the event itself, so no view mistakes another amount (or none) for the one left out.
  const marked = found.amountLeftOut ? { amountLeftOut: true } : {};
  return { event: { ...raw, event, data, ...marked }, notes: found.notes };
}

/** What cleaning left out, as it goes. */
interface Found {
  notes: string[];
  amountLeftOut: boolean;
}

function cleanObject(value: Record<string, unknown>, path: string, found: Found): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, child] of Object.entries(value)) {
    const key = cleanText(rawKey, MAX_KEY_CHARS);
    if (key === "" || key === "__proto__") continue;
    const cleaned = cleanValue(child, `${path}.${key}`, MONEY_KEY.test(key), found);
    if (cleaned !== undefined) out[key] = cleaned;
  }
  return out;
}

function cleanValue(value: unknown, path: string, isMoney: boolean, found: Found): unknown {
  const { notes } = found;
  if (typeof value === "string") return cleanText(value, MAX_STRING_CHARS);
  if (typeof value === "number") {
    const bound = isMoney ? MAX_AMOUNT : MAX_NUMBER;
    if (Number.isFinite(value) && Math.abs(value) <= bound) return isMoney ? roundToCents(value) : value;
    notes.push(`${path} ${value} is out of range (at most ${bound}) and was left out`);
    if (isMoney) found.amountLeftOut = true;
    return undefined;
  }
  if (Array.isArray(value)) {
    if (value.length > MAX_ARRAY_ITEMS)
      notes.push(`${path} has ${value.length} items; the first ${MAX_ARRAY_ITEMS} are kept`);
    return value
      .slice(0, MAX_ARRAY_ITEMS)
      .map((item, i) => cleanValue(item, `${path}[${i}]`, false, found))
      .filter((item) => item !== undefined);
  }
  // Depth is bounded when the line is parsed (MAX_JSON_DEPTH), so this recursion is too.
  if (typeof value === "object" && value !== null)
    return cleanObject(value as Record<string, unknown>, path, found);
  return value; // booleans and null
}
