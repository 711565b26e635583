/**
 * The output side of a VAT return (Umsatzsteuer-Voranmeldung) from invoices. Pure: the invoices,
 * the payments known from the webhook inbox, the period and the zone come in; integer cents go out.
 *
 * - Soll (vereinbarte Entgelte): issued invoices (sent or paid) dated in the period, by invoice date
 *   in the zone. Drafts are not issued yet; they are listed apart and counted nowhere.
 * - Ist (vereinnahmte Entgelte, § 20 UStG): paid invoices whose payment arrived in the period, by
 *   `paidAt` in the zone. The REST API has no payment dates; only the inbox's `invoice.paid` events
 *   carry them, and the person's own word (PersonsWord) where the inbox is silent. A paid invoice
 *   that may have been paid in the period without a known date cannot be placed: the figures are
 *   then those of the payments known, marked incomplete, and the invoices left out are named.
 * - Rate 0 is the small-business rule (§ 19 UStG, as the API defines it): outside the return.
 * - Each invoice counts with the tax it states; one whose tax is not its net × rate, half-up, is
 *   named (never corrected). One without a rate or tax, with a rate outside 0–100 %, or whose tax
 *   is more than a euro from net × rate (no rounding explains that), is left out of the figures,
 *   which are then marked incomplete, and named with the reason.
 * Every figure is the sum, in cents, of the invoices listed with it.
 */

import type { DaySpan } from "./calendar-span.js";
import { formatDay } from "./dates/format.js";
import { type Cents, taxFromNet, toCents } from "./money.js";

export type VatBasis = "soll" | "ist";

export interface VatInvoice {
  _id: string;
  invoiceNumber: string;
  customerId: string;
  invoiceDate: number;
  status: string;
  netAmount: number;
  taxRate?: number | null | undefined;
  taxAmount?: number | null | undefined;
  grossAmount?: number | null | undefined;
}

/** What the inbox says about an invoice's payment. */
export type PaymentFact =
  | { kind: "paid"; paidAt: number; paidAmount: number | null }
  /** Several payments with different dates or amounts: which one counts cannot be told. */
  | { kind: "unclear"; paidAt: number[] };

export interface VatInput {
  period: DaySpan;
  timeZone: string;
  basis: VatBasis;
  invoices: readonly VatInvoice[];
  /** Ist: payments by invoice id, from the inbox. */
  payments: ReadonlyMap<string, PaymentFact>;
  /** Ist: the oldest event the inbox holds (Unix ms), or null without an inbox or events. */
  inboxSince: number | null;
  /** Ist: what the person said about payments the inbox does not show. */
  word?: PersonsWord | undefined;
}

/**
 * What the person told the server about payments, kept for them: the day an invoice was paid, and
 * statements "every paid invoice dated before `datedBefore` was paid before `paidBefore`" that they
 * confirmed. Days are YYYY-MM-DD in their zone. The inbox's own dates always win.
 */
export interface PersonsWord {
  paidOn: ReadonlyMap<string, string>;
  paidBefore: readonly { datedBefore: string; paidBefore: string }[];
}

/** An invoice in the return: the day that put it in the period (invoice or payment date). */
export interface CountedInvoice {
  invoice: VatInvoice;
  day: string;
  net: Cents;
  tax: Cents;
  /** Hundredths of a percent: 1900 for 19 %. */
  rate: number;
  /** Ist: the payment day is the person's word, not the inbox's. */
  byWord?: true;
}

export interface RateRow {
  rate: number;
  net: Cents;
  tax: Cents;
  invoices: CountedInvoice[];
}

/** An invoice the figures cannot rest on, and why. */
export interface Unsure {
  invoice: VatInvoice;
  reason: string;
}

export interface VatFigures {
  /** Rate rows (above 0 %), highest rate first: of the invoices placed (see `unsure`). */
  rates: RateRow[];
  totalTax: Cents;
  /** Nothing is left out: no invoice in `unsure`. */
  complete: boolean;
  /** At 0 % (§ 19 UStG): turnover outside the return. */
  smallBusiness: CountedInvoice[];
  /** Soll: drafts dated in the period, not issued yet. */
  drafts: VatInvoice[];
  /** Dated (Soll) in the period in a state beyond draft/sent/paid: not counted, named. */
  otherStates: VatInvoice[];
  /** Counted invoices whose tax is not net × rate, half-up, with the tax that would be. */
  mismatches: { invoice: CountedInvoice; expected: Cents }[];
  /** What the figures leave out: no rate or tax listed; for Ist, payments not known. */
  unsure: Unsure[];
}

