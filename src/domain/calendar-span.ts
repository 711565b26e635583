/**
 * Whole days and months as ISO days ("2026-10-31"): a run of days, a day moved by whole days, a
 * month's last day, whether a run is one whole calendar month, quarter or year, and how far apart
 * two such runs are in months. Days here are calendar days, not a zone's 23- or 25-hour days. Pure.
 */

/** A day's length in milliseconds: for UTC days and for durations, never for a zone's wall clock. */
export const DAY_MS = 86_400_000;

/** Inclusive ISO days, as the dates module's periods give them. */
export interface DaySpan {
  start: string;
  end: string;
}

/** An ISO day moved by whole days. */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The last day of a month (1–12; 13 is January of the next year), as an ISO day. */
export function lastDayOfMonth(year: number, month: number): string {
  // Counted, not read off a Date: it runs for every row a list shows (a service period named as a
  // month). Other years (Date.UTC reads 0–99 as 1900–1999) and months, which no list has, take the Date's way.
  if (
    !Number.isInteger(year) ||
    !Number.isInteger(month) ||
    year < 100 ||
    year > 9998 ||
    month < 0 ||
    month > 13
  )
    return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  const y = month === 0 ? year - 1 : month === 13 ? year + 1 : year;
  const m = month === 0 ? 12 : month === 13 ? 1 : month;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  const days = m === 2 ? (leap ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
  return `${String(y).padStart(4, "0")}-${m < 10 ? "0" : ""}${m}-${days}`;
}

/** The whole calendar month a day ("2026-10-15") or a month ("2026-10") falls in. */
export function monthOf(day: string): DaySpan {
  const [year, month] = day.split("-").map(Number) as [number, number];
  return { start: `${day.slice(0, 7)}-01`, end: lastDayOfMonth(year, month) };
}

export type SpanKind = "month" | "quarter" | "year" | "other";

export function spanKind(span: DaySpan): SpanKind {
  const [year, month, day] = span.start.split("-").map(Number) as [number, number, number];
  if (day !== 1) return "other";
  if (span.end === lastDayOfMonth(year, month)) return "month";
  if (month % 3 === 1 && span.end === lastDayOfMonth(year, month + 2)) return "quarter";
  if (month === 1 && span.end === lastDayOfMonth(year, 12)) return "year";
  return "other";
}

/** Months since the start of year 0 of a span's first day: differences give whole months between. */
export function monthIndex(day: string): number {
  const [year, month] = day.split("-").map(Number) as [number, number];
  return year * 12 + month - 1;
}
