/**
 * One way from the service's figures to an e-invoice's XML: build the model, check it, write it.
 * A refusal (figures that cannot be an e-invoice) and gaps (what the person must still give) are
 * outcomes, never a document: a document that fails the rules is not an e-invoice at all.
 */
import { type BuildInput, type BuildRefusal, buildEInvoice } from "./build.js";
import { checkEInvoice, type Gap } from "./check.js";
import { writeCii } from "./cii.js";
import type { EInvoice, Syntax } from "./model.js";
import { writeUbl } from "./ubl.js";

export type DocumentOutcome =
  | { kind: "document"; syntax: Syntax; xml: string; invoice: EInvoice; linesFrom: "time" | "notes" }
  | { kind: "refused"; refusal: BuildRefusal }
  | { kind: "incomplete"; gaps: Gap[]; invoice: EInvoice };

export function eInvoiceXml(input: BuildInput, syntax: Syntax = "cii"): DocumentOutcome {
  const built = buildEInvoice(input);
  if (!built.ok) return { kind: "refused", refusal: built.refusal };
  const gaps = checkEInvoice(built.invoice);
  if (gaps.length > 0) return { kind: "incomplete", gaps, invoice: built.invoice };
  const xml = syntax === "cii" ? writeCii(built.invoice) : writeUbl(built.invoice);
  return { kind: "document", syntax, xml, invoice: built.invoice, linesFrom: built.linesFrom };
}
