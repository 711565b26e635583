/**
 * Invoices for a list: those of the status, number, customer and days asked for, newest first, the
 * net and gross sums over all that match (not just the page, and none from a partial list), and the
 * page's rows with what a person reads of each. Returns data; the words are the tool's.
 */
import { listInvoices } from "../api/invoices.js";
import { itemsOf, type ListResult } from "../api/list.js";
import type { Invoice, InvoiceStatus } from "../api/schemas.js";
import type { BillingContext } from "../billing/context.js";
import { comparableNumber } from "../billing/invoice-replay.js";
import type { DaySpan } from "../domain/calendar-span.js";
import { formatDay, withinDays } from "../domain/dates/format.js";
import { fromCents, taxFromNet, toCents } from "../domain/money.js";
import { servicePeriodDays } from "../domain/period-billing.js";
import { cleanText } from "../domain/text.js";
import { page } from "./page.js";

export interface InvoiceRow {
  id: string;
  invoiceNumber: string;
  customerId: string;
  customerName: string | undefined;
  invoiceDate: string;
  status: string;
  /** The day paid, where the webhook inbox knows it. */
  paid: string | undefined;
  netAmount: number;
  grossAmount: number | null;
  /** Gross is net plus the usual VAT: said once for the page, not on each row. */
  usualGross: boolean;
  period: DaySpan | null;
  notes: string | null;
}

export interface InvoicesRequest {
  status?: InvoiceStatus | undefined;
  number?: string | undefined;
  customer?: string | undefined;
  /** Inclusive ISO days; undefined is open-ended. */
  from: string | undefined;
  to: string | undefined;
  offset: number;
  limit: number;
  defaultTaxRate: number;
}

/** Payment days by invoice id and by comparable number, and why there are none when the inbox is down. */
export interface PaymentDays<Outage> {
  days: ReadonlyMap<string, string>;
  outage?: Outage;
}

export interface InvoicesPage<Outage> {
  rows: InvoiceRow[];
  window: { total: number; offset: number; limit: number; nextOffset: number | null };
  list: ListResult<Invoice>;
  /** Over everything that matches; null when the list could not be read whole. */
  sums: { netAmount: number; grossAmount: number; currency: "EUR" } | null;
  outage: Outage | undefined;
}

export async function invoicesPage<Outage>(
  context: BillingContext,
  request: InvoicesRequest,
  paymentDays: () => Promise<PaymentDays<Outage>>,
): Promise<InvoicesPage<Outage>> {
  const customer =
    request.customer === undefined ? undefined : await context.directory.resolveCustomer(request.customer);
  const list = await listInvoices(
    context.client(),
    request.status === undefined ? {} : { status: request.status },
  );
  const matching = matchingInvoices(itemsOf(list), {
    ...request,
    customerId: customer?._id,
    timeZone: context.timeZone,
  });
  const { slice, ...window } = page(matching, request.offset, request.limit);
  // Former customers' names come from the summary endpoint, asked only for this page's ids.
  const [names, paid] = await Promise.all([
    context.directory.customerNames(slice.map((invoice) => invoice.customerId)),
    paymentDays(),
  ]);
  const rows = slice.map((invoice) =>
    rowOf(invoice, { names, paidOn: paid.days, timeZone: context.timeZone, taxRate: request.defaultTaxRate }),
  );
  // A sum over part of the invoices would be a wrong figure stated as fact: none at all instead.
  return { rows, window, list, sums: list.complete ? sumsOf(matching) : null, outage: paid.outage };
}

/** The invoices of the status, number, customer and days, newest first. */
export function matchingInvoices(
  invoices: readonly Invoice[],
  filter: {
    status?: string | undefined;
    number?: string | undefined;
    customerId: string | undefined;
    from: string | undefined;
    to: string | undefined;
    timeZone: string;
  },
): Invoice[] {
  const inRange = withinDays(filter, filter.timeZone);
  const wanted = filter.number === undefined ? undefined : comparableNumber(filter.number);
  return (
    invoices
      // Also here: how the service treats an unknown or unsupported filter is not shown. One pass,
      // not one per filter: this runs over every invoice of the account on each call.
      .filter(
        (invoice) =>
          (filter.status === undefined || invoice.status === filter.status) &&
          (wanted === undefined || comparableNumber(invoice.invoiceNumber) === wanted) &&
          (filter.customerId === undefined || invoice.customerId === filter.customerId) &&
          inRange(invoice.invoiceDate),
      )
      .sort((a, b) => b.invoiceDate - a.invoiceDate || b.invoiceNumber.localeCompare(a.invoiceNumber))
  );
}

/** Net and gross to the cent; gross, where the service gives none, is net plus its tax. */
export function sumsOf(invoices: readonly Invoice[]) {
  let net = 0;
  let gross = 0;
  for (const invoice of invoices) {
    net += toCents(invoice.netAmount);
    gross += toCents(invoice.grossAmount ?? invoice.netAmount + (invoice.taxAmount ?? 0));
  }
  return { netAmount: fromCents(net), grossAmount: fromCents(gross), currency: "EUR" as const };
}

export function rowOf(
  invoice: Invoice,
  facts: {
    names: ReadonlyMap<string, string>;
    paidOn: ReadonlyMap<string, string>;
    timeZone: string;
    taxRate: number;
  },
): InvoiceRow {
  const served = servicePeriodDays(invoice, facts.timeZone);
  return {
    id: invoice._id,
    invoiceNumber: invoice.invoiceNumber,
    customerId: invoice.customerId,
    customerName: facts.names.get(invoice.customerId),
    invoiceDate: formatDay(invoice.invoiceDate, facts.timeZone),
    status: invoice.status,
    paid: facts.paidOn.get(invoice._id) ?? facts.paidOn.get(comparableNumber(invoice.invoiceNumber)),
    netAmount: invoice.netAmount,
    grossAmount: invoice.grossAmount ?? null,
    usualGross:
      invoice.grossAmount != null &&
      invoice.taxRate === facts.taxRate &&
      toCents(invoice.grossAmount) ===
        toCents(invoice.netAmount) + taxFromNet(toCents(invoice.netAmount), facts.taxRate),
    period: served ?? null,
    // Notes are written by people (or other systems): data, cleaned and bounded.
    notes: invoice.notes ? cleanText(invoice.notes, 300) : null,
  };
}
