/**
 * What an invoice's documents are made from, fetched through the API client: the invoice (by number
 * or id), its customer, the time entries around its service period and the project names; and the
 * person's details from their store. Nothing is written to the service.
 */
import { listInvoices } from "../api/invoices.js";
import { wholeList } from "../api/list.js";
import type { Customer, Invoice } from "../api/schemas.js";
import { listTimeEntries } from "../api/time-entries.js";
import type { BillingContext } from "../billing/context.js";
import { shiftDay } from "../domain/calendar-span.js";
import { formatDay } from "../domain/dates/format.js";
import { InputError } from "../domain/input-error.js";
import { cleanText } from "../domain/text.js";
import type { BuildInput } from "../einvoice/input.js";
import { buyerProfile, sellerProfile } from "../profiles/as-profile.js";
import { type BusinessDetails, NO_DETAILS } from "../profiles/details.js";
import type { DocumentsContext } from "./context.js";

export interface Gathered {
  invoice: Invoice;
  customer: Customer;
  details: BusinessDetails;
  input: BuildInput;
}

export async function findInvoice(context: BillingContext, asked: string): Promise<Invoice> {
  const invoices = wholeList(
    await listInvoices(context.client()),
    "invoices",
    "the invoice cannot be found safely",
  );
  const wanted = asked.trim().toLowerCase();
  const found =
    invoices.find((i) => i._id === asked.trim()) ??
    invoices.find((i) => i.invoiceNumber.trim().toLowerCase() === wanted);
  if (found === undefined) {
    throw new InputError(
      `No invoice has the number or id "${cleanText(asked).slice(0, 80)}". list_invoices shows them.`,
    );
  }
  return found;
}

export async function gather(context: DocumentsContext, invoice: Invoice): Promise<Gathered> {
  const [customer, details] = await Promise.all([
    context.directory.resolveCustomer(invoice.customerId),
    context.details ? context.details.read() : NO_DETAILS,
  ]);
  const period = servicePeriodDays(invoice, context.timeZone);
  const [entries, projects] = period
    ? await Promise.all([
        listTimeEntries(context.client(), {
          from: shiftDay(period.start, -1),
          to: shiftDay(period.end, 1),
        }).then((list) => wholeList(list, "time entries", "the time sheet would be short")),
        context.directory.projects(),
      ])
    : [[], []];
  const stored = details.customers[customer._id]?.details;
  const input: BuildInput = {
    invoice,
    // The service's e-mail first; the one the person gave for invoices where the service has none.
    customer: { ...customer, email: customer.email || stored?.email },
    entries,
    projectNames: new Map(projects.map((p) => [p._id, cleanText(p.name)])),
    seller: sellerProfile(details.seller),
    buyer: buyerProfile(stored),
    timeZone: context.timeZone,
  };
  return { invoice, customer, details, input };
}

function servicePeriodDays(invoice: Invoice, timeZone: string): { start: string; end: string } | null {
  if (typeof invoice.periodStart !== "number" || typeof invoice.periodEnd !== "number") return null;
  const a = formatDay(invoice.periodStart, timeZone);
  const b = formatDay(invoice.periodEnd, timeZone);
  return a <= b ? { start: a, end: b } : { start: b, end: a };
}
