/**
 * What the person says about payments the inbox does not show, checked against the service before
 * it is kept: each invoice named exists and is paid, each day lies between its invoice date and
 * today, and a statement "every paid invoice dated before X was paid before it" says how many
 * invoices it covers. Returns what would be noted, or throws an InputError that says why nothing is.
 */
import { listInvoices } from "../api/invoices.js";
import { wholeList } from "../api/list.js";
import type { Invoice } from "../api/schemas.js";
import { formatDay } from "../domain/dates/format.js";
import { loadDates } from "../domain/dates/lazy.js";
import { InputError } from "../domain/input-error.js";
import { cleanText } from "../domain/text.js";
import { type BillingContext, dateContext } from "./context.js";

export interface PaidOnNote {
  id: string;
  invoiceNumber: string;
  /** YYYY-MM-DD */
  paidOn: string;
}

export interface PaymentNotesPlan {
  paidOn: PaidOnNote[];
  /** The statement and how many paid invoices it covers; null without one. */
  statement: { datedBefore: string; invoices: number } | null;
  /** The numbers of the invoices the statement covers, cleaned, in the order the service lists them. */
  covered: string[];
}

export async function planPaymentNotes(
  context: BillingContext,
  request: { payments: readonly { invoice: string; paidOn: string }[]; datedBefore: string | undefined },
): Promise<PaymentNotesPlan> {
  const { parseDay } = await loadDates();
  const ctx = dateContext(context);
  const today = formatDay(context.now(), context.timeZone);
  const invoices = wholeList(
    await listInvoices(context.client()),
    "invoices",
    "nothing was noted: the invoices named could not all be checked",
  );
  const dayOf = (invoice: Invoice) => formatDay(invoice.invoiceDate, context.timeZone);
  const paidOn = request.payments.map(({ invoice: asked, paidOn: said }) => {
    const invoice = findInvoice(invoices, asked);
    const day = parseDay(said, ctx);
    if (invoice.status !== "paid") {
      throw new InputError(
        `Nothing was noted: ${invoice.invoiceNumber} is ${invoice.status} in the service, not paid. Mark it paid there first.`,
      );
    }
    if (day < dayOf(invoice) || day > today) {
      throw new InputError(
        `Nothing was noted: ${invoice.invoiceNumber} is dated ${dayOf(invoice)}, so it was paid between then and today (${today}), not on ${day}. Ask the user again.`,
      );
    }
    return { id: invoice._id, invoiceNumber: cleanText(invoice.invoiceNumber), paidOn: day };
  });
  if (request.datedBefore === undefined) return { paidOn, statement: null, covered: [] };
  const datedBefore = parseDay(request.datedBefore, ctx);
  if (datedBefore > today) {
    throw new InputError(`Nothing was noted: datedBefore (${datedBefore}) is after today (${today}).`);
  }
  const covered = invoices.filter((i) => i.status === "paid" && dayOf(i) < datedBefore);
  return {
    paidOn,
    statement: { datedBefore, invoices: covered.length },
    covered: covered.map((i) => cleanText(i.invoiceNumber)),
  };
}

/** The invoice by its id, or by its number whatever its case. */
export function findInvoice(invoices: readonly Invoice[], asked: string): Invoice {
  const wanted = asked.trim().toLowerCase();
  const found =
    invoices.find((i) => i._id === asked.trim()) ??
    invoices.find((i) => i.invoiceNumber.trim().toLowerCase() === wanted);
  if (found === undefined) {
    throw new InputError(
      `Nothing was noted: no invoice has the number or id "${cleanText(asked).slice(0, 80)}". list_invoices shows them.`,
    );
  }
  return found;
}
