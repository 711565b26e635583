import { addDays } from "date-fns/addDays";
import { addMonths } from "date-fns/addMonths";
import { addQuarters } from "date-fns/addQuarters";
import { addWeeks } from "date-fns/addWeeks";
import { endOfISOWeek } from "date-fns/endOfISOWeek";
import { endOfMonth } from "date-fns/endOfMonth";
import { getISOWeek } from "date-fns/getISOWeek";
import { getISOWeeksInYear } from "date-fns/getISOWeeksInYear";
import { getISOWeekYear } from "date-fns/getISOWeekYear";
import { getQuarter } from "date-fns/getQuarter";
import { startOfISOWeek } from "date-fns/startOfISOWeek";
import { startOfMonth } from "date-fns/startOfMonth";
import { startOfQuarter } from "date-fns/startOfQuarter";
import { type CalendarDay, calendarDay } from "./calendar.js";
import { englishMonthName, monthNumber } from "./months.js";
import { readRelativeUnit } from "./relative-unit.js";

/** A run of whole calendar days, both ends inclusive, with a label for the reader. */
export interface DaySpan {
  readonly first: CalendarDay;
  readonly last: CalendarDay;
  readonly label: string;
}

export function monthSpan(year: number, month: number): DaySpan {
  const first = calendarDay(year, month, 1)!;
  return { first, last: endOfMonth(first), label: `${englishMonthName(month)} ${year}` };
}

export function quarterSpan(year: number, quarter: number): DaySpan {
  const first = calendarDay(year, quarter * 3 - 2, 1)!;
  return { first, last: endOfMonth(addMonths(first, 2)), label: `Q${quarter} ${year}` };
}

export function yearSpan(year: number): DaySpan {
  return { first: calendarDay(year, 1, 1)!, last: calendarDay(year, 12, 31)!, label: String(year) };
}

/** ISO week (Monday–Sunday) containing `day`, labelled like "2026-W47". */
export function isoWeekSpan(day: CalendarDay): DaySpan {
  const first = startOfISOWeek(day);
  const label = `${getISOWeekYear(first)}-W${String(getISOWeek(first)).padStart(2, "0")}`;
  return { first, last: endOfISOWeek(first), label };
}

/** "this month", "letztes Quartal", "last week", "vorletztes Jahr" relative to `today`. */
export function readRelativeSpan(folded: string, today: CalendarDay): DaySpan | null {
  const relative = readRelativeUnit(folded);
  if (!relative) return null;
  const { unit, step } = relative;
  switch (unit) {
    case "week":
      return isoWeekSpan(addWeeks(today, step));
    case "month": {
      const first = addMonths(startOfMonth(today), step);
      return monthSpan(first.getFullYear(), first.getMonth() + 1);
    }
    case "quarter": {
      const first = addQuarters(startOfQuarter(today), step);
      return quarterSpan(first.getFullYear(), getQuarter(first));
    }
    case "year":
      return yearSpan(today.getFullYear() + step);
  }
}

const ORDINAL_QUARTER: ReadonlyMap<string, number> = new Map([
  ["erstes", 1],
  ["zweites", 2],
  ["drittes", 3],
  ["viertes", 4],
  ["first", 1],
  ["second", 2],
  ["third", 3],
  ["fourth", 4],
  ["1st", 1],
  ["2nd", 2],
  ["3rd", 3],
  ["4th", 4],
]);

/** "Q1 2026", "2026-Q1", "Q4" (this year), "1. Quartal 2026", "erstes Quartal", "first quarter of 2026". */
export function readQuarter(folded: string, today: CalendarDay): DaySpan | null {
  const m =
    /^q([1-4])(?:[ /-]?(\d{4}))?$/.exec(folded) ??
    /^(?:quartal|quarter) ([1-4])(?:[ /](\d{4}))?$/.exec(folded) ??
    /^([1-4])\. ?quartal(?: (\d{4}))?$/.exec(folded);
  const reversed = /^(\d{4})[ /-]?q([1-4])$/.exec(folded);
  const worded = /^([a-z0-9]+) (?:quartal|quarter)(?: (?:of )?(\d{4}))?$/.exec(folded);
  const quarter = m?.[1] ?? reversed?.[2] ?? ORDINAL_QUARTER.get(worded?.[1] ?? "");
  if (quarter === undefined) return null;
  const year = m?.[2] ?? reversed?.[1] ?? worded?.[2];
  return quarterSpan(year === undefined ? today.getFullYear() : Number(year), Number(quarter));
}

/**
 * "March 2026", "März 2026", "2026-03", "03/2026", "3.2026", or a month name alone: the most
 * recent such month that has begun (in January, "December" is last December).
 */
export function readMonth(folded: string, today: CalendarDay): DaySpan | string | null {
  const numeric = /^(\d{4})-(\d{1,2})$/.exec(folded);
  const monthFirst = /^(\d{1,2})[/.](\d{4})$/.exec(folded);
  const named = /^([a-z]+\.?)(?: (\d{4}))?$/.exec(folded);
  const month = Number(numeric?.[2] ?? monthFirst?.[1] ?? monthNumber(named?.[1] ?? "") ?? Number.NaN);
  if (Number.isNaN(month)) return null;
  if (month < 1 || month > 12) return `there is no month ${month}`;
  const year = numeric?.[1] ?? monthFirst?.[2] ?? named?.[2];
  if (year !== undefined) return monthSpan(Number(year), month);
  const thisYear = today.getFullYear();
  return monthSpan(month > today.getMonth() + 1 ? thisYear - 1 : thisYear, month);
}

/** "2026-W12", "KW 12 2026", "KW12/2026", "week 12" (this ISO week-year). */
export function readIsoWeek(folded: string, today: CalendarDay): DaySpan | string | null {
  const iso = /^(\d{4})-?w(\d{1,2})$/.exec(folded);
  const named = /^(?:kw|week|woche) ?(\d{1,2})(?:[ /](\d{4}))?$/.exec(folded);
  if (!iso && !named) return null;
  const weekYear = Number(iso?.[1] ?? named?.[2] ?? getISOWeekYear(today));
  const week = Number(iso?.[2] ?? named?.[1]);
  const jan4 = calendarDay(weekYear, 1, 4)!;
  if (week < 1 || week > getISOWeeksInYear(jan4)) return `${weekYear} has no ISO week ${week}`;
  return isoWeekSpan(addDays(startOfISOWeek(jan4), (week - 1) * 7));
}
