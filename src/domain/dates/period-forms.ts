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
import { type CalendarDay, calendarDay, isoDay, isoWeekday } from "./calendar.js";
import { englishMonthName, monthNumber } from "./months.js";
import { readRelativeUnit } from "./relative-unit.js";

/** A run of whole calendar days, both ends inclusive, with a label for the reader. */
export interface LabelledSpan {
  readonly first: CalendarDay;
  readonly last: CalendarDay;
  readonly label: string;
  /** Which reading was taken where the phrase allowed more than one, for the user. */
  readonly assumption?: string;
}

/** The span with a note on the reading taken. */
function assuming(span: LabelledSpan, assumption: string): LabelledSpan {
  return { ...span, assumption };
}

export function monthSpan(year: number, month: number): LabelledSpan {
  const first = calendarDay(year, month, 1)!;
  return { first, last: endOfMonth(first), label: `${englishMonthName(month)} ${year}` };
}

export function quarterSpan(year: number, quarter: number): LabelledSpan {
  const first = calendarDay(year, quarter * 3 - 2, 1)!;
  return { first, last: endOfMonth(addMonths(first, 2)), label: `Q${quarter} ${year}` };
}

export function yearSpan(year: number): LabelledSpan {
  return { first: calendarDay(year, 1, 1)!, last: calendarDay(year, 12, 31)!, label: String(year) };
}

/** ISO week (Monday–Sunday) containing `day`, labelled like "2026-W47". */
export function isoWeekSpan(day: CalendarDay): LabelledSpan {
  const first = startOfISOWeek(day);
  const label = `${getISOWeekYear(first)}-W${String(getISOWeek(first)).padStart(2, "0")}`;
  return { first, last: endOfISOWeek(first), label };
}

