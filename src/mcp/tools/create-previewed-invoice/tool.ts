import { z } from "zod";
import { createPreviewedInvoice } from "../../../billing/invoice-request.js";
import { InputError } from "../../../domain/input-error.js";
import { defineTool } from "../../define-tool.js";
import { invoiceInput, invoiceOutput } from "../../invoice-schema.js";
import { previewedAnswer, previewRefusedText } from "./answer.js";

/**
 * The invoice preview's button: creates exactly the draft a create_invoice dry run showed, through
 * create_invoice's own arguments, guards and replay check. Only a view may call it (MCP Apps
 * visibility ["app"]): the model creates invoices with create_invoice. The previewed number is
 * passed on, so a second click finds the first draft and creates none.
 */
export const createPreviewedInvoiceTool = defineTool({
  name: "create_previewed_invoice",
  title: "Create the previewed draft",
  description: "For the invoice preview view only: creates the draft a create_invoice dry run showed.",
  kind: "write",
  family: "invoices",
  view: true,
  idempotent: true,
  appOnly: true,
  input: z.object({
    invoice: z.object({
      invoiceNumber: z.string().trim().min(1).max(64),
      customerId: z.string().trim().min(1).max(200),
      invoiceDate: z.string().trim().min(1).max(100),
      periodStart: z.string().trim().min(1).max(100),
      periodEnd: z.string().trim().min(1).max(100),
      netAmount: z.number().positive(),
      taxRate: z.number().min(0).max(100),
      grossAmount: z.number().describe("As previewed: refused when the draft would now differ."),
      activityType: z.string().nullable(),
      notes: z.string().max(2000).nullable(),
    }),
  }),
  output: invoiceOutput,
  example: {
    invoice: {
      invoiceNumber: "RE-2026-900",
      customerId: "mueller",
      invoiceDate: "2026-11-20",
      periodStart: "2026-10-01",
      periodEnd: "2026-10-31",
      netAmount: 100,
      taxRate: 19,
      grossAmount: 119,
      activityType: null,
      notes: null,
    },
  },
  verifyWith: "list_invoices",
  async handler({ invoice }, context) {
    // Read as create_invoice reads its arguments, so the preview is held to the same bounds.
    const read = invoiceInput.safeParse({
      customer: invoice.customerId,
      netAmount: invoice.netAmount,
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
      invoiceNumber: invoice.invoiceNumber,
      invoiceDate: invoice.invoiceDate,
      taxRate: invoice.taxRate,
      ...(invoice.notes === null ? {} : { notes: invoice.notes }),
      ...(invoice.activityType === null ? {} : { activityType: invoice.activityType }),
    });
    if (!read.success) throw new InputError(previewRefusedText(read.error));
    return previewedAnswer(await createPreviewedInvoice(read.data, invoice, context), context);
  },
});
