import { TZDate } from "@date-fns/tz";
import { format } from "date-fns/format";
import { type DateContext, nowMs } from "./context.js";
import { wallClockAt } from "./zone.js";

/**
 * A calendar day, held as midnight of a TZDate pinned to UTC. Calendar arithmetic (add a month,
 * start of the ISO week, end of the quarter) then runs through date-fns in a zone without DST, so no
 * daylight-saving switch can shift a day; zones enter only when a day is tied to "now" or to an instant.
 */
export type CalendarDay = TZDate;

/** The day, or null when the fields do not name a real date (31 February, month 13). */
export function calendarDay(year: number, month: number, day: number): CalendarDay | null {
  if (![year, month, day].every(Number.isInteger)) return null;
  const d = new TZDate(year, month - 1, day, "UTC");
  d.setFullYear(year); // years below 100 would otherwise be read as 19xx
  const real = d.getFullYear() === year && d.getMonth() === month - 1 && d.getDate() === day;
  return real ? d : null;
}

/** "YYYY-MM-DD" → day, or null when the text is not exactly such a real date. */
export function parseIsoDay(text: string): CalendarDay | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  return calendarDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** The day as "YYYY-MM-DD". */
export function isoDay(day: Date): string {
  return format(day, "yyyy-MM-dd");
}

/** The calendar day an instant falls on in `timeZone`. */
export function dayOfInstant(ms: number, timeZone: string): CalendarDay {
  const wall = wallClockAt(ms, timeZone);
  return calendarDay(wall.year, wall.month, wall.day)!;
}

/** Today in the context's zone (not in UTC, not in the process's zone). */
export function todayIn(ctx: DateContext): CalendarDay {
  return dayOfInstant(nowMs(ctx), ctx.timeZone);
}

/** ISO weekday: Monday 1 … Sunday 7. */
export function isoWeekday(day: CalendarDay): number {
  return ((day.getDay() + 6) % 7) + 1;
}
