/**
 * The invoices this server created, by what was asked, for as long as the context lives (a session;
 * in the hosted mode, the tenant's runtime): kept by the directory's session, which every tool
 * call's context shares. Where the service's list does not show an invoice's
 * notes or period, a stored invoice that matches in what it does show may be this very request
 * sent before or a deliberate second one; with allowOverlap the person asked for a second one, and
 * only this memory can tell that a repeat of that same call is a replay.
 */
import type { CreateInvoiceBody } from "../api/invoices.js";
import { createInvoice } from "../api/invoices.js";
import type { BillingContext } from "./context.js";

const created = new WeakMap<object, Map<string, string>>();

/** What identifies a request: its content without the number (which the server picks). */
function keyOf(body: CreateInvoiceBody): string {
  const { invoiceNumber: _number, ...content } = body;
  return JSON.stringify(content, Object.keys(content).sort());
}

function memoryOf(context: BillingContext): Map<string, string> {
  let memory = created.get(context.directory.session);
  if (!memory) {
    memory = new Map();
    created.set(context.directory.session, memory);
  }
  return memory;
}

/** The id of the invoice created earlier in this context for the same request, if any. */
export function createdBefore(context: BillingContext, body: CreateInvoiceBody): string | undefined {
  return memoryOf(context).get(keyOf(body));
}

/** Creates the invoice and remembers it. */
export async function sendInvoice(context: BillingContext, body: CreateInvoiceBody): Promise<{ id: string }> {
  const result = await createInvoice(context.client(), body);
  memoryOf(context).set(keyOf(body), result.id);
  return result;
}
