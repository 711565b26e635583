/**
 * One customer at a glance: the service's summary of them, whether they are still active, and what
 * their paid invoices add up to gross (the summary gives net only). Returns data; the words are the
 * tool's.
 */
import { getCustomerSummary } from "../api/customers.js";
import { listInvoices } from "../api/invoices.js";
import type { Customer, Invoice, CustomerSummary as ServiceSummary } from "../api/schemas.js";
import type { BillingContext } from "../billing/context.js";
import type { Cents } from "../domain/money.js";
import { toCents } from "../domain/money.js";

/** What a customer's paid invoices add up to, and their net, to hold it to the summary's. */
export interface PaidSums {
  gross: Cents;
  net: Cents;
  count: number;
}

export interface CustomerGlance {
  customer: Customer;
  summary: ServiceSummary;
  /** On the service's list of active customers (a former one resolves, but is not on it). */
  active: boolean;
  /** null when the paid invoices could not all be read, or one has no tax to add. */
  paid: PaidSums | null;
}

export async function customerGlance(context: BillingContext, asked: string): Promise<CustomerGlance> {
  const customer = await context.directory.resolveCustomer(asked);
  const [summary, listed, paidList] = await Promise.all([
    getCustomerSummary(context.client(), customer._id),
    context.directory.customers().then((list) => list.some((c) => c._id === customer._id)),
    listInvoices(context.client(), { status: "paid" }),
  ]);
  const paid = paidList.complete
    ? paidSums(paidList.items.filter((i) => i.customerId === customer._id))
    : null;
  return { customer, summary, active: listed && customer.isActive !== false, paid };
}

/** Gross and net of these paid invoices, to the cent; null when one has neither gross nor tax. */
export function paidSums(paid: readonly Invoice[]): PaidSums | null {
  let gross = 0;
  let net = 0;
  for (const invoice of paid) {
    const one =
      invoice.grossAmount ?? (invoice.taxAmount == null ? null : invoice.netAmount + invoice.taxAmount);
    if (one == null) return null;
    gross += toCents(one);
    net += toCents(invoice.netAmount);
  }
  return { gross, net, count: paid.length };
}
