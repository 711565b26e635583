/**
 * The six events and their `data`. `invoice.created` and `invoice.paid` follow the API document
 * field for field; the others are "not shown" there, and their shapes here are the sandbox's
 * documented choice (README), modelled on `invoice.paid` so a receiver handles them alike.
 */

import { berlinYear } from "../calendar.js";
import { type Cents, fromCents } from "../money.js";
import type { AccountData, Customer, Expense, Invoice } from "../records.js";
import { receivable } from "../reports/receivables.js";
import { EVENT_NAMES, type EventName } from "./event-names.js";

export { EVENT_NAMES, type EventName };

/** Where the sandbox emits an event from: a handler, for the caller's own account. */
export type Emit = (event: EventName, data: Record<string, unknown>) => void;

/** The document: id, invoiceNumber, netAmount and (in one of its two forms) customerId: always sent here. */
export function invoiceCreated(invoice: Invoice) {
  return {
    id: invoice._id,
    invoiceNumber: invoice.invoiceNumber,
    netAmount: fromCents(invoice.netCents),
    customerId: invoice.customerId,
  };
}

export function invoiceSent(invoice: Invoice, customer: Customer, sentAt: number) {
  return {
    ...invoiceReference(invoice, customer),
    netAmount: fromCents(invoice.netCents),
    grossAmount: fromCents(invoice.grossCents),
    amountCurrency: "EUR",
    invoiceDate: invoice.invoiceDate,
    dueDate: receivable(invoice, sentAt).dueDate,
    sentAt,
  };
}

/** The document's table, field for field. */
export function invoicePaid(invoice: Invoice, customer: Customer, paidAt: number, paidCents: Cents) {
  return {
    invoiceId: invoice._id,
    invoiceNumber: invoice.invoiceNumber,
    paidAt,
    paidAmount: fromCents(paidCents),
    customerId: customer._id,
    customerName: customer.name,
    customerExternalId: customer.externalId,
    netAmount: fromCents(invoice.netCents),
    grossAmount: fromCents(invoice.grossCents),
    amountCurrency: "EUR",
    currency: "EUR",
  };
}

export function reminderSent(invoice: Invoice, customer: Customer, sentAt: number) {
  const { dueDate, daysOverdue } = receivable(invoice, sentAt);
  return {
    ...invoiceReference(invoice, customer),
    grossAmount: fromCents(invoice.grossCents),
    amountCurrency: "EUR",
    dueDate,
    daysOverdue,
    sentAt,
  };
}

export function customerCreated(customer: Customer) {
  return {
    id: customer._id,
    name: customer.name,
    email: customer.email,
    hourlyRate: fromCents(customer.hourlyRateCents),
    activityType: customer.activityType,
  };
}

/**
 * The document says the event "reports count and total": here they are the account's expenses in
 * the Berlin calendar year of this expense's date (this one included), as the EÜR report counts them.
 */
export function expenseCreated(expense: Expense, account: AccountData) {
  const year = berlinYear(expense.date);
  const sameYear = account.expenses.filter((e) => berlinYear(e.date) === year);
  return {
    id: expense._id,
    date: expense.date,
    amount: fromCents(expense.amountCents),
    description: expense.description,
    category: expense.category,
    year,
    count: sameYear.length,
    total: fromCents(sameYear.reduce((sum, e) => sum + e.amountCents, 0)),
  };
}

function invoiceReference(invoice: Invoice, customer: Customer) {
  return {
    invoiceId: invoice._id,
    invoiceNumber: invoice.invoiceNumber,
    customerId: customer._id,
    customerName: customer.name,
    customerExternalId: customer.externalId,
  };
}
