import { z } from "zod";
import { invoiceStatusSchema } from "../../../api/schemas.js";
import { invoicesPage } from "../../../reports/invoices.js";
import { paymentDays } from "../../../webhooks/payments.js";
import {
  completenessOutput,
  customerArg,
  dayArg,
  limitArg,
  moneyOutput,
  offsetArg,
  pageOutput,
} from "../../args.js";
import { dayRange } from "../../date-args.js";
import { defineTool } from "../../define-tool.js";
import { invoicesData, invoicesText } from "./answer.js";

/**
 * A row of the data: the keys a program acts on or links with. What a person reads of an invoice
 * (date, status, amounts, period, notes) is in the text, once: a page of 100 rows sent twice would
 * be 57,000 characters.
 */
const invoiceRow = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  customerId: z.string(),
});

export const listInvoicesTool = defineTool({
  name: "list_invoices",
  title: "List invoices",
  description:
    "Invoices, newest first, with net and gross sums over all pages. The REST API has no payment dates: never conclude nothing was paid from invoice dates; for that, run `invoicing-mcp webhooks serve` and set INVOICING_INBOX.",
  // With an inbox there is nothing to set up: payment dates it received are shown.
  descriptionFor: ({ events }) =>
    events
      ? "Invoices, newest first, with net and gross sums over all pages. The REST API has no payment dates; those the webhook inbox received are shown beside paid invoices (recent_events has them all)."
      : undefined,
  kind: "read",
  family: "invoices",
  input: z.object({
    status: invoiceStatusSchema.optional().describe('"sent" means open.'),
    number: z.string().trim().min(1).max(64).optional().describe("e.g. RE-2026-031"),
    customer: customerArg.optional(),
    from: dayArg("Earliest invoice date.").optional(),
    to: dayArg("Latest invoice date.").optional(),
    limit: limitArg,
    offset: offsetArg,
  }),
  output: z.object({
    invoices: z.array(invoiceRow),
    ...pageOutput,
    ...completenessOutput,
    sums: z
      .object({ netAmount: moneyOutput, grossAmount: moneyOutput, currency: z.literal("EUR") })
      .nullable()
      .describe("Over everything that matches; null when the list could not be read whole."),
  }),
  example: { customer: "mueller", from: "2026-01-01" },
  async handler(args, context) {
    const range = await dayRange(args.from, args.to, context);
    const found = await invoicesPage(
      context,
      { ...args, from: range.from, to: range.to, defaultTaxRate: context.defaultTaxRate },
      () => paymentDays(context.events, context.timeZone),
    );
    return {
      data: invoicesData(found),
      text: invoicesText(found, args, range.assumptions, context),
    };
  },
});
