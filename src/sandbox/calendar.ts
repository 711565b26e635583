/**
 * Calendar arithmetic in the account's zone. Every "day", "week", "month" and "year" the sandbox
 * talks about is a Europe/Berlin one, whatever zone the process runs in.
 */
import { TZDate, tz } from "@date-fns/tz";
import { addDays } from "date-fns/addDays";
import { addMonths } from "date-fns/addMonths";
import { differenceInCalendarDays } from "date-fns/differenceInCalendarDays";
import { endOfISOWeek } from "date-fns/endOfISOWeek";
import { endOfMonth } from "date-fns/endOfMonth";
import { format } from "date-fns/format";
import { getYear } from "date-fns/getYear";
import { isWeekend } from "date-fns/isWeekend";
import { startOfDay } from "date-fns/startOfDay";
import { startOfISOWeek } from "date-fns/startOfISOWeek";
import { startOfMonth } from "date-fns/startOfMonth";

export const ZONE = "Europe/Berlin";
const inBerlin = { in: tz(ZONE) };

export const MS_PER_MINUTE = 60_000;

/** The instant of a Berlin wall-clock time; `month` is 1-based. */
export function berlinTime(year: number, month: number, day: number, hour = 0, minute = 0): number {
  return new TZDate(year, month - 1, day, hour, minute, ZONE).getTime();
}

export function berlinDayKey(ms: number): string {
  return format(ms, "yyyy-MM-dd", inBerlin);
}

export function berlinMonthKey(ms: number): string {
  return format(ms, "yyyy-MM", inBerlin);
}

export function berlinYear(ms: number): number {
  return getYear(ms, inBerlin);
}

/** Year, 1-based month and day of the Berlin calendar day containing `ms`. */
export function berlinParts(ms: number): { year: number; month: number; day: number } {
  const d = new TZDate(ms, ZONE);
  return { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate() };
}

export function startOfBerlinDay(ms: number): number {
  return startOfDay(ms, inBerlin).getTime();
}

/** Adds calendar days keeping the Berlin wall-clock time (a DST switch does not shift it). */
export function addBerlinDays(ms: number, days: number): number {
  return addDays(ms, days, inBerlin).getTime();
}

/** Adds calendar months in Berlin (the 31st becomes the month's last day when needed). */
export function addBerlinMonths(ms: number, months: number): number {
  return addMonths(ms, months, inBerlin).getTime();
}

/** Berlin calendar days from `earlier` to `later` (negative when `later` is the earlier day). */
export function berlinDaysBetween(later: number, earlier: number): number {
  return differenceInCalendarDays(later, earlier, inBerlin);
}

export function isBerlinWeekend(ms: number): boolean {
  return isWeekend(ms, inBerlin);
}

/** Inclusive bounds of the ISO week (Monday to Sunday) containing `ms`. */
export function berlinWeekRange(ms: number): { start: number; end: number } {
  return { start: startOfISOWeek(ms, inBerlin).getTime(), end: endOfISOWeek(ms, inBerlin).getTime() };
}

/** Inclusive bounds of the calendar month containing `ms`. */
export function berlinMonthRange(ms: number): { start: number; end: number } {
  return { start: startOfMonth(ms, inBerlin).getTime(), end: endOfMonth(ms, inBerlin).getTime() };
}
