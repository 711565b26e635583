/**
 * Whether a run of days is one whole calendar month, quarter or year, and how far apart two such
 * runs are in months: what the VAT due date and the notes of a repeated invoice need. Pure.
 */
import type { DaySpan } from "./period-billing.js";

export type SpanKind = "month" | "quarter" | "year" | "other";

export function spanKind(span: DaySpan): SpanKind {
  const [year, month, day] = span.start.split("-").map(Number) as [number, number, number];
  if (day !== 1) return "other";
  const endOf = (months: number) =>
    new Date(Date.UTC(year, month - 1 + months, 0)).toISOString().slice(0, 10);
  if (span.end === endOf(1)) return "month";
  if (month % 3 === 1 && span.end === endOf(3)) return "quarter";
  if (month === 1 && span.end === endOf(12)) return "year";
  return "other";
}

/** Months since the start of year 0 of a span's first day: differences give whole months between. */
export function monthIndex(day: string): number {
  const [year, month] = day.split("-").map(Number) as [number, number];
  return year * 12 + month - 1;
}
