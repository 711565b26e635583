/**
 * Hours per customer: billed and unbilled, this ISO week and this calendar month (Berlin), and a
 * monthly breakdown. Running timers are excluded; amounts use the customer's current hourly rate.
 */

import { berlinMonthKey, berlinMonthRange, berlinWeekRange } from "../calendar.js";
import { fromCents } from "../money.js";
import type { AccountData, Customer, TimeEntry } from "../records.js";
import { amountOf, completed, hoursOf, splitBilled, sumMinutes } from "./hours.js";

export function timeSummary(account: AccountData, customer: Customer, now: number) {
  const entries = completed(account.timeEntries.filter((e) => e.customerId === customer._id));
  const split = splitBilled(entries);
  const rate = customer.hourlyRateCents;
  return {
    customerId: customer._id,
    customerName: customer.name,
    externalId: customer.externalId,
    hourlyRate: fromCents(rate),
    totalHours: hoursOf(split.totalMinutes),
    billedHours: hoursOf(split.billedMinutes),
    unbilledHours: hoursOf(split.unbilledMinutes),
    unbilledAmount: amountOf(split.unbilledMinutes, rate),
    weekHours: hoursOf(sumMinutes(within(entries, berlinWeekRange(now)))),
    monthHours: hoursOf(sumMinutes(within(entries, berlinMonthRange(now)))),
    monthlyBreakdown: monthly(entries).map(([monthKey, minutes]) => ({
      monthKey,
      hours: hoursOf(minutes),
      amount: amountOf(minutes, rate),
    })),
  };
}

/** Entries that started inside the range (bounds inclusive). */
function within(entries: readonly TimeEntry[], range: { start: number; end: number }): TimeEntry[] {
  return entries.filter((e) => e.startTime >= range.start && e.startTime <= range.end);
}

/** [monthKey, minutes] ascending, only months that have entries. */
function monthly(entries: readonly TimeEntry[]): [string, number][] {
  const minutes = new Map<string, number>();
  for (const entry of entries) {
    const key = berlinMonthKey(entry.startTime);
    minutes.set(key, (minutes.get(key) ?? 0) + sumMinutes([entry]));
  }
  return [...minutes.entries()].sort(([a], [b]) => a.localeCompare(b));
}
