/**
 * Open receivables: which invoices are owed, when they are due and how late they are. The API
 * document shows no payment term; the sandbox uses 14 days from the invoice date (see README).
 */

import { addBerlinDays, berlinDaysBetween } from "../calendar.js";
import { type Cents, fromCents } from "../money.js";
import type { Invoice } from "../records.js";

export const PAYMENT_TERM_DAYS = 14;
/** Due within this many days (and not overdue) is "due_soon". */
export const DUE_SOON_DAYS = 7;

export type Urgency = "overdue" | "due_soon" | "open";

export interface Receivable {
  invoice: Invoice;
  dueDate: number;
  daysOverdue: number;
  urgency: Urgency;
}

/** Drafts are not receivables yet and paid ones are settled: only `sent` invoices are owed. */
export function isOutstanding(invoice: Invoice): boolean {
  return invoice.status === "sent";
}

export function receivable(invoice: Invoice, now: number): Receivable {
  const dueDate = addBerlinDays(invoice.invoiceDate, PAYMENT_TERM_DAYS);
  const daysLate = berlinDaysBetween(now, dueDate);
  const daysOverdue = Math.max(0, daysLate);
  const urgency: Urgency = daysOverdue > 0 ? "overdue" : -daysLate <= DUE_SOON_DAYS ? "due_soon" : "open";
  return { invoice, dueDate, daysOverdue, urgency };
}

export interface ReceivableTotals {
  openCount: number;
  openCents: Cents;
  overdueCount: number;
  overdueCents: Cents;
}

export function totals(receivables: readonly Receivable[]): ReceivableTotals {
  const overdue = receivables.filter((r) => r.urgency === "overdue");
  return {
    openCount: receivables.length,
    openCents: sumGross(receivables),
    overdueCount: overdue.length,
    overdueCents: sumGross(overdue),
  };
}

export function totalsView(t: ReceivableTotals) {
  return {
    openCount: t.openCount,
    openAmount: fromCents(t.openCents),
    overdueCount: t.overdueCount,
    overdueAmount: fromCents(t.overdueCents),
  };
}

function sumGross(receivables: readonly Receivable[]): Cents {
  return receivables.reduce((sum, r) => sum + r.invoice.grossCents, 0);
}
