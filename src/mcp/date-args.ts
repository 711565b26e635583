/**
 * Date arguments as the tools take them: a day or a period phrase for list filters, a point in time
 * for time entries. Everything is resolved in the user's zone against the context's clock.
 */
import { dateContext } from "../billing/context.js";
import { dayOrPeriod } from "../domain/dates/day-or-period.js";
import { DateInputError } from "../domain/dates/errors.js";
import { dayBoundsUtc } from "../domain/dates/format.js";
import { loadDates } from "../domain/dates/lazy.js";
import { parseYear } from "../domain/dates/year.js";
import type { ToolContext } from "./context.js";

/**
 * `from`/`to` filters: each a day ("2026-03-01", "yesterday") or a period ("last month"), whose
 * first day starts `from` and last day ends `to`. Returns inclusive ISO days.
 */
export async function dayRange(
  from: string | undefined,
  to: string | undefined,
  context: ToolContext,
): Promise<{ from: string | undefined; to: string | undefined; assumptions: readonly string[] }> {
  const ctx = dateContext(context);
  const fromDay = from === undefined ? undefined : await dayOrPeriod(from, ctx, "start");
  const toDay = to === undefined ? undefined : await dayOrPeriod(to, ctx, "end");
  if (fromDay && toDay && fromDay.day > toDay.day) {
    throw new DateInputError(
      "period",
      `${from} … ${to}`,
      `"from" (${fromDay.day}) is after "to" (${toDay.day})`,
    );
  }
  const assumptions = [...new Set([...(fromDay?.assumptions ?? []), ...(toDay?.assumptions ?? [])])];
  return { from: fromDay?.day, to: toDay?.day, assumptions };
}

/** " Assumed: …." to append to a tool's answer, or "" when nothing had to be assumed. */
export function assumedText(assumptions: readonly string[]): string {
  return assumptions.length === 0 ? "" : ` Assumed: ${assumptions.join("; ")}.`;
}

/**
 * A phrase with a time of day ("yesterday at 15:00", "2 hours ago") is that point in time; any
 * other period phrase is its first day's start or last day's end. A read may guess an hour that may
 * be morning or evening ("since yesterday at 3" is 15:00), and says so in `assumptions`.
 */
export async function instantBound(
  text: string,
  side: "start" | "end",
  context: ToolContext,
): Promise<{ ms: number; assumptions: readonly string[] }> {
  const { resolveInstant, parsePeriod } = await loadDates();
  const ctx = dateContext(context);
  try {
    const instant = resolveInstant(text, ctx);
    if (instant.timeOfDay !== "start-of-day") return { ms: instant.ms, assumptions: instant.assumptions };
  } catch {
    // Not a point in time: a period, or an error the period reading words better.
  }
  try {
    const period = parsePeriod(text, ctx);
    const ms =
      side === "start"
        ? dayBoundsUtc(period.start, context.timeZone).startMs
        : dayBoundsUtc(period.end, context.timeZone).endMs;
    return { ms, assumptions: period.assumptions ?? [] };
  } catch (periodError) {
    throw periodError instanceof DateInputError ? periodError : new DateInputError("period", text);
  }
}

/** A year number is that calendar year; a phrase is read as `from` and `to` both (dayRange). */
export async function yearOrRange(period: number | string, context: ToolContext) {
  if (typeof period === "number") {
    const year = parseYear(period, dateContext(context));
    return { from: `${year}-01-01`, to: `${year}-12-31`, assumptions: [] as readonly string[] };
  }
  return dayRange(period, period, context);
}
