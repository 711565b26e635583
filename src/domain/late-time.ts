/**
 * Time that came after a period was invoiced: the period's time at the customer's rate, against
 * what the invoices that may cover it already bill. Pure: amounts in cents, periods as ISO days.
 *
 * The invoices' net is all the service lets us compare (it does not say which entries an invoice
 * billed), so the difference is an amount; it is stated in hours only when it is a whole number of
 * minutes at the rate. An invoice whose service period reaches beyond the period bills other time
 * too: then no difference can be vouched for, and the answer says so instead of guessing one.
 */

import type { Cents } from "./money.js";
import type { DaySpan } from "./period-billing.js";
import { amountForMinutes } from "./period-billing.js";

export interface BillingInvoice {
  netCents: Cents;
  /** Its service period, when the service returned it. */
  periodStart: string | null;
  periodEnd: string | null;
}

export type LateTime =
  /** No invoice may cover the period: all of its time is unbilled. */
  | { kind: "unbilled" }
  /** An invoice's service period reaches beyond the period: its net cannot be split by period. */
  | { kind: "wider"; wider: number[] }
  | {
      kind: "compared";
      /** What the period's time is worth. */
      time: Cents;
      /** What the invoices bill together. */
      billed: Cents;
      /** time − billed: above 0 is time not billed yet, below 0 is billed beyond the time. */
      difference: Cents;
      /** The difference in minutes at the rate, when it is a whole number of them; else null. */
      minutes: number | null;
    };

export function lateTime(
  period: DaySpan,
  time: { amount: Cents; rate: Cents },
  invoices: readonly BillingInvoice[],
): LateTime {
  if (invoices.length === 0) return { kind: "unbilled" };
  const wider = invoices
    .map((invoice, index) => ({ invoice, index }))
    .filter(
      ({ invoice }) =>
        invoice.periodStart !== null &&
        invoice.periodEnd !== null &&
        (invoice.periodStart < period.start || invoice.periodEnd > period.end),
    )
    .map(({ index }) => index);
  if (wider.length > 0) return { kind: "wider", wider };
  const billed = invoices.reduce((sum, invoice) => sum + invoice.netCents, 0);
  const difference = time.amount - billed;
  return {
    kind: "compared",
    time: time.amount,
    billed,
    difference,
    minutes: minutesWorth(difference, time.rate),
  };
}

/** The whole minutes that are worth exactly `amount` at `rate` (half-up, as invoices count), or null. */
export function minutesWorth(amount: Cents, rate: Cents): number | null {
  if (amount <= 0 || rate <= 0) return null;
  const minutes = Math.round((amount * 60) / rate);
  return minutes > 0 && amountForMinutes(minutes, rate) === amount ? minutes : null;
}
