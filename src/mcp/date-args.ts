/**
 * Date arguments as the tools take them: a day or a period phrase for list filters, a point in time
 * for time entries. Everything is resolved in the user's zone against the context's clock.
 */
import type { DateContext } from "../domain/dates/context.js";
import { DateInputError } from "../domain/dates/errors.js";
import { dayBoundsUtc } from "../domain/dates/format.js";
import { loadDates } from "../domain/dates/lazy.js";
import type { ToolContext } from "./context.js";

export function dateContext(context: ToolContext): DateContext {
  return { now: context.now(), timeZone: context.timeZone };
}

/**
 * `from`/`to` filters: each a day ("2026-03-01", "yesterday") or a period ("last month"), whose
 * first day starts `from` and last day ends `to`. Returns inclusive ISO days.
 */
export async function dayRange(
  from: string | undefined,
  to: string | undefined,
  context: ToolContext,
): Promise<{ from: string | undefined; to: string | undefined }> {
  const ctx = dateContext(context);
  const fromDay = from === undefined ? undefined : await dayOrPeriod(from, ctx, "start");
  const toDay = to === undefined ? undefined : await dayOrPeriod(to, ctx, "end");
  if (fromDay && toDay && fromDay > toDay) {
    throw new DateInputError("period", `${from} … ${to}`, `"from" (${fromDay}) is after "to" (${toDay})`);
  }
  return { from: fromDay, to: toDay };
}

/** A period phrase ("last month") stands for its first or last day; anything else must be a day. */
export async function dayOrPeriod(text: string, ctx: DateContext, side: "start" | "end"): Promise<string> {
  const { parseDay, parsePeriod } = await loadDates();
  try {
    const period = parsePeriod(text, ctx);
    return side === "start" ? period.start : period.end;
  } catch {
    return parseDay(text, ctx);
  }
}

/**
 * Whether an instant (ms) falls on or between the inclusive ISO days, in the zone. The days' bounds
 * are worked out once, not for every row filtered: each takes tens of microseconds.
 */
export function withinDays(
  range: { from: string | undefined; to: string | undefined },
  timeZone: string,
): (ms: number) => boolean {
  const startMs =
    range.from === undefined ? Number.NEGATIVE_INFINITY : dayBoundsUtc(range.from, timeZone).startMs;
  const endMs = range.to === undefined ? Number.POSITIVE_INFINITY : dayBoundsUtc(range.to, timeZone).endMs;
  return (ms) => ms >= startMs && ms < endMs;
}

/** A bare clock time ("17:00", "17 Uhr", "5pm"), which means a time on some day already known. */
const CLOCK_ONLY = /^\s*\d{1,2}([:.]\d{2})?\s*(uhr|h|am|pm)?\s*$/i;

/**
 * The end of a time entry: a bare clock time is on the start's day ("start: yesterday 9:00,
 * end: 17:00" ends yesterday at 17:00); anything else reads as its own instant.
 */
export async function resolveEnd(text: string, startMs: number, context: ToolContext) {
  const { resolveInstant } = await loadDates();
  if (!CLOCK_ONLY.test(text)) return resolveInstant(text, dateContext(context));
  const sameDay = resolveInstant(text, { now: startMs, timeZone: context.timeZone });
  if (sameDay.ms > startMs) return sameDay;
  // "22:00 to 1:00": a clock time before the start is on the next day.
  return resolveInstant(text, { now: startMs + 24 * 60 * 60_000, timeZone: context.timeZone });
}
