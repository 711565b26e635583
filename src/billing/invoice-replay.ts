/**
 * Is this invoice already there? A number that exists is either the same invoice sent again (a
 * replay: return it) or a clash (an error naming what differs). Without a number, an invoice with
 * identical content is taken as a replay, since the next free number would otherwise make a
 * duplicate of it.
 */
import type { CreateInvoiceBody } from "../api/invoices.js";
import { INVOICE_NUMBER_MAX, type Invoice, NOTES_MAX } from "../api/schemas.js";
import { InputError } from "../domain/input-error.js";
import { toCents } from "../domain/money.js";
import { cleanText } from "../domain/text.js";

type Field = keyof CreateInvoiceBody & keyof Invoice;

const CONTENT_FIELDS: Field[] = [
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
    throw new InputError(
      `Invoice number ${clash.invoiceNumber} already exists (id ${clash._id}, ${clash.status}) and differs in ${differing.join(", ")}. Use another number, or leave invoiceNumber out to take the next free one.`,
    );
  }
  return existing.find((invoice) => invoice.status === "draft" && differences(invoice, body).length === 0);
}

/** Invoice numbers are the same whatever their case and surrounding spaces: "re-2026-001 " is RE-2026-001. */
export function comparableNumber(invoiceNumber: string): string {
  // Listed numbers arrive cleaned (schemas.ts): compare both as they would come back.
  return cleanText(invoiceNumber, INVOICE_NUMBER_MAX).toUpperCase();
}

/** Fields that differ. A field the list does not return (whether it must is not shown) is not compared. */
function differences(invoice: Invoice, body: CreateInvoiceBody): Field[] {
  return CONTENT_FIELDS.filter((field) => {
    const listed = invoice[field];
    // No notes sent means no notes: an existing invoice with notes is a different one. Listed notes
    // arrive cleaned (schemas.ts), so the sent ones are compared cleaned the same way.
    const sent = field === "notes" ? cleanText(body.notes, NOTES_MAX) : body[field];
    if (listed === undefined || listed === null || sent === undefined) return false;
    if (MONEY_FIELDS.has(field)) return toCents(listed as number) !== toCents(sent as number);
    return listed !== sent;
  });
}
