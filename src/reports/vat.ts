/**
 * The output side of a VAT return: the period's figures by rate on the basis used (Soll by invoice
 * date, Ist by payment), the customers' names, the § 19 limits where only small-business turnover
 * was placed, the due date, and the previous year's output tax that sets how often to file. Returns
 * data; the words are the tool's.
 */
import { listInvoices } from "../api/invoices.js";
import { wholeList } from "../api/list.js";
import type { BillingContext } from "../billing/context.js";
import { smallBusinessLimits } from "../billing/small-business.js";
import type { DaySpan } from "../domain/calendar-span.js";
import { type VatFigures, type VatInput, vatFigures } from "../domain/vat.js";
import { type FilingRule, filingRule, type VatDue, vatDue } from "../domain/vat-due.js";

/** What is known of payments, for the Ist basis: read by the caller from the inbox and the person's word. */
export type PaymentFacts = Pick<VatInput, "payments" | "inboxSince" | "word">;

export interface VatReport {
  figures: VatFigures;
  names: ReadonlyMap<string, string>;
  /** Only small-business turnover was placed: no return is due for it. */
  onlySmall: boolean;
  limits: Awaited<ReturnType<typeof smallBusinessLimits>> | undefined;
  due: VatDue;
  /** The previous year's output tax by invoice date (cents) and the filing rule it sets; null without invoices that year. */
  frequency: { year: number; outputTax: number; rule: FilingRule } | null;
}

export async function vatReport(
  context: BillingContext,
  request: { period: DaySpan; basis: VatInput["basis"]; permanentExtension: boolean },
  payments: () => Promise<PaymentFacts>,
): Promise<VatReport> {
  const { period } = request;
  const [list, paid] = await Promise.all([listInvoices(context.client()), payments()]);
  const invoices = wholeList(list, "invoices", "no VAT figures are given: they would leave out invoices");
  const figures = vatFigures({ period, timeZone: context.timeZone, basis: request.basis, invoices, ...paid });
  const names = await context.directory.customerNames([...new Set(invoices.map((i) => i.customerId))]);
  const onlySmall = figures.complete && figures.rates.length === 0 && figures.smallBusiness.length > 0;
  const limits = onlySmall
    ? await smallBusinessLimits(context, Number(period.end.slice(0, 4)), 0)
    : undefined;
  return {
    figures,
    names,
    onlySmall,
    limits,
    due: vatDue(period, request.permanentExtension),
    frequency: filingFrequency(invoices, Number(period.start.slice(0, 4)) - 1, context.timeZone),
  };
}

/** § 18 Abs. 2 UStG reads the previous year's tax: here its output tax by invoice date. */
export function filingFrequency(
  invoices: VatInput["invoices"],
  lastYear: number,
  timeZone: string,
): VatReport["frequency"] {
  const previous = vatFigures({
    period: { start: `${lastYear}-01-01`, end: `${lastYear}-12-31` },
    timeZone,
    basis: "soll",
    invoices,
    payments: new Map(),
    inboxSince: null,
  });
  const hadInvoices = previous.rates.length > 0 || previous.smallBusiness.length > 0;
  return hadInvoices
    ? { year: lastYear, outputTax: previous.totalTax, rule: filingRule(previous.totalTax) }
    : null;
}
