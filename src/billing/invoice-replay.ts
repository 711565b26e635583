/**
 * Is this invoice already there? A number that exists is either the same invoice sent again (a
 * replay: return it) or a clash (an error naming what differs). Without a number, an invoice with
 * identical content is taken as a replay, since the next free number would otherwise make a
 * duplicate of it.
 */
import type { CreateInvoiceBody } from "../api/invoices.js";
import { INVOICE_NUMBER_MAX, type Invoice, NOTES_MAX } from "../api/schemas.js";
import { toCents } from "../domain/money.js";
import { cleanText } from "../domain/text.js";
import { type InvoiceFact, InvoiceNumberTaken } from "./errors.js";

type Field = keyof CreateInvoiceBody & keyof Invoice;

/** Everything but the number itself. */
type ContentField = Exclude<Field, "invoiceNumber">;

const CONTENT_FIELDS: ContentField[] = [
  "customerId",
  "invoiceDate",
  "netAmount",
  "taxRate",
  "taxAmount",
  "grossAmount",
  "periodStart",
  "periodEnd",
  "notes",
  "activityType",
];
const MONEY_FIELDS = new Set<Field>(["netAmount", "taxAmount", "grossAmount"]);
/** Each field as the person knows it (several fields are one fact: the amounts, the period). */
const FACT_OF: Record<ContentField, InvoiceFact> = {
  customerId: "customer",
  invoiceDate: "date",
  netAmount: "amount",
  taxAmount: "amount",
  grossAmount: "amount",
  taxRate: "VAT",
  periodStart: "service period",
  periodEnd: "service period",
  notes: "notes",
  activityType: "activity",
};

export function findSameInvoice(
  existing: readonly Invoice[],
  body: CreateInvoiceBody,
  numberGiven: boolean,
): Invoice | undefined {
  if (numberGiven) {
    const wanted = comparableNumber(body.invoiceNumber);
    const clash = existing.find((invoice) => comparableNumber(invoice.invoiceNumber) === wanted);
    if (!clash) return undefined;
    const differing = differences(clash, body);
    if (differing.length === 0) return clash;
    throw new InvoiceNumberTaken(clash, [...new Set(differing.map((field) => FACT_OF[field]))]);
  }
  return existing.find((invoice) => invoice.status === "draft" && differences(invoice, body).length === 0);
}

/** Whether a stored invoice agrees with the request in every field both show (its number aside). */
export function agreesWith(invoice: Invoice, body: CreateInvoiceBody): boolean {
  return differences(invoice, body).length === 0;
}

/** Invoice numbers are the same whatever their case and surrounding spaces: "re-2026-001 " is RE-2026-001. */
export function comparableNumber(invoiceNumber: string): string {
  // Listed numbers arrive cleaned (schemas.ts): compare both as they would come back.
  return cleanText(invoiceNumber, INVOICE_NUMBER_MAX).toUpperCase();
}

/** Fields that differ. A field the list does not return (whether it must is not shown) is not compared. */
function differences(invoice: Invoice, body: CreateInvoiceBody): ContentField[] {
  return CONTENT_FIELDS.filter((field) => {
    const listed = listedValue(invoice, field);
    // No notes sent means no notes: an existing invoice with notes is a different one. Listed notes
    // arrive cleaned (schemas.ts), so the sent ones are compared cleaned the same way.
    const sent = field === "notes" ? cleanText(body.notes, NOTES_MAX) : body[field];
    if (listed === undefined || listed === null || sent === undefined) return false;
    if (MONEY_FIELDS.has(field)) return toCents(listed as number) !== toCents(sent as number);
    return listed !== sent;
  });
}

/** A stored invoice taken for this request, and the request's fields its list did not show. */
export interface SameInvoice {
  invoice: Invoice;
  notShown: string[];
}

/**
 * The replay check over what the request and the stored invoice both show. Without a number, a
 * draft that agrees in every field both show is this request sent before, unless allowOverlap asks
 * for a second one: then only a draft that agrees in everything the request has (its list shows
 * all of it), or the one this context remembers creating for the same request, is a replay.
 */
export function findSame(
  existing: readonly Invoice[],
  body: CreateInvoiceBody,
  numberGiven: boolean,
  options: { allowOverlap: boolean; createdId: string | undefined },
): SameInvoice | undefined {
  if (numberGiven) {
    const invoice = findSameInvoice(existing, body, true);
    return invoice && { invoice, notShown: notShown(invoice, body) };
  }
  const twins = existing
    .filter((invoice) => invoice.status === "draft" && differences(invoice, body).length === 0)
    .map((invoice) => ({ invoice, notShown: notShown(invoice, body) }));
  return (
    twins.find((twin) => twin.invoice._id === options.createdId) ??
    twins.find((twin) => twin.notShown.length === 0) ??
    (options.allowOverlap ? undefined : twins[0])
  );
}

/** Fields the request gives that the listed invoice does not show, so they were not compared. */
function notShown(invoice: Invoice, body: CreateInvoiceBody): string[] {
  return CONTENT_FIELDS.filter((field) => {
    const sent = field === "notes" ? cleanText(body.notes, NOTES_MAX) : body[field];
    const listed = listedValue(invoice, field);
    return sent !== undefined && sent !== "" && (listed === undefined || listed === null);
  });
}

/**
 * A field as the list gives it. The service returns notes and the service period together or not
 * at all (the document lists neither); so an invoice listed with its period but without notes has
 * none, while one listed without either may have notes we cannot see.
 */
function listedValue(invoice: Invoice, field: Field): unknown {
  if (field === "notes" && (invoice.notes === undefined || invoice.notes === null)) {
    return typeof invoice.periodStart === "number" ? "" : undefined;
  }
  return invoice[field];
}
