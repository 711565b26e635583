import { z } from "zod";
import { invoiceStatusSchema } from "../../../api/schemas.js";
import { comparableNumber } from "../../../billing/invoice-replay.js";
import { formatDay } from "../../../domain/dates/format.js";
import { EngineOutageError } from "../../../engine-outage.js";
import { invoicesPage } from "../../../reports/invoices.js";
import { eventRow } from "../../../webhooks/event-view.js";
import {
  completenessOutput,
  customerArg,
  dayArg,
  limitArg,
  moneyOutput,
  offsetArg,
  pageOutput,
} from "../../args.js";
import type { ToolContext } from "../../context.js";
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
      () => paymentDays(context),
    );
    return {
      data: invoicesData(found),
      text: invoicesText(found, args, range.assumptions, context),
    };
  },
});

/**
 * The day each invoice was paid, as far as the webhook inbox knows, by invoice id and by number;
 * empty without an inbox. A payment event names one or the other, depending on the service. The
 * dates are an extra beside the service's invoices: an inbox that cannot be read right now (its
 * engine is down) leaves them out, said in the answer, rather than failing the whole list.
 */
async function paymentDays(
  context: ToolContext,
): Promise<{ days: Map<string, string>; outage?: EngineOutageError }> {
  const days = new Map<string, string>();
  if (context.events === undefined) return { days };
  let paid: Awaited<ReturnType<NonNullable<ToolContext["events"]>["read"]>>;
  try {
    paid = await context.events.read({ type: "invoice.paid" });
  } catch (error) {
    if (error instanceof EngineOutageError) return { days, outage: error };
    throw error;
  }
  for (const event of paid) {
    const row = eventRow(event);
    if (!Number.isFinite(row.occurredAt)) continue;
    const day = formatDay(row.occurredAt, context.timeZone);
    if (row.invoiceId !== null) days.set(row.invoiceId, day);
    if (row.invoiceNumber !== null) days.set(comparableNumber(row.invoiceNumber), day);
  }
  return { days };
}
