/**
 * An invoice of the service as the documents a freelancer sends, or the check before them: the one
 * call the invoice_documents tool makes. The figures are the service's own and the parties' details
 * the person's (src/profiles/); the outcome is the documents, a refusal (figures no e-invoice can
 * carry), or the gaps (what is missing, each with its fix and where it is filled in). Values the
 * person gave in a form are checked and stored first, so the same call can then make the documents.
 */
import { buildEInvoice } from "../einvoice/build.js";
import { checkEInvoice, type Gap, paymentTermsGap } from "../einvoice/check.js";
import { writeCii } from "../einvoice/cii.js";
import type { EInvoice } from "../einvoice/model.js";
import { timeSheetPdf, zugferdPdf } from "../einvoice/pdf/documents.js";
import { refusalText } from "../einvoice/refusal-text.js";
import { buildTimeSheet } from "../einvoice/time-sheet.js";
import { writeUbl } from "../einvoice/ubl.js";
import { GAP_FIELDS } from "../profiles/as-profile.js";
import { applyChange, type RefusedValue } from "../profiles/change.js";
import type { DocumentsContext } from "./context.js";
import { type MadeFile, safeName, writeFiles } from "./files.js";
import { documentFonts } from "./fonts.js";
import { findInvoice, gather } from "./gather.js";

export const DOCUMENT_KINDS = [
  "xrechnung",
  "xrechnung-ubl",
  "zugferd",
  "zugferd-xrechnung",
  "time-sheet",
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** No document larger than this is handed out: it would not fit a conversation. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

export interface InvoiceFacts {
  id: string;
  number: string;
  customerId: string;
  customerName: string;
}

export interface FilledGap extends Gap {
  /** Where the value is filled in: business_details (yours or the customer's), or null: in the service. */
  fill: { party: "seller" | "customer"; field: string } | null;
}

/** What a form gave: values for the person's details and the customer's. */
export interface GivenValues {
  seller: Record<string, string>;
  customer: Record<string, string>;
}

export interface Given {
  stored: string[];
  refused: RefusedValue[];
}

export type DocumentsOutcome =
  | {
      kind: "documents";
      invoice: InvoiceFacts;
      files: (MadeFile & { path: string | null })[];
      given: Given | null;
    }
  | { kind: "complete"; invoice: InvoiceFacts; given: Given | null }
  | { kind: "incomplete"; invoice: InvoiceFacts; gaps: FilledGap[]; given: Given | null; canStore: boolean }
  | { kind: "refused"; invoice: InvoiceFacts; reason: { de: string; en: string } }
  | { kind: "no-time-sheet"; invoice: InvoiceFacts }
  | { kind: "too-large"; invoice: InvoiceFacts; file: string; bytes: number };

export interface DocumentsRequest {
  invoice: string;
  /** A document to make, or "check": the check only. */
  make: DocumentKind | "check";
  given?: GivenValues | undefined;
}

export async function invoiceDocuments(
  context: DocumentsContext,
  request: DocumentsRequest,
): Promise<DocumentsOutcome> {
  const found = await findInvoice(context, request.invoice);
  const given = request.given ? await storeGiven(context, found.customerId, request.given) : null;
  const { invoice, customer, input, details } = await gather(context, found);
  const facts: InvoiceFacts = {
    id: invoice._id,
    number: invoice.invoiceNumber,
    customerId: customer._id,
    customerName: customer.name,
  };
  const built = buildEInvoice(input);
  if (!built.ok) return { kind: "refused", invoice: facts, reason: refusalText(built.refusal) };
  const gaps = checkEInvoice(built.invoice);
  // Asked once for everything: without an account the check cannot see that the terms are missing too.
  if (gaps.some((gap) => gap.field === "payment.iban") && details.seller.paymentDays === undefined)
    gaps.push(paymentTermsGap());
  if (gaps.length > 0) {
    const filled = gaps.map((gap) => ({ ...gap, fill: GAP_FIELDS[gap.field] ?? null }));
    return {
      kind: "incomplete",
      invoice: facts,
      gaps: filled,
      given,
      canStore: context.details !== undefined,
    };
  }
  if (request.make === "check") return { kind: "complete", invoice: facts, given };
  const sheet = buildTimeSheet(input, built.invoice);
  if (request.make === "time-sheet" && sheet === null) return { kind: "no-time-sheet", invoice: facts };
  const file = await makeFile(request.make, built.invoice, sheet, context.now());
  if (file.bytes.byteLength > MAX_DOCUMENT_BYTES) {
    return { kind: "too-large", invoice: facts, file: file.name, bytes: file.bytes.byteLength };
  }
  const [path] = context.documentsFolder ? await writeFiles(context.documentsFolder, [file]) : [null];
  return { kind: "documents", invoice: facts, files: [{ ...file, path: path ?? null }], given };
}

async function makeFile(
  kind: DocumentKind,
  invoice: EInvoice,
  sheet: ReturnType<typeof buildTimeSheet>,
  now: Date,
): Promise<MadeFile> {
  const base = safeName(invoice.number);
  const xml = (text: string, name: string): MadeFile => ({
    name: `${base}_${name}.xml`,
    mimeType: "application/xml",
    bytes: new TextEncoder().encode(text),
  });
  const pdf = (bytes: Uint8Array, name: string): MadeFile => ({
    name: `${base}_${name}.pdf`,
    mimeType: "application/pdf",
    bytes,
  });
  switch (kind) {
    case "xrechnung":
      return xml(writeCii(invoice), "xrechnung");
    case "xrechnung-ubl":
      return xml(writeUbl(invoice), "xrechnung-ubl");
    case "zugferd":
    case "zugferd-xrechnung": {
      const fonts = await documentFonts();
      const profile = kind === "zugferd" ? "EN16931" : "XRECHNUNG";
      return pdf(await zugferdPdf(invoice, { fonts, now, profile, timeSheet: sheet }), kind);
    }
    case "time-sheet": {
      if (sheet === null) throw new Error("a time sheet asked for without one");
      return pdf(
        await timeSheetPdf(invoice, sheet, { fonts: await documentFonts(), now }),
        "leistungsnachweis",
      );
    }
  }
}

/** The form's values into the person's details, checked one by one; the outcome says which were kept. */
async function storeGiven(context: DocumentsContext, customerId: string, given: GivenValues): Promise<Given> {
  const store = context.details;
  if (store === undefined) return { stored: [], refused: [] };
  const customer = await context.directory.resolveCustomer(customerId);
  let outcome: Given = { stored: [], refused: [] };
  await store.update((current) => {
    const result = applyChange(current, {
      seller: given.seller,
      ...(Object.keys(given.customer).length > 0
        ? { customer: { id: customer._id, name: customer.name, values: given.customer } }
        : {}),
    });
    outcome = { stored: result.stored, refused: result.refused };
    return result.details;
  });
  return outcome;
}
