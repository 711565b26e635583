import { addDays } from "date-fns/addDays";
import { type CalendarDay, calendarDay, isoWeekday } from "./calendar.js";
import { fold } from "./text.js";

/**
 * Which day a weekday names, decided here rather than by chrono-node so the rule is ours and
 * documented. Phrases about work done lean to the past:
 *   "last Monday" / "letzten Montag" → the most recent Monday before today (a week ago if today is Monday);
 *   "Monday" / "Montag"              → the most recent Monday, today included;
 *   "next Monday" / "nächsten Montag" → the first Monday after today;
 *   "this Monday" / "diesen Montag"  → the Monday of the current ISO week (Monday–Sunday);
 *   "Monday last week" / "Montag letzter Woche" → the Monday of the previous ISO week.
 */
export type WeekdaySense = "last" | "bare" | "next" | "this" | "previous-week";

export function weekdaySense(text: string): WeekdaySense {
  const t = fold(text);
  // "Dienstag letzter Woche", "letzte Woche Dienstag", "Tuesday last week": in the previous ISO week.
  if (/\b(?:letzte[nr]?|vergangene[nr]?|vorige[nr]?|last|previous) (?:woche|week)\b/.test(t))
    return "previous-week";
  if (/\b(?:last|previous|past|letzte[nrms]?|vergangene[nrms]?|vorige[nrms]?)\b/.test(t)) return "last";
  if (/\b(?:next|coming|naechste[nrms]?|kommende[nrms]?)\b/.test(t)) return "next";
  if (/\b(?:this|diese[nrms]?)\b/.test(t)) return "this";
  return "bare";
}

/** `weekday` is 0 = Sunday … 6 = Saturday, as chrono-node and Date give it. */
export function resolveWeekday(today: CalendarDay, weekday: number, sense: WeekdaySense): CalendarDay {
  const target = weekday === 0 ? 7 : weekday;
  const current = isoWeekday(today);
  switch (sense) {
    case "last":
      return addDays(today, -((current - target + 7) % 7 || 7));
    case "bare":
      return addDays(today, -((current - target + 7) % 7));
    case "next":
      return addDays(today, (target - current + 7) % 7 || 7);
    case "this":
      return addDays(today, target - current);
    case "previous-week":
      return addDays(today, target - current - 7);
  }
}

/**
 * A day and month without a year ("3. März", "March 3") means the most recent such date, today
 * included; 29 February goes back to the last leap year.
 */
export function resolveYearless(today: CalendarDay, month: number, day: number): CalendarDay | null {
  for (let year = today.getFullYear(), tries = 0; tries < 9; year--, tries++) {
    const candidate = calendarDay(year, month, day);
    if (candidate && candidate <= today) return candidate;
  }
  return null;
}
