/**
 * The PDF documents of an invoice: the ZUGFeRD / Factur-X invoice (PDF/A-3b, the page drawn from the
 * same model as the CII it carries as its associated file, profile EN 16931 or XRECHNUNG), with the
 * time sheet attached as a supplement when there is one; and the time sheet on its own.
 */
import { PDFDocument } from "pdf-lib";
import { writeCii } from "../cii.js";
import { type EInvoice, XRECHNUNG_3 } from "../model.js";
import type { TimeSheet } from "../time-sheet.js";
import { drawInvoice, sellerFooter } from "./invoice-pages.js";
import { embedFaces, type FontFiles } from "./layout.js";
import { type Attachment, type FacturX, makeArchival } from "./pdfa.js";
import { drawTimeSheet } from "./time-sheet-pages.js";

export type ZugferdProfile = "EN16931" | "XRECHNUNG";

/** BT-24 of each profile, and the name the XML has inside the PDF. */
const PROFILES: Readonly<Record<ZugferdProfile, { guideline: string; facturX: FacturX }>> = {
  EN16931: {
    guideline: "urn:cen.eu:en16931:2017",
    facturX: { conformanceLevel: "EN 16931", fileName: "factur-x.xml" },
  },
  XRECHNUNG: {
    guideline: XRECHNUNG_3,
    facturX: { conformanceLevel: "XRECHNUNG", fileName: "xrechnung.xml" },
  },
};

export interface PdfOptions {
  fonts: FontFiles;
  /** When the document is made (stated in its metadata). */
  now: Date;
}

export const TIME_SHEET_FILE = "leistungsnachweis.pdf";

export async function timeSheetPdf(
  invoice: EInvoice,
  sheet: TimeSheet,
  options: PdfOptions,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const faces = await embedFaces(doc, options.fonts);
  drawTimeSheet(doc, faces, sheet, sellerFooter(invoice));
  await makeArchival(
    doc,
    {
      title: `Leistungsnachweis zur Rechnung ${invoice.number}`,
      author: invoice.seller.name,
      subject: `Leistungsnachweis für ${invoice.buyer.name}`,
      createdAt: options.now,
      id: `time-sheet ${invoice.number}`,
    },
    [],
  );
  return doc.save({ useObjectStreams: false });
}

export async function zugferdPdf(
  invoice: EInvoice,
  options: PdfOptions & { profile?: ZugferdProfile; timeSheet?: TimeSheet | null },
): Promise<Uint8Array> {
  const profile = PROFILES[options.profile ?? "EN16931"];
  const xml = new TextEncoder().encode(writeCii(invoice, { guideline: profile.guideline }));
  const doc = await PDFDocument.create({ updateMetadata: false });
  const faces = await embedFaces(doc, options.fonts);
  drawInvoice(doc, faces, invoice);
  const attachments: Attachment[] = [
    {
      name: profile.facturX.fileName,
      bytes: xml,
      mimeType: "text/xml",
      description: `Rechnung ${invoice.number} als E-Rechnung (${profile.facturX.conformanceLevel})`,
      relationship: "Alternative",
    },
  ];
  if (options.timeSheet) {
    attachments.push({
      name: TIME_SHEET_FILE,
      bytes: await timeSheetPdf(invoice, options.timeSheet, options),
      mimeType: "application/pdf",
      description: `Leistungsnachweis zur Rechnung ${invoice.number}`,
      relationship: "Supplement",
    });
  }
  await makeArchival(
    doc,
    {
      title: `Rechnung ${invoice.number}`,
      author: invoice.seller.name,
      subject: `Rechnung ${invoice.number} an ${invoice.buyer.name}`,
      createdAt: options.now,
      id: `invoice ${invoice.number}`,
    },
    attachments,
    profile.facturX,
  );
  return doc.save({ useObjectStreams: false });
}
