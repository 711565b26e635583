/**
 * The arithmetic of billing a period's time, and of telling which invoices may already bill it.
 * Pure: the caller brings entries, invoices, the period's days and the time zone.
 *
 * - Money is minutes × hourly rate, to the cent, half-up, over the period's total minutes (never a
 *   sum of rounded per-project amounts).
 * - An invoice "may cover" a period when its service period shares a day with it. When a list does
 *   not return an invoice's service period (whether it must is not shown), the invoice date stands
 *   in: dated inside the period or up to 45 days after its end. That is a guess and is marked so.
 */

import { type DaySpan, shiftDay, spanKind } from "./calendar-span.js";
import { formatDay } from "./dates/format.js";
import { germanMonthName } from "./dates/months.js";
import type { Cents } from "./money.js";

/** An invoice dated this many days after a period's end may still be the one billing it. */
export const DATE_GUESS_DAYS = 45;

/** Half-up cents for whole minutes at an hourly rate in cents, in integers (no float rounding). */
export function amountForMinutes(minutes: number, hourlyRateCents: Cents): Cents {
  return Math.floor((minutes * hourlyRateCents + 30) / 60);
}

/** Hours from minutes, two decimals, half-up: 1635 → 27.25. */
export function hoursFromMinutes(minutes: number): number {
  return Math.round((minutes * 100) / 60) / 100;
}

export interface InvoiceDates {
  invoiceDate: number;
  periodStart?: number | null | undefined;
  periodEnd?: number | null | undefined;
}

/** Why an invoice may cover a period: its service period overlaps, or (a guess) its date is near. */
export type CoverBasis = "service period" | "invoice date";

export function coverBasis(invoice: InvoiceDates, period: DaySpan, timeZone: string): CoverBasis | null {
  const served = servicePeriodDays(invoice, timeZone);
  if (served) return served.start <= period.end && served.end >= period.start ? "service period" : null;
  const dated = formatDay(invoice.invoiceDate, timeZone);
  return dated >= period.start && dated <= shiftDay(period.end, DATE_GUESS_DAYS) ? "invoice date" : null;
}

/** The invoice's service period as days in the zone, when the list returned both ends. */
export function servicePeriodDays(invoice: InvoiceDates, timeZone: string): DaySpan | null {
  if (typeof invoice.periodStart !== "number" || typeof invoice.periodEnd !== "number") return null;
  const start = formatDay(invoice.periodStart, timeZone);
  const end = formatDay(invoice.periodEnd, timeZone);
  return end < start ? { start: end, end: start } : { start, end };
}

/** A period as a German invoice names it: "Oktober 2026", "3. Quartal 2026", "2026", "01.10.2026–15.10.2026". */
export function germanPeriodLabel(period: DaySpan): string {
  const [year, month] = period.start.split("-").map(Number) as [number, number];
  const kind = spanKind(period);
  if (kind === "month") return `${germanMonthName(month)} ${year}`;
  if (kind === "quarter") return `${(month + 2) / 3}. Quartal ${year}`;
  if (kind === "year") return String(year);
  if (period.start === period.end) return germanDay(period.start);
  return `${germanDay(period.start)}–${germanDay(period.end)}`;
}

function germanDay(day: string): string {
  const [y, m, d] = day.split("-");
  return `${d}.${m}.${y}`;
}

/** `123456` → `"1.234,56"`: German digits with plain characters (no locale data, no odd spaces). */
function germanNumber(hundredths: number): string {
  const whole = Math.floor(hundredths / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${whole},${String(hundredths % 100).padStart(2, "0")}`;
}

/** The line an invoice from time carries: "Leistungen Oktober 2026: 27,25 Std. à 95,00 €". */
export function timeNotes(period: DaySpan, minutes: number, hourlyRateCents: Cents): string {
  const hundredthsOfHours = Math.round((minutes * 100) / 60);
  return `Leistungen ${germanPeriodLabel(period)}: ${germanNumber(hundredthsOfHours)} Std. à ${germanNumber(hourlyRateCents)} €`;
}

/**
 * The line a supplement carries: "Nachtrag Oktober 2026: 0,75 Std. à 100,00 €", or, when the amount
 * is not a whole number of minutes at the rate, the amount alone: "Nachtrag Oktober 2026: 75,00 €".
 */
export function supplementNotes(
  period: DaySpan,
  minutes: number | null,
  hourlyRateCents: Cents,
  amountCents: Cents,
): string {
  const label = `Nachtrag ${germanPeriodLabel(period)}`;
  if (minutes === null) return `${label}: ${germanNumber(amountCents)} €`;
  return `${label}: ${germanNumber(Math.round((minutes * 100) / 60))} Std. à ${germanNumber(hourlyRateCents)} €`;
}