/** "this month", "letztes Quartal", "last week", "vorletztes Jahr" relative to `today`. */
export function readRelativeSpan(folded: string, today: CalendarDay): LabelledSpan | null {
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
export function readQuarter(folded: string, today: CalendarDay): LabelledSpan | null {
  const m =
    /^q([1-4])(?:[ /-]?(\d{4}))?$/.exec(folded) ??
    /^(?:quartal|quarter) ([1-4])(?:[ /](\d{4}))?$/.exec(folded) ??
    /^([1-4])\. ?quartal(?: (\d{4}))?$/.exec(folded);
  const reversed = /^(\d{4})[ /-]?q([1-4])$/.exec(folded);
  const worded = /^([a-z0-9]+) (?:quartal|quarter)(?: (?:of )?(\d{4}))?$/.exec(folded);
  const quarter = m?.[1] ?? reversed?.[2] ?? ORDINAL_QUARTER.get(worded?.[1] ?? "");
  if (quarter === undefined) return null;
  const year = m?.[2] ?? reversed?.[1] ?? worded?.[2];
  if (year !== undefined) return quarterSpan(Number(year), Number(quarter));
  // No year: the most recent such quarter that has begun, as for month names.
  const thisYear = today.getFullYear();
  if (Number(quarter) <= getQuarter(today)) return quarterSpan(thisYear, Number(quarter));
  const span = quarterSpan(thisYear - 1, Number(quarter));
  return assuming(span, `no year given: took ${span.label}, the most recent Q${quarter}`);
}

const ORDINAL_HALF: ReadonlyMap<string, number> = new Map([
  ["erstes", 1],
  ["zweites", 2],
  ["1.", 1],
  ["2.", 2],
  ["first", 1],
  ["second", 2],
  ["1st", 1],
  ["2nd", 2],
]);

/** "H1 2026", "2026-H2", "erstes Halbjahr 2026", "2. Halbjahr", "first half of 2026", "H1" (most recent). */
export function readHalfYear(folded: string, today: CalendarDay): LabelledSpan | null {
  const short = /^h([12])(?:[ /-]?(\d{4}))?$/.exec(folded);
  const reversed = /^(\d{4})[ /-]?h([12])$/.exec(folded);
  const worded = /^(\S+) ?(?:halbjahr|hj|half(?: of)?(?: the year)?)(?: (?:of )?(\d{4}))?$/.exec(folded);
  const half = short?.[1] ?? reversed?.[2] ?? ORDINAL_HALF.get(worded?.[1] ?? "");
  if (half === undefined) return null;
  const year = short?.[2] ?? reversed?.[1] ?? worded?.[2];
  const n = Number(half);
  const span = (y: number): LabelledSpan => ({
    first: calendarDay(y, n * 6 - 5, 1)!,
    last: endOfMonth(calendarDay(y, n * 6, 1)!),
    label: `H${n} ${y}`,
  });
  if (year !== undefined) return span(Number(year));
  const thisYear = today.getFullYear();
  if (n === 1 || today.getMonth() >= 6) return span(thisYear);
  const past = span(thisYear - 1);
  return assuming(past, `no year given: took ${past.label}, the most recent H${n}`);
}

/** "letztes Wochenende" / "last weekend" (Saturday and Sunday of last ISO week), "dieses Wochenende", "Wochenende". */
export function readWeekend(folded: string, today: CalendarDay): LabelledSpan | null {
  const m = /^(?:(?:am|at|on|the|das|dem) )?(?:(\S+) )?(?:wochenende|weekend)$/.exec(folded);
  if (!m) return null;
  const which = m[1] === undefined ? undefined : readRelativeUnit(`${m[1]} week`);
  if (m[1] !== undefined && !which) return null;
  // "Wochenende" alone: the one under way on Saturday or Sunday, else the one just past.
  const step = which?.step ?? (isoWeekday(today) >= 6 ? 0 : -1);
  const saturday = addDays(isoWeekSpan(addWeeks(today, step)).first, 5);
  const sunday = addDays(saturday, 1);
  return assuming(
    { first: saturday, last: sunday, label: `weekend ${isoDay(saturday)} to ${isoDay(sunday)}` },
    `the weekend is Saturday ${isoDay(saturday)} and Sunday ${isoDay(sunday)}`,
  );
}

/**
 * "Anfang März", "Mitte letzten Monats", "Ende März 2026", "early/mid/late March": a third of the
 * month. Anfang/early is days 1–10, Mitte/mid days 11–20, Ende/late day 21 to the month's end.
 */
export function readMonthPart(
  folded: string,
  read: (rest: string) => LabelledSpan | null,
): LabelledSpan | null {
  const m = /^(anfang|beginning of|start of|early|mitte|middle of|mid|ende|end of|late)[ -](.+)$/.exec(
    folded,
  );
  if (!m) return null;
  const rest = (m[2] ?? "")
    .replace(/^(?:des |der |the )/, "")
    .replace(/s$/, "")
    .replace(/^(?:monat|month)$/, "this month");
  const month = read(rest);
  // Only a whole month has thirds ("Ende letzter Woche" is not one of these).
  if (!month) return null;
  if (month.first.getDate() !== 1 || month.last.getTime() !== endOfMonth(month.first).getTime()) return null;
  const word = m[1] ?? "";
  const third = /^(?:anfang|beginning|start|early)/.test(word)
    ? 0
    : /^(?:mitte|middle|mid)/.test(word)
      ? 1
      : 2;
  const first = addDays(month.first, third * 10);
  const last = third === 2 ? month.last : addDays(month.first, third * 10 + 9);
  const name = ["early", "mid", "late"][third];
  return assuming(
    { first, last, label: `${name} ${month.label}` },
    `took days ${first.getDate()}–${last.getDate()} of ${month.label} (Anfang/early: 1–10, Mitte/mid: 11–20, Ende/late: 21 to the month's end)`,
  );
}

/**
 * "March 2026", "März 2026", "2026-03", "03/2026", "3.2026", or a month name alone: the most
 * recent such month that has begun (in January, "December" is last December).
 */
export function readMonth(folded: string, today: CalendarDay): LabelledSpan | string | null {
  const numeric = /^(\d{4})-(\d{1,2})$/.exec(folded);
  const monthFirst = /^(\d{1,2})[/.](\d{4})$/.exec(folded);
  const named = /^([a-z]+\.?)(?: (\d{4}))?$/.exec(folded);
  const month = Number(numeric?.[2] ?? monthFirst?.[1] ?? monthNumber(named?.[1] ?? "") ?? Number.NaN);
  if (Number.isNaN(month)) return null;
  if (month < 1 || month > 12) return `there is no month ${month}`;
  const year = numeric?.[1] ?? monthFirst?.[2] ?? named?.[2];
  if (year !== undefined) return monthSpan(Number(year), month);
  const thisYear = today.getFullYear();
  if (month <= today.getMonth() + 1) return monthSpan(thisYear, month);
  const past = monthSpan(thisYear - 1, month);
  return assuming(past, `no year given: took ${past.label}, the most recent ${englishMonthName(month)}`);
}

/**
 * "2026-W12", "KW 12 2026", "KW12/2026", "KW 12/26", "Kalenderwoche 12", "week 12", "calendar week 12",
 * "12. KW": an ISO week. Without a year, the most recent such week that has begun (on 1 January
 * "KW 52" is the one just past).
 */
export function readIsoWeek(folded: string, today: CalendarDay): LabelledSpan | string | null {
  const iso = /^(\d{4})-?w(\d{1,2})$/.exec(folded);
  const named =
    /^(?:kw|cw|wk|week|woche|kalenderwoche|calendar week)\.? ?(\d{1,2})\.?(?:[ /,]+(\d{4}|\d{2}))?$/.exec(
      folded,
    ) ?? /^(\d{1,2})\. ?(?:kw|kalenderwoche)(?:[ /,]+(\d{4}|\d{2}))?$/.exec(folded);
  if (!iso && !named) return null;
  const week = Number(iso?.[2] ?? named?.[1]);
  const written = iso?.[1] ?? named?.[2];
  // "KW 12/26": a two-digit year is this century's, as on a German timesheet.
  const given = written?.length === 2 ? `20${written}` : written;
  const weekSpan = (weekYear: number): LabelledSpan | string => {
    const jan4 = calendarDay(weekYear, 1, 4)!;
    if (week < 1 || week > getISOWeeksInYear(jan4)) return `${weekYear} has no ISO week ${week}`;
    return isoWeekSpan(addDays(startOfISOWeek(jan4), (week - 1) * 7));
  };
  if (given !== undefined) return weekSpan(Number(given));
  const current = getISOWeekYear(today);
  const thisYears = weekSpan(current);
  if (typeof thisYears !== "string" && thisYears.first <= today) return thisYears;
  const past = weekSpan(current - 1);
  // No week of that number last year either (week 53): this year's, though it lies ahead.
  if (typeof past === "string") return thisYears;
  return assuming(past, `no year given: took ${past.label}, the most recent week ${week}`);
}
