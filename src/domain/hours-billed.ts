/**
 * Which invoices bill a period's hours: the one model every answer about a period's billing uses
 * (time_summary, create_invoice alone, for many customers and as a supplement, log_time's hint).
 * Pure: amounts in cents, periods as ISO days.
 *
 * The service cannot say which entries an invoice billed, so each invoice that may cover the period
 * is read for what it bills:
 *
 * - **hours**: its notes name hours ("27,25 Std. à 95,00 €"), or its net is a whole number of
 *   minutes at the customer's (or a project's) rate;
 * - **beside** the time: its notes name a fixed fee ("Pauschale …", "Anzahlung …"), it repeats the
 *   net of another invoice of the customer (a retainer, an invoice made `like` one before), or its
 *   notes name neither and its net is no whole number of minutes;
 * - **unclear**: the service returned no notes and its net is no whole number of minutes, or it bills
 *   hours over a service period that reaches into days of other time (its net cannot be split).
 *
 * What is not yet billed is the time's worth less the hours invoices. Where an invoice is unclear,
 * both figures are given: without it (it bills something beside) and with it (it bills hours).
 */

import type { DaySpan } from "./calendar-span.js";
import type { Cents } from "./money.js";
import { amountForMinutes } from "./period-billing.js";

export interface InvoiceInPeriod {
  invoiceNumber: string;
  netCents: Cents;
  /** Its service period as days, when the service returned it. */
  periodStart: string | null;
  periodEnd: string | null;
  /** null when the service returned none. */
  notes: string | null;
  /** The number of another invoice of the customer with the same net amount, or null. */
  repeats: string | null;
}

export type Bills = "hours" | "beside" | "unclear";

export type RoleReason =
  | "notes name hours"
  | "whole minutes at the rate"
  | "notes name a fixed fee"
  | "repeats an amount"
  | "neither hours nor minutes"
  | "no notes"
  | "wider period";

export interface InvoiceRole {
  invoiceNumber: string;
  bills: Bills;
  reason: RoleReason;
  /** With "whole minutes at the rate": how many, at which rate (cents). */
  minutes: number | null;
  rate: Cents | null;
  /** With "repeats an amount": the invoice repeated. */
  repeats: string | null;
}

export interface HoursBilled {
  /**
   * "unbilled": no invoice bills the period's hours (none covers it, or those that do bill
   * something beside); "compared": the hours invoices are known; "cannot tell": an invoice may or
   * may not bill them; "no rate": the time has no amount to compare.
   */
  status: "unbilled" | "compared" | "cannot tell" | "no rate";
  /** One per invoice, in the order given. */
  roles: InvoiceRole[];
  /** The period's time at the rate; null without a rate. */
  time: Cents | null;
  /** Net of the invoices that bill the hours. */
  hours: Cents;
  /** Net of those beside the time. */
  beside: Cents;
  /** Net of those it cannot tell about. */
  unclear: Cents;
  /** time − hours: not yet billed (below 0: billed beyond the time); null without a rate. */
  notYetBilled: Cents | null;
  /** notYetBilled as whole minutes at the customer's rate, when it is some. */
  notYetBilledMinutes: number | null;
  /** With "cannot tell": time − hours − unclear, the figure if the unclear ones bill hours. */
  ifUnclearBillHours: Cents | null;
  ifUnclearBillHoursMinutes: number | null;
}

export interface HoursBilledInput {
  period: DaySpan;
  /** Today in the person's zone: days after it hold no time yet. */
  today: string;
  /** The period's time: minutes and their worth at the customer's rate (null without one). */
  time: { minutes: number; amount: Cents | null };
  /** The customer's rate first, then any project's; empty without a rate. */
  rates: readonly Cents[];
  invoices: readonly InvoiceInPeriod[];
}

