/**
 * Outstanding payments grouped by customer: most overdue money first, each customer's invoices by
 * due date. All sums are gross (what the customer owes) in cents until the response is built.
 */

import { berlinDaysBetween } from "../calendar.js";
import { fromCents } from "../money.js";
import type { AccountData, Customer } from "../records.js";
import { isOutstanding, type Receivable, receivable, totals, totalsView } from "./receivables.js";

export interface OutstandingReport {
  data: {
    customers: ReturnType<typeof customerBlock>[];
    totalOutstanding: number;
    overdueAmount: number;
    avgPaymentDays: number;
  };
  meta: { total: number };
}

/** `only` restricts the report to one (existing) customer. */
export function outstandingReport(account: AccountData, now: number, only?: Customer): OutstandingReport {
  const customers = only ? [only] : account.customers;
  const blocks = customers
    .map((customer) => {
      const owed = account.invoices
        .filter((i) => i.customerId === customer._id && isOutstanding(i))
        .map((i) => receivable(i, now))
        .sort(
          (a, b) => a.dueDate - b.dueDate || a.invoice.invoiceNumber.localeCompare(b.invoice.invoiceNumber),
        );
      return { customer, owed, sums: totals(owed) };
    })
    .filter((b) => b.owed.length > 0)
    .sort((a, b) => b.sums.overdueCents - a.sums.overdueCents || b.sums.openCents - a.sums.openCents);
  const totalCents = blocks.reduce((sum, b) => sum + b.sums.openCents, 0);
  const overdueCents = blocks.reduce((sum, b) => sum + b.sums.overdueCents, 0);
  return {
    data: {
      customers: blocks.map((b) => customerBlock(b.customer, b.owed)),
      totalOutstanding: fromCents(totalCents),
      overdueAmount: fromCents(overdueCents),
      avgPaymentDays: averagePaymentDays(account),
    },
    meta: { total: blocks.length },
  };
}

function customerBlock(customer: Customer, owed: readonly Receivable[]) {
  return {
    customerId: customer._id,
    customerName: customer.name,
    externalId: customer.externalId,
    ...totalsView(totals(owed)),
    oldestDueDate: Math.min(...owed.map((r) => r.dueDate)),
    invoices: owed.map((r) => ({
      id: r.invoice._id,
      invoiceNumber: r.invoice.invoiceNumber,
      dueDate: r.dueDate,
      grossAmount: fromCents(r.invoice.grossCents),
      daysOverdue: r.daysOverdue,
      urgency: r.urgency,
    })),
  };
}

/** Mean Berlin calendar days from invoice date to payment over all paid invoices, one decimal. */
export function averagePaymentDays(account: AccountData): number {
  const days = account.invoices.flatMap((i) =>
    i.status === "paid" && i.paidAt !== undefined ? [berlinDaysBetween(i.paidAt, i.invoiceDate)] : [],
  );
  if (days.length === 0) return 0;
  return Math.round((days.reduce((a, b) => a + b, 0) / days.length) * 10) / 10;
}
