/**
 * What was invoiced in a period, per month and optionally per customer (by invoice date in the
 * user's zone, summed to the cent), beside the service's cash-basis EÜR figures for each calendar
 * year the period touches. Returns data; the words are the tool's.
 */
import { listInvoices } from "../api/invoices.js";
import { itemsOf, type ListResult } from "../api/list.js";
import { getEurReport } from "../api/reports.js";
import type { EurReport, Invoice } from "../api/schemas.js";
import type { BillingContext } from "../billing/context.js";
import { withinDays } from "../domain/dates/format.js";
import { type Figures, monthsBetween, revenueFigures } from "../domain/revenue.js";

export interface EurYear {
  year: number;
  income: number;
  expenses: number;
  profit: number;
  paidInvoices: number;
}

export interface CustomerRevenue extends Figures {
  customerId: string;
  customerName: string | null;
  months: Array<{ month: string; net: Figures["net"] }>;
}

export interface Invoiced {
  months: Array<{ month: string } & Figures>;
  totals: Figures;
  /** null unless asked for by customer. */
  customers: CustomerRevenue[] | null;
}

export interface Revenue {
  /** null when the invoice list could not be read whole: sums over part of it would under-count. */
  invoiced: Invoiced | null;
  list: ListResult<Invoice>;
  eurYears: EurYear[];
}

/** `from` and `to` are inclusive ISO days. */
export async function revenue(
  context: BillingContext,
  request: { from: string; to: string; byCustomer: boolean },
): Promise<Revenue> {
  const [list, reports] = await Promise.all([
    listInvoices(context.client(), {}),
    Promise.all(yearsBetween(request.from, request.to).map((year) => getEurReport(context.client(), year))),
  ]);
  const eurYears = reports.map(eurYearOf);
  if (!list.complete) return { invoiced: null, list, eurYears };
  const dated = datedIn(itemsOf(list), request, context.timeZone);
  const names = request.byCustomer
    ? await context.directory.customerNames([...new Set(dated.map((invoice) => invoice.customerId))])
    : null;
  return { invoiced: invoicedIn(dated, request, context.timeZone, names), list, eurYears };
}

/** The invoices dated on the days, in the zone. */
export function datedIn(invoices: readonly Invoice[], days: { from: string; to: string }, timeZone: string) {
  const inRange = withinDays(days, timeZone);
  return invoices.filter((invoice) => inRange(invoice.invoiceDate));
}

/** Each month's, the period's and (with `names`) each customer's figures, customers largest first. */
export function invoicedIn(
  invoices: readonly Invoice[],
  days: { from: string; to: string },
  timeZone: string,
  names: ReadonlyMap<string, string> | null,
): Invoiced {
  const result = revenueFigures(invoices, monthsBetween(days.from, days.to), timeZone);
  return {
    months: result.months,
    totals: result.totals,
    customers:
      names === null
        ? null
        : result.customers.map((c) => ({
            customerId: c.customerId,
            customerName: names.get(c.customerId) ?? null,
            ...c.totals,
            months: c.months.map((m) => ({ month: m.month, net: m.net })),
          })),
  };
}

function eurYearOf(report: EurReport): EurYear {
  return {
    year: report.year,
    income: report.income.total,
    expenses: report.expenses.total,
    profit: report.profit,
    paidInvoices: report.income.invoiceCount,
  };
}

/** The calendar years the period touches, for their EÜR figures (usually one). */
export function yearsBetween(from: string, to: string): number[] {
  const first = Number(from.slice(0, 4));
  const last = Number(to.slice(0, 4));
  const years: number[] = [];
  for (let year = first; year <= last; year += 1) years.push(year);
  return years;
}
