import { z } from "zod";
import { eInvoiceDuty } from "../../../documents/duty.js";
import { DOCUMENT_KINDS, invoiceDocuments } from "../../../documents/invoice-documents.js";
import { InputError } from "../../../domain/input-error.js";
import { defineTool } from "../../define-tool.js";
import { documentsAnswer, dutyAnswer, formFor, givenIn, outputSchema, shelved } from "./answer.js";

export const invoiceDocumentsTool = defineTool({
  name: "invoice_documents",
  title: "E-invoice documents",
  description:
    "An invoice as XRechnung, ZUGFeRD PDF (time sheet attached) or time sheet; or check: what it still lacks; or duty: from when e-invoices are required. Missing details: business_details.",
  // A caller who may not write reads no offer of the write that fills the gaps.
  descriptionFor: ({ canWrite }) =>
    canWrite
      ? undefined
      : "An invoice as XRechnung, ZUGFeRD PDF (time sheet attached) or time sheet; or check: what it still lacks; or duty: from when e-invoices are required.",
  kind: "read",
  family: "invoices",
  input: z.object({
    invoice: z.string().trim().min(1).max(200).optional().describe("Number or id (optional for duty)."),
    make: z
      .enum([...DOCUMENT_KINDS, "check", "duty"])
      .default("xrechnung")
      .describe("What to make or answer."),
  }),
  output: outputSchema,
  example: { invoice: "RE-2026-001", make: "check" },
  async handler(args, context, call) {
    if (args.make === "duty") return dutyAnswer(await eInvoiceDuty(context, args.invoice));
    if (args.invoice === undefined) throw new InputError("Name the invoice: its number, e.g. RE-2026-001.");
    const state = `${args.invoice}\n${args.make}`;
    // Storing what a form gave is a write: a read-only caller is neither asked nor stored for.
    const given = call.canWrite ? givenIn(call.confirmation, state) : undefined;
    const outcome = await invoiceDocuments(context, { invoice: args.invoice, make: args.make, given });
    const asked = call.confirmation.answer !== undefined;
    const canAsk = outcome.kind === "incomplete" && outcome.canStore && call.canWrite;
    if (canAsk && call.confirmation.supported && !asked) {
      const form = formFor(outcome, state);
      if (form) return form;
    }
    for (const document of shelved(outcome)) context.documents.put(document);
    return documentsAnswer(outcome, {
      writesFiles: context.documentsFolder !== undefined,
      canWrite: call.canWrite,
    });
  },
});
