/**
 * How answers read: amounts always with their currency, dates as ISO days or local times with
 * offset, ids beside the names they point at, and a paging line that says how to continue.
 */
import type { ListResult } from "../api/list.js";
import { formatAmount } from "../domain/money.js";

/** `1234.5` → `"1234.50 EUR"`: every amount in every answer is written by formatAmount. */
export function eur(amount: number): string {
  return formatAmount(amount);
}

export { named } from "../domain/text.js";

/** `"14:03:20"`: a clock time in the user's zone, to the second. */
export function clockTime(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).format(ms);
}

export function hours(value: number): string {
  return `${Number(value.toFixed(2))} h`;
}

/** The page window and how to get the next one. */
export function pageLine(shown: number, total: number, offset: number, noun: string): string {
  if (total === 0) return `No ${noun} match.`;
  const range = shown === 0 ? `none of ${total}` : `${offset + 1}–${offset + shown} of ${total}`;
  const next = offset + shown < total ? `; next page: offset ${offset + shown}` : "";
  return `${noun[0]!.toUpperCase()}${noun.slice(1)} ${range}${next}.`;
}

/** `complete` and `incompleteReason` of an answer built from `list`. */
export function completeness(list: ListResult<unknown>): {
  complete: boolean;
  incompleteReason: string | null;
} {
  return list.complete
    ? { complete: true, incompleteReason: null }
    : { complete: false, incompleteReason: list.reason };
}

/** The sentence a partial list's answer begins with; "" for a whole list. */
export function partialNote(list: ListResult<unknown>, noun: string, withheld: string): string {
  if (list.complete) return "";
  return `Only ${list.itemsRead.length} of ${list.total} ${noun} could be read (${list.reason}): the rows below are only those, and ${withheld}. Try again in a minute; if it persists, check the list in the service itself.`;
}
