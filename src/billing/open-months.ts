/**
 * What is not yet billed over all periods, by the one model of which invoices bill hours
 * (billed-so-far.ts), where the service's own unbilled figure cannot see invoices made through the
 * API (it counts entries the service has not marked as billed). The months read are those that
 * hold the service's unbilled hours, newest first (entries are billed oldest first): each month's
 * time from the service's monthly breakdown, against the invoices that may cover that month.
 */

import type { CustomerTimeSummary, Invoice } from "../api/schemas.js";
import { monthOf } from "../domain/calendar-span.js";
import { fromCents, toCents } from "../domain/money.js";
import { amountForMinutes, hoursFromMinutes } from "../domain/period-billing.js";
import { billedSoFar } from "./billed-so-far.js";
import { invoicesThatMayCover } from "./period-facts.js";

export interface NotYetBilled {
  /** Not yet billed, the months read together; where the model cannot tell, without the unclear invoices. */
  amount: number;
  minutes: number | null;
  hours: number | null;
  /** YYYY-MM, oldest first. */
  months: string[];
  /** Where it cannot be told whether some invoices bill hours: the figure if they do; else null. */
  ifUnclearBillHours: number | null;
  unclear: string[];
}

/** null without an hourly rate (no amounts to compare). */
export function notYetBilled(
  summary: CustomerTimeSummary,
  invoices: readonly Invoice[],
  timeZone: string,
  today: string,
): NotYetBilled | null {
  const rate = summary.hourlyRate;
  if (typeof rate !== "number" || rate <= 0) return null;
  const months = openMonths(summary);
  let cents = 0;
  let ifUnclear = 0;
  let minutes = 0;
  let wholeMinutes = true;
  const unclear: string[] = [];
  for (const { monthKey, hours } of months) {
    const period = monthOf(monthKey);
    const monthMinutes = Math.round(hours * 60);
    const time = {
      entryCount: 0,
      minutes: monthMinutes,
      hours: hoursFromMinutes(monthMinutes),
      hourlyRate: rate,
      amount: fromCents(amountForMinutes(monthMinutes, toCents(rate))),
      byProject: [],
      entries: [],
    };
    const billed = billedSoFar(
      time,
      invoicesThatMayCover(invoices, summary.customerId, period, timeZone),
      period,
      today,
    );
    const left = Math.max(0, toCents(billed.difference ?? 0));
    cents += left;
    ifUnclear += Math.max(0, toCents(billed.ifUnclearBillHours?.amount ?? billed.difference ?? 0));
    unclear.push(...billed.unclear);
    if (left > 0 && billed.differenceMinutes === null) wholeMinutes = false;
    minutes += left > 0 ? (billed.differenceMinutes ?? 0) : 0;
  }
  return {
    amount: fromCents(cents),
    minutes: wholeMinutes ? minutes : null,
    hours: wholeMinutes ? hoursFromMinutes(minutes) : null,
    months: months.map((m) => m.monthKey).sort(),
    ifUnclearBillHours: unclear.length > 0 ? fromCents(ifUnclear) : null,
    unclear,
  };
}

/** The newest months whose hours reach the service's unbilled hours (at least the newest one with time). */
function openMonths(summary: CustomerTimeSummary): { monthKey: string; hours: number }[] {
  const newestFirst = [...summary.monthlyBreakdown]
    .filter((m) => /^\d{4}-\d{2}$/.test(m.monthKey) && m.hours > 0)
    .sort((a, b) => b.monthKey.localeCompare(a.monthKey));
  const open: { monthKey: string; hours: number }[] = [];
  let hours = 0;
  for (const month of newestFirst) {
    if (hours >= summary.unbilledHours - 0.005) break;
    open.push(month);
    hours += month.hours;
  }
  return open;
}
