/**
 * Minutes are the unit of work inside; hours appear only at the API boundary, rounded to two
 * decimals. Money for hours goes through money.ts on the exact minutes.
 */

import { MS_PER_MINUTE } from "../calendar.js";
import { amountForHours, type Cents, fromCents } from "../money.js";
import type { TimeEntry } from "../records.js";

/** Duration of a completed entry; a running timer has elapsed minutes up to `now` (never negative). */
export function entryMinutes(entry: TimeEntry, now: number): number {
  if (entry.endTime === null) return Math.max(0, Math.floor((now - entry.startTime) / MS_PER_MINUTE));
  return Math.round((entry.endTime - entry.startTime) / MS_PER_MINUTE);
}

/** Completed entries only: summaries never count a running timer. */
export function completed(entries: readonly TimeEntry[]): TimeEntry[] {
  return entries.filter((e) => e.endTime !== null);
}

export function sumMinutes(entries: readonly TimeEntry[]): number {
  return entries.reduce((sum, e) => sum + (e.endTime === null ? 0 : entryMinutes(e, e.endTime)), 0);
}

/** Hours with two decimals, half-up (minutes × 100 / 60 is never exactly half a hundredth). */
export function hoursOf(minutes: number): number {
  return Math.round((minutes * 100) / 60) / 100;
}

/** EUR for a number of minutes at an hourly rate, half-up to the cent. */
export function amountOf(minutes: number, hourlyRateCents: Cents): number {
  return fromCents(amountForHours(minutes / 60, hourlyRateCents));
}

export interface HoursSplit {
  totalMinutes: number;
  billedMinutes: number;
  unbilledMinutes: number;
}

export function splitBilled(entries: readonly TimeEntry[]): HoursSplit {
  const done = completed(entries);
  const billedMinutes = sumMinutes(done.filter((e) => e.invoiceId !== undefined));
  const unbilledMinutes = sumMinutes(done.filter((e) => e.invoiceId === undefined));
  return { totalMinutes: billedMinutes + unbilledMinutes, billedMinutes, unbilledMinutes };
}
