/**
 * Calendar arithmetic in the account's zone. Every "day", "week", "month" and "year" the sandbox
 * talks about is a Europe/Berlin one, whatever zone the process runs in.
 *
 * A wall-clock time becomes an instant by one rule (README, "Calendar"), the same as the client's:
 * - a time that happens twice (the autumn hour, 02:00–02:59 on the last Sunday of October) is the
 *   EARLIER instant, still summer time (02:30 → 00:30 UTC);
 * - a time the clock skips (02:00–02:59 on the last Sunday of March) is moved forward by the size
 *   of the jump (02:30 → 03:30 summer time, 01:30 UTC).
 */
import { TZDate, tz, tzOffset } from "@date-fns/tz";
import { differenceInCalendarDays } from "date-fns/differenceInCalendarDays";
import { endOfISOWeek } from "date-fns/endOfISOWeek";
import { endOfMonth } from "date-fns/endOfMonth";
import { format } from "date-fns/format";
import { getYear } from "date-fns/getYear";
import { isWeekend } from "date-fns/isWeekend";
import { startOfISOWeek } from "date-fns/startOfISOWeek";
import { startOfMonth } from "date-fns/startOfMonth";

export const ZONE = "Europe/Berlin";
const inBerlin = { in: tz(ZONE) };

export const MS_PER_MINUTE = 60_000;
const MS_PER_HOUR = 3_600_000;

/** Berlin's offset from UTC at an instant, in ms (summer time: +2 h). */
function offsetAt(ms: number): number {
  return tzOffset(ZONE, new Date(ms)) * MS_PER_MINUTE;
}

/**
 * The instant of a wall-clock reading, given as the ms it would be if the wall clock were UTC.
 * Berlin changes its offset at most once in any 24 hours, so the offsets half a day either side
 * are the only ones the reading can have been made under.
 */
function instantOfWallClock(wall: number): number {
  const offsetBefore = offsetAt(wall - 12 * MS_PER_HOUR);
  const offsetAfter = offsetAt(wall + 12 * MS_PER_HOUR);
  const readings = [wall - offsetBefore, wall - offsetAfter].filter((ms) => ms + offsetAt(ms) === wall);
  // Repeated hour: both readings are real; the earlier one is taken.
  if (readings.length > 0) return Math.min(...readings);
  // Skipped hour: read it with the offset from before the jump, which lands as far past the jump
  // as the reading was past its start.
  return wall - offsetBefore;
}

/** The instant of a Berlin wall-clock time; `month` is 1-based. The rule above decides DST hours. */
export function berlinTime(year: number, month: number, day: number, hour = 0, minute = 0): number {
  return instantOfWallClock(Date.UTC(year, month - 1, day, hour, minute));
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
  const { year, month, day } = berlinParts(ms);
  return berlinTime(year, month, day);
}

/** The Berlin wall clock of an instant, written as if it were UTC (the inverse of instantOfWallClock). */
function wallClockOf(ms: number): number {
  return ms + offsetAt(ms);
}

/**
 * Adds calendar days keeping the Berlin wall-clock time (a DST switch does not shift it); a time
 * that lands in a skipped or repeated hour follows the rule above.
 */
export function addBerlinDays(ms: number, days: number): number {
  const wall = new Date(wallClockOf(ms));
  wall.setUTCDate(wall.getUTCDate() + days);
  return instantOfWallClock(wall.getTime());
}

/** Adds calendar months in Berlin (the 31st becomes the month's last day when needed). */
export function addBerlinMonths(ms: number, months: number): number {
  const wall = new Date(wallClockOf(ms));
  const day = wall.getUTCDate();
  wall.setUTCDate(1);
  wall.setUTCMonth(wall.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth() + 1, 0)).getUTCDate();
  wall.setUTCDate(Math.min(day, lastDay));
  return instantOfWallClock(wall.getTime());
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
