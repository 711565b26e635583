/**
 * Sandbox-only actions (not part of the API) that do what the real service does in its web
 * interface, so demos and tests can trigger every webhook event:
 *   POST /_sandbox/invoices/{id}/send     draft or sent → sent             invoice.sent
 *   POST /_sandbox/invoices/{id}/pay      draft or sent → paid             invoice.paid
 *   POST /_sandbox/invoices/{id}/remind   sent stays sent                  invoice.reminder_sent
 *   POST /_sandbox/expenses               a new expense                    expense.created
 * They take the account's key like the API (401/403), but are not rate limited.
 */
import { z } from "zod";
import { badRequest, created, HttpError, ok } from "../envelope.js";
import { toCents } from "../money.js";
import type { Expense, Invoice } from "../records.js";
import { eurAmount, nonEmptyText, parseBody, text, timestamp } from "../validation.js";
import { expenseCreated, invoicePaid, invoiceSent, reminderSent } from "../webhooks/events.js";
import type { RouteContext } from "./context.js";
import type { Route } from "./table.js";

const payBody = z.object({ paidAt: timestamp().optional(), paidAmount: eurAmount().optional() });
const expenseBody = z.object({
  amount: eurAmount().refine((n) => n > 0, "must be more than 0"),
  description: nonEmptyText(),
  date: timestamp().optional(),
  category: text().optional(),
});

export const ACTIONS: readonly Route[] = [
  { method: "POST", pattern: "/_sandbox/invoices/{id}/send", handler: sendInvoice },
  { method: "POST", pattern: "/_sandbox/invoices/{id}/pay", handler: payInvoice },
  { method: "POST", pattern: "/_sandbox/invoices/{id}/remind", handler: remindInvoice },
  { method: "POST", pattern: "/_sandbox/expenses", handler: createExpense },
];

function sendInvoice(ctx: RouteContext) {
  const { invoice, customer } = invoiceOr404(ctx);
  if (invoice.status === "paid") throw badRequest(`invoice ${invoice.invoiceNumber} is already paid`);
  invoice.status = "sent";
  ctx.emit("invoice.sent", invoiceSent(invoice, customer, ctx.now));
  return ok({ id: invoice._id, status: invoice.status });
}

/** paidAt defaults to now, paidAmount to the gross amount; the EÜR counts the net amount by paidAt. */
function payInvoice(ctx: RouteContext) {
  const input = parseBody(payBody, ctx.body);
  const { invoice, customer } = invoiceOr404(ctx);
  if (invoice.status === "paid") throw badRequest(`invoice ${invoice.invoiceNumber} is already paid`);
  const paidAt = input.paidAt ?? ctx.now;
  if (paidAt < invoice.invoiceDate) throw badRequest("paidAt must not be before the invoice date");
  if (paidAt > ctx.now) throw badRequest("paidAt must not be in the future");
  const paidCents = input.paidAmount === undefined ? invoice.grossCents : toCents(input.paidAmount);
  invoice.status = "paid";
  invoice.paidAt = paidAt;
  ctx.emit("invoice.paid", invoicePaid(invoice, customer, paidAt, paidCents));
  return ok({ id: invoice._id, status: invoice.status, paidAt });
}

function remindInvoice(ctx: RouteContext) {
  const { invoice, customer } = invoiceOr404(ctx);
  if (invoice.status !== "sent") {
    throw badRequest(
      `invoice ${invoice.invoiceNumber} is ${invoice.status}; only sent invoices are reminded`,
    );
  }
  const data = reminderSent(invoice, customer, ctx.now);
  ctx.emit("invoice.reminder_sent", data);
  return ok({ id: invoice._id, status: invoice.status, daysOverdue: data.daysOverdue });
}

function createExpense(ctx: RouteContext) {
  const input = parseBody(expenseBody, ctx.body);
  const expense: Expense = {
    _id: ctx.newId("exp"),
    date: input.date ?? ctx.now,
    amountCents: toCents(input.amount),
    description: input.description,
    category: input.category ?? "Sonstiges",
  };
  ctx.account.expenses.push(expense);
  ctx.emit("expense.created", expenseCreated(expense, ctx.account));
  return created(expense._id);
}

function invoiceOr404({ account, params }: RouteContext) {
  const invoice: Invoice | undefined = account.invoices.find((i) => i._id === params.id);
  if (!invoice) throw new HttpError(404, "Invoice not found");
  const customer = account.customers.find((c) => c._id === invoice.customerId);
  if (!customer) throw new HttpError(404, "Customer not found");
  return { invoice, customer };
}