export function vatFigures(input: VatInput): VatFigures {
  const { period, timeZone } = input;
  const inPeriod = (ms: number) => {
    const day = formatDay(ms, timeZone);
    return day >= period.start && day <= period.end ? day : null;
  };
  const counted: { invoice: VatInvoice; day: string; byWord?: true }[] = [];
  const drafts: VatInvoice[] = [];
  const otherStates: VatInvoice[] = [];
  const unsure: Unsure[] = [];
  for (const invoice of input.invoices) {
    if (input.basis === "soll") {
      const day = inPeriod(invoice.invoiceDate);
      if (day === null) continue;
      if (invoice.status === "sent" || invoice.status === "paid") counted.push({ invoice, day });
      else if (invoice.status === "draft") drafts.push(invoice);
      else otherStates.push(invoice);
      continue;
    }
    const found = istCounted(invoice, input, inPeriod);
    if (found?.day)
      counted.push({ invoice, day: found.day, ...(found.byWord ? { byWord: true as const } : {}) });
    if (found?.unsure) unsure.push({ invoice, reason: found.unsure });
  }
  const rows = new Map<number, RateRow>();
  const smallBusiness: CountedInvoice[] = [];
  const mismatches: VatFigures["mismatches"] = [];
  for (const { invoice, day, byWord } of counted) {
    const rate = hundredths(invoice.taxRate);
    if (rate === null || invoice.taxAmount == null) {
      const reason =
        invoice.taxRate == null
          ? "no tax rate listed"
          : rate === null
            ? rateProblem(invoice.taxRate)
            : "no tax amount listed";
      unsure.push({ invoice, reason });
      continue;
    }
    const entry: CountedInvoice = {
      invoice,
      day,
      net: toCents(invoice.netAmount),
      tax: toCents(invoice.taxAmount),
      rate,
      ...(byWord ? { byWord } : {}),
    };
    const expected = taxFromNet(entry.net, rate / 100);
    if (Math.abs(expected - entry.tax) > FAR_FROM_RATE) {
      const said = `its tax ${(entry.tax / 100).toFixed(2)} EUR is far from net × rate (${(expected / 100).toFixed(2)} EUR)`;
      unsure.push({ invoice, reason: said });
      continue;
    }
    if (expected !== entry.tax) mismatches.push({ invoice: entry, expected });
    if (rate === 0) {
      smallBusiness.push(entry);
      continue;
    }
    const row = rows.get(rate) ?? { rate, net: 0, tax: 0, invoices: [] };
    row.net += entry.net;
    row.tax += entry.tax;
    row.invoices.push(entry);
    rows.set(rate, row);
  }
  const rates = [...rows.values()].sort((a, b) => b.rate - a.rate);
  for (const row of rates) row.invoices.sort(byDay);
  return {
    rates,
    totalTax: rates.reduce((sum, row) => sum + row.tax, 0),
    complete: unsure.length === 0,
    smallBusiness: smallBusiness.sort(byDay),
    drafts,
    otherStates,
    mismatches,
    unsure: unsure.sort((a, b) => a.invoice.invoiceDate - b.invoice.invoiceDate),
  };
}

/**
 * Ist: the payment day when the invoice was paid in the period, or why it may have been without
 * a known date. The inbox counts as complete from its oldest event on: an invoice dated before that
 * whose payment it never saw was paid before, when that is before the period; one dated after it
 * was paid while the inbox listened, so a missing event is missing data.
 */
function istCounted(
  invoice: VatInvoice,
  input: VatInput,
  inPeriod: (ms: number) => string | null,
): { day?: string; byWord?: boolean; unsure?: string } | null {
  const fact = input.payments.get(invoice._id);
  const dated = formatDay(invoice.invoiceDate, input.timeZone);
  // Money for an invoice does not arrive before the invoice is written.
  const couldBeInPeriod = dated <= input.period.end;
  if (fact?.kind === "paid") {
    const day = inPeriod(fact.paidAt);
    if (day === null) return null;
    if (invoice.status !== "paid") {
      return { unsure: `the inbox says paid on ${day}, the service lists it as ${invoice.status}` };
    }
    const gross = invoice.grossAmount;
    if (fact.paidAmount !== null && gross != null && toCents(fact.paidAmount) !== toCents(gross)) {
      return {
        unsure: `paid ${fact.paidAmount.toFixed(2)} EUR on ${day}, not its gross ${gross.toFixed(2)} EUR`,
      };
    }
    return { day };
  }
  if (invoice.status !== "paid" || !couldBeInPeriod) return null;
  const given = input.word?.paidOn.get(invoice._id);
  if (given !== undefined) {
    return given >= input.period.start && given <= input.period.end ? { day: given, byWord: true } : null;
  }
  if (fact?.kind === "unclear") {
    const days = fact.paidAt.map((ms) => formatDay(ms, input.timeZone));
    return { unsure: `the inbox holds several payments (${days.join(", ")})` };
  }
  const since = input.inboxSince;
  const periodStartsAfterInbox = since !== null && formatDay(since, input.timeZone) <= input.period.start;
  if (periodStartsAfterInbox && invoice.invoiceDate < since) return null;
  // The person's confirmed word: dated before X, paid before P, and P is not after the period's start.
  const settled = input.word?.paidBefore.some(
    (said) => dated < said.datedBefore && said.paidBefore <= input.period.start,
  );
  if (settled) return null;
  return { unsure: "paid, but the inbox holds no payment date for it" };
}

/**
 * Tax stated this many cents away from net × rate is no rounding (per line, a few cents at most):
 * an amount or rate is wrong, and counting it as stated would put a wrong figure in the return.
 */
const FAR_FROM_RATE = 100;

/** A rate in hundredths of a percent, or null when missing, outside 0–100 % or finer than two decimals. */
function hundredths(rate: number | null | undefined): number | null {
  if (typeof rate !== "number" || !Number.isFinite(rate) || rate < 0 || rate > 100) return null;
  const value = Math.round(rate * 100);
  return Math.abs(rate * 100 - value) < 1e-6 ? value : null;
}

/** Why a listed rate is no rate, in words that never show a number in exponent notation. */
function rateProblem(rate: number): string {
  if (rate < 0) return "its tax rate is negative";
  if (rate > 100) return "its tax rate is above 100 %";
  return `its tax rate ${rate} is not a percentage with at most two decimals`;
}

function byDay(a: CountedInvoice, b: CountedInvoice): number {
  return a.day.localeCompare(b.day) || a.invoice.invoiceNumber.localeCompare(b.invoice.invoiceNumber);
}
