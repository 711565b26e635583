/**
 * A period's time against the invoices that may cover it, read by the one model of which invoices
 * bill hours (src/domain/hours-billed.ts): what is not yet billed is the time logged since (or
 * beyond) the hours invoices; fixed fees and repeated amounts beside it do not lower it. time_summary
 * shows it, create_invoice refuses with it and bills only it as a supplement (`supplement: true`),
 * log_time names the invoices that bill an entry's hours.
 */

import type { DaySpan } from "../domain/calendar-span.js";
import { type Bills, hoursBilled, type RoleReason } from "../domain/hours-billed.js";
import { fromCents, toCents } from "../domain/money.js";
import { hoursFromMinutes } from "../domain/period-billing.js";
import type { CoveringInvoice, PeriodTime } from "./period-facts.js";

/** An amount not yet billed, in hours too where it is a whole number of minutes at the rate. */
export interface Unbilled {
  amount: number;
  minutes: number | null;
  hours: number | null;
}

export interface BilledSoFar {
  /**
   * "unbilled": no invoice bills the period's hours; "compared": the invoices that bill them are
   * known; "cannot tell": some invoice may or may not bill them (both figures given); "no rate":
   * the time has no amount to compare.
   */
  status: "unbilled" | "compared" | "cannot tell" | "no rate";
  /** The period's time at the customer's rate; null without a rate. */
  timeAmount: number | null;
  /** Net of the invoices that bill the period's hours. */
  billedAmount: number;
  /** Net of the invoices beside the time (fixed fees, repeated amounts, other work). */
  besideAmount: number;
  /** Every invoice that may cover the period, oldest first. */
  invoiceNumbers: string[];
  /** What each of them bills, and why it is read so. */
  roles: { invoiceNumber: string; bills: Bills; reason: RoleReason }[];
  /** Those that bill the hours. */
  hoursInvoices: string[];
  /** Those that bill something beside the time. */
  besideTime: string[];
  /** Those of which it cannot be told. */
  unclear: string[];
  /** Of those, the hours invoices whose service period reaches into other time, with that period. */
  wider: { invoiceNumber: string; start: string; end: string }[];
  /** timeAmount − billedAmount: above 0 is time not yet billed; null without a rate. */
  difference: number | null;
  /** The difference as minutes at the rate, when it is a whole number of them. */
  differenceMinutes: number | null;
  differenceHours: number | null;
  /** With "cannot tell": what is not yet billed if the unclear invoices do bill the hours. */
  ifUnclearBillHours: Unbilled | null;
  /** Some invoice was taken as covering from its date alone (the list gave no period). */
  guessed: boolean;
  /** Invoices beside the time because they repeat another's net amount (a retainer, `like`). */
  repeated: { invoiceNumber: string; repeats: string }[];
}

export function billedSoFar(
  time: PeriodTime,
  covering: readonly CoveringInvoice[],
  period: DaySpan,
  today: string,
): BilledSoFar {
  const model = hoursBilled({
    period,
    today,
    time: { minutes: time.minutes, amount: time.amount === null ? null : toCents(time.amount) },
    rates: time.hourlyRate === null ? [] : [toCents(time.hourlyRate)],
    invoices: covering.map((c) => ({
      invoiceNumber: c.invoiceNumber,
      netCents: toCents(c.netAmount),
      periodStart: c.periodStart,
      periodEnd: c.periodEnd,
      notes: c.notes,
      repeats: c.repeats ?? null,
    })),
  });
  const numbersOf = (bills: Bills) =>
    model.roles.filter((r) => r.bills === bills).map((r) => r.invoiceNumber);
  const unbilled = (cents: number | null, minutes: number | null): Unbilled | null =>
    cents === null
      ? null
      : { amount: fromCents(cents), minutes, hours: minutes === null ? null : hoursFromMinutes(minutes) };
  const difference = unbilled(model.notYetBilled, model.notYetBilledMinutes);
  return {
    status: model.status,
    timeAmount: time.amount,
    billedAmount: fromCents(model.hours),
    besideAmount: fromCents(model.beside),
    invoiceNumbers: covering.map((c) => c.invoiceNumber),
    roles: model.roles.map((r) => ({ invoiceNumber: r.invoiceNumber, bills: r.bills, reason: r.reason })),
    hoursInvoices: numbersOf("hours"),
    besideTime: numbersOf("beside"),
    unclear: numbersOf("unclear"),
    wider: model.roles.flatMap((r, i) => {
      const c = covering[i]!;
      return r.reason === "wider period" && c.periodStart !== null && c.periodEnd !== null
        ? [{ invoiceNumber: r.invoiceNumber, start: c.periodStart, end: c.periodEnd }]
        : [];
    }),
    difference: difference?.amount ?? null,
    differenceMinutes: difference?.minutes ?? null,
    differenceHours: difference?.hours ?? null,
    ifUnclearBillHours: unbilled(model.ifUnclearBillHours, model.ifUnclearBillHoursMinutes),
    guessed: covering.some((c) => c.basis === "invoice date"),
    repeated: model.roles.flatMap((r) =>
      r.repeats === null ? [] : [{ invoiceNumber: r.invoiceNumber, repeats: r.repeats }],
    ),
  };
}