export function hoursBilled(input: HoursBilledInput): HoursBilled {
  const roles = input.invoices.map((invoice) => roleOf(invoice, input));
  const sum = (bills: Bills) =>
    input.invoices.reduce(
      (total, invoice, i) => total + (roles[i]!.bills === bills ? invoice.netCents : 0),
      0,
    );
  const hours = sum("hours");
  const unclear = sum("unclear");
  const base = { roles, time: input.time.amount, hours, beside: sum("beside"), unclear };
  const rate = input.rates[0];
  if (input.time.amount === null || rate === undefined) {
    return {
      ...base,
      status: "no rate",
      notYetBilled: null,
      notYetBilledMinutes: null,
      ifUnclearBillHours: null,
      ifUnclearBillHoursMinutes: null,
    };
  }
  const notYetBilled = input.time.amount - hours;
  const anyUnclear = roles.some((r) => r.bills === "unclear");
  const ifUnclear = anyUnclear ? notYetBilled - unclear : null;
  return {
    ...base,
    status: anyUnclear ? "cannot tell" : roles.some((r) => r.bills === "hours") ? "compared" : "unbilled",
    notYetBilled,
    notYetBilledMinutes: minutesWorth(notYetBilled, rate),
    ifUnclearBillHours: ifUnclear,
    ifUnclearBillHoursMinutes: ifUnclear === null ? null : minutesWorth(ifUnclear, rate),
  };
}

function roleOf(invoice: InvoiceInPeriod, input: HoursBilledInput): InvoiceRole {
  const role = (bills: Bills, reason: RoleReason, more: Partial<InvoiceRole> = {}): InvoiceRole => ({
    invoiceNumber: invoice.invoiceNumber,
    bills,
    reason,
    minutes: null,
    rate: null,
    repeats: null,
    ...more,
  });
  const hoursRole = (reason: RoleReason, more: Partial<InvoiceRole> = {}) =>
    reachesBeyond(invoice, input.period, input.today)
      ? role("unclear", "wider period", more)
      : role("hours", reason, more);
  if (notesNameHours(invoice.notes)) return hoursRole("notes name hours");
  if (notesNameFixedFee(invoice.notes)) return role("beside", "notes name a fixed fee");
  if (invoice.repeats !== null) return role("beside", "repeats an amount", { repeats: invoice.repeats });
  for (const rate of input.rates) {
    const minutes = minutesWorth(invoice.netCents, rate);
    if (minutes !== null) return hoursRole("whole minutes at the rate", { minutes, rate });
  }
  return invoice.notes === null || invoice.notes.trim() === ""
    ? role("unclear", "no notes")
    : role("beside", "neither hours nor minutes");
}

/**
 * Its service period reaches into days outside the period that may hold time: before it, or after
 * it up to today (days after today hold none yet, so a month's invoice made before the month ends
 * still compares with the month's time so far).
 */
function reachesBeyond(invoice: InvoiceInPeriod, period: DaySpan, today: string): boolean {
  if (invoice.periodStart === null || invoice.periodEnd === null) return false;
  if (invoice.periodStart < period.start) return true;
  return invoice.periodEnd > period.end && period.end < today;
}

/**
 * "27,25 Std. à 95,00 €", "3 h x 90 EUR", "12 Stunden", "4.5 hours at 80": the notes say hours. So
 * does a supplement's "Nachtrag Oktober 2026: 75,00 €" (this server's line for time billed late).
 */
export function notesNameHours(notes: string | null): boolean {
  if (notes === null) return false;
  if (/^\s*nachtrag\b/i.test(notes)) return true;
  const quantity = String.raw`\d+(?:[.,]\d+)?\s*`;
  return (
    new RegExp(`${quantity}(?:std\\.?|stunden?|h|hrs?|hours?)\\s*(?:à|a|x|×|@|zu|je|at)\\s*\\d`, "i").test(
      notes,
    ) || new RegExp(`${quantity}(?:std\\.|stunden|hours)(?![\\p{L}])`, "iu").test(notes)
  );
}

/** "Pauschale …", "Monatspauschale", "Festpreis", "Anzahlung", "Abschlag", "flat fee", "retainer". */
export function notesNameFixedFee(notes: string | null): boolean {
  return (
    notes !== null &&
    /pauschal|festpreis|fixpreis|anzahlung|abschlag|vorauszahlung|vorschuss|retainer|flat fee|fixed fee|fixed price|lump sum/i.test(
      notes,
    )
  );
}

/** The whole minutes that are worth exactly `amount` at `rate` (half-up, as invoices count), or null. */
export function minutesWorth(amount: Cents, rate: Cents): number | null {
  if (amount <= 0 || rate <= 0) return null;
  const minutes = Math.round((amount * 60) / rate);
  return minutes > 0 && amountForMinutes(minutes, rate) === amount ? minutes : null;
}
