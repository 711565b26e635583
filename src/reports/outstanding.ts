/**
 * Who owes what: the service's open receivables by customer, each invoice with its own date (the
 * report gives due dates only; a reminder cites "Rechnung vom …"), most overdue first. Returns
 * data; the words are the tool's.
 */
import { listInvoices } from "../api/invoices.js";
import { itemsOf } from "../api/list.js";
import { getOutstandingByCustomer } from "../api/reports.js";
import type { OutstandingReport } from "../api/schemas.js";
import type { BillingContext } from "../billing/context.js";
import { formatDay } from "../domain/dates/format.js";
import { sumAmounts } from "../domain/money.js";
import { cleanText } from "../domain/text.js";

export interface OutstandingInvoice {
  id: string;
  invoiceNumber: string;
  /** YYYY-MM-DD; null when the invoice is not among the sent ones listed. */
  invoiceDate: string | null;
  dueDate: string;
  grossAmount: number;
  daysOverdue: number;
  urgency: string;
}

export interface OutstandingCustomer {
  customerId: string;
  customerName: string;
  openAmount: number;
  overdueAmount: number;
  maxDaysOverdue: number;
  invoices: OutstandingInvoice[];
}

export interface Outstanding {
  customers: OutstandingCustomer[];
  /** Sum of the invoices shown: with overdueOnly, the overdue ones. */
  totalOutstanding: number;
  overdueAmount: number;
  averagePaymentDays: number | null;
  currency: "EUR";
}

export async function outstanding(
  context: BillingContext,
  request: { customer: string | undefined; overdueOnly: boolean },
): Promise<Outstanding> {
  const customer =
    request.customer === undefined ? undefined : await context.directory.resolveCustomer(request.customer);
  const [report, sent] = await Promise.all([
    getOutstandingByCustomer(context.client(), customer?._id),
    listInvoices(context.client(), { status: "sent" }),
  ]);
  const invoiceDates = new Map<string, string>(
    itemsOf(sent).map((i) => [i._id, formatDay(i.invoiceDate, context.timeZone)]),
  );
  // The report names its customers; where it leaves a name out, the directory may know it.
  const unnamed = report.customers.filter((c) => cleanText(c.customerName) === "").map((c) => c.customerId);
  const names =
    unnamed.length === 0 ? new Map<string, string>() : await context.directory.customerNames(unnamed);
  return outstandingFrom(report, {
    invoiceDates,
    names,
    overdueOnly: request.overdueOnly,
    timeZone: context.timeZone,
  });
}

/** The report filtered, sorted and summed: customers without an invoice shown are left out. */
export function outstandingFrom(
  report: OutstandingReport,
  facts: {
    invoiceDates: ReadonlyMap<string, string>;
    names: ReadonlyMap<string, string>;
    overdueOnly: boolean;
    timeZone: string;
  },
): Outstanding {
  const customers = report.customers
    .map((c) => {
      const invoices = c.invoices
        .filter((i) => !facts.overdueOnly || i.daysOverdue > 0)
        .sort((a, b) => b.daysOverdue - a.daysOverdue || a.dueDate - b.dueDate)
        .map((i) => ({
          id: i.id,
          invoiceNumber: i.invoiceNumber,
          invoiceDate: facts.invoiceDates.get(i.id) ?? null,
          dueDate: formatDay(i.dueDate, facts.timeZone),
          grossAmount: i.grossAmount,
          daysOverdue: Math.max(0, i.daysOverdue),
          urgency: i.urgency,
        }));
      return {
        customerId: c.customerId,
        customerName: cleanText(c.customerName, 120) || facts.names.get(c.customerId) || "(name unknown)",
        openAmount: facts.overdueOnly ? sumAmounts(invoices.map((i) => i.grossAmount)) : c.openAmount,
        overdueAmount: c.overdueAmount,
        maxDaysOverdue: Math.max(0, ...invoices.map((i) => i.daysOverdue)),
        invoices,
      };
    })
    .filter((c) => c.invoices.length > 0)
    .sort((a, b) => b.maxDaysOverdue - a.maxDaysOverdue || b.overdueAmount - a.overdueAmount);
  return {
    customers,
    totalOutstanding: sumAmounts(customers.map((c) => c.openAmount)),
    overdueAmount: sumAmounts(customers.map((c) => c.overdueAmount)),
    averagePaymentDays: report.avgPaymentDays ?? null,
    currency: "EUR",
  };
}
