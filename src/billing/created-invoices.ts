/**
 * The invoices this server created, by what was asked, for as long as the context lives (a session;
 * in the hosted mode, the tenant's runtime): kept by the directory's session, which every tool
 * call's context shares. Where the service's list does not show an invoice's
 * notes or period, a stored invoice that matches in what it does show may be this very request
 * sent before or a deliberate second one; with allowOverlap the person asked for a second one, and
 * only this memory can tell that a repeat of that same call is a replay. For the same reason it
 * keeps the service period each invoice was sent with: time logged into that period later is
 * noticed even where the list does not return it (whether it must is not shown).
 */
import { BadRequestError } from "../api/errors.js";
import type { CreateInvoiceBody } from "../api/invoices.js";
import { createInvoice, listInvoices } from "../api/invoices.js";
import { itemsOf } from "../api/list.js";
import type { Invoice } from "../api/schemas.js";
import type { BillingContext } from "./context.js";
import { comparableNumber } from "./invoice-replay.js";

interface Memory {
  /** Request content → the id created for it. */
  byRequest: Map<string, string>;
  /** Id → the service period it was sent with. */
  periods: Map<string, { periodStart: number; periodEnd: number }>;
}

const created = new WeakMap<object, Memory>();

/** What identifies a request: its content without the number (which the server picks). */
function keyOf(body: CreateInvoiceBody): string {
  const { invoiceNumber: _number, ...content } = body;
  return JSON.stringify(content, Object.keys(content).sort());
}

function memoryOf(context: BillingContext): Memory {
  let memory = created.get(context.directory.session);
  if (!memory) {
    memory = { byRequest: new Map(), periods: new Map() };
    created.set(context.directory.session, memory);
  }
  return memory;
}

/** The id of the invoice created earlier in this context for the same request, if any. */
export function createdBefore(context: BillingContext, body: CreateInvoiceBody): string | undefined {
  return memoryOf(context).byRequest.get(keyOf(body));
}

/**
 * The listed invoices, each one this context created and listed without its service period given
 * the period it was sent with. Only the period: notes stay as listed, since the replay check reads
 * a listed period without notes as an invoice without notes.
 */
export function withKnownPeriods(context: BillingContext, invoices: readonly Invoice[]): Invoice[] {
  const { periods } = memoryOf(context);
  return invoices.map((invoice) => {
    const sent = periods.get(invoice._id);
    if (sent === undefined) return invoice;
    if (typeof invoice.periodStart === "number" && typeof invoice.periodEnd === "number") return invoice;
    return { ...invoice, ...sent };
  });
}

/** Creates the invoice and remembers it. */
export async function sendInvoice(context: BillingContext, body: CreateInvoiceBody): Promise<{ id: string }> {
  const result = await createInvoice(context.client(), body);
  const memory = memoryOf(context);
  memory.byRequest.set(keyOf(body), result.id);
  memory.periods.set(result.id, { periodStart: body.periodStart, periodEnd: body.periodEnd });
  return result;
}

/**
 * After the service refused a POST: the invoice that now holds the number sent, when one does (a
 * request racing this one took the number between our read of the list and our POST), or
 * undefined (the refusal was about something else). Found in whatever part of the list could be
 * read: a holder found is a fact; a holder not found leaves the refusal as the service gave it.
 */
export async function numberHolder(
  context: BillingContext,
  error: unknown,
  body: CreateInvoiceBody,
): Promise<Invoice | undefined> {
  if (!(error instanceof BadRequestError)) return undefined;
  const wanted = comparableNumber(body.invoiceNumber);
  const list = await listInvoices(context.client());
  return itemsOf(list).find((invoice) => comparableNumber(invoice.invoiceNumber) === wanted);
}
