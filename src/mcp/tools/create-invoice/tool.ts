import { listInvoices } from "../../../api/invoices.js";
import { wholeList } from "../../../api/list.js";
import { createAskedInvoices } from "../../../billing/invoice-request.js";
import { defineTool } from "../../define-tool.js";
import { invoiceInput, invoiceOutput } from "../../invoice-schema.js";
import { invoiceAnswer } from "./answer.js";

export const createInvoiceTool = defineTool({
  name: "create_invoice",
  title: "Create a draft invoice",
  description:
    "Creates DRAFT invoices (nothing is sent) from netAmount or the period's time, VAT to the cent. dryRun first. Refuses what may bill a period twice.",
  kind: "write",
  family: "invoices",
  view: true,
  idempotent: true,
  input: invoiceInput,
  output: invoiceOutput,
  example: { customer: "mueller", netAmount: 100, period: "last month", dryRun: true },
  verifyWith: "list_invoices",
  writeCase: {
    postPath: "/api/v1/invoices",
    args: (n) => ({
      customer: "mueller",
      netAmount: 100 + n,
      periodStart: "2026-10-01",
      periodEnd: "2026-10-31",
      invoiceDate: "2026-11-20",
      invoiceNumber: `FAULT-${n}`,
      // Every call bills Müller's October: the faults are the subject, not overlaps.
      allowOverlap: true,
    }),
    stored: async (api, args) =>
      wholeList(await listInvoices(api), "invoices", "they cannot be counted").filter(
        (invoice) => invoice.invoiceNumber === args.invoiceNumber,
      ).length,
  },
  async handler(args, context, call) {
    const outcome = await createAskedInvoices(args, context, call.confirmation);
    return invoiceAnswer(outcome, context, call.signIn);
  },
});
