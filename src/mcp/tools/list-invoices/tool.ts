import { z } from "zod";
import { invoiceStatusSchema } from "../../../api/schemas.js";
import { comparableNumber } from "../../../billing/invoice-replay.js";
import { type DaySpan, spanKind } from "../../../domain/calendar-span.js";
import { formatDay } from "../../../domain/dates/format.js";
import { cleanText } from "../../../domain/text.js";
import { EngineOutageError } from "../../../engine-outage.js";
import { type InvoicesPage, invoicesPage } from "../../../reports/invoices.js";
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
import { assumedText, dayRange } from "../../date-args.js";
import { defineTool } from "../../define-tool.js";
import { completeness, eur, named, pageLine, partialNote } from "../../format.js";

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
    const { rows, window, list, sums } = found;
    const keys = rows.map((r) => ({ id: r.id, invoiceNumber: r.invoiceNumber, customerId: r.customerId }));
    return {
      data: { invoices: keys, ...window, ...completeness(list), sums },
      text: answer(found, args, range.assumptions, context),
    };
  },
});

/** The page's rows, then what a reader needs beside them: the usual VAT, customer ids, what dates mean. */
function answer(
  found: InvoicesPage<EngineOutageError>,
  args: {
    status?: string | undefined;
    number?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
  assumptions: readonly string[],
  context: ToolContext,
): string {
  const { rows, window, list, sums, outage } = found;
  const lines = [
    sums === null
      ? `${partialNote(list, "invoices", "there are no sums: they would under-count")} ${pageLine(rows.length, window.total, window.offset, "invoices read")}${assumedText(assumptions)}`
      : `${pageLine(rows.length, window.total, window.offset, "invoices")}${togetherText(window.total, sums)}${assumedText(assumptions)}`,
    ...rows.map(
      (r) =>
        `- ${r.invoiceNumber} · ${r.invoiceDate} · ${r.status}${r.status === "paid" && r.paid !== undefined ? ` on ${r.paid}` : ""} · ${r.customerName === undefined ? named(undefined, r.customerId) : cleanText(r.customerName, 80)} · net ${eur(r.netAmount)}${r.grossAmount === null || r.usualGross ? "" : ` · gross ${eur(r.grossAmount)}`}${r.period === null ? "" : ` · period ${periodWords(r.period)}`}${r.notes === null ? "" : ` · "${r.notes}"`}`,
    ),
  ];
  if (outage !== undefined) {
    lines.push(
      `Payment dates are not shown: the stored webhook events (${outage.engine}) cannot be read right now; the invoices above are complete. This is usually temporary.`,
    );
  }
  if (rows.some((r) => r.usualGross)) {
    lines.splice(1, 0, `Gross is net + ${context.defaultTaxRate} % VAT where a row shows none.`);
  }
  // Ids once per customer, not once per row: tools take a name, an id settles a name shared by two.
  const customerIds = new Map<string, string>();
  for (const r of rows) if (r.customerName !== undefined) customerIds.set(r.customerId, r.customerName);
  if (customerIds.size > 0) {
    lines.push(`Customer ids: ${[...customerIds].map(([id, name]) => named(name, id)).join(", ")}.`);
  }
  if (args.status === "paid" && (window.total === 0 || args.from !== undefined || args.to !== undefined)) {
    // The dates filter invoice dates: an empty or short answer says nothing about when anything was paid.
    lines.push(
      // The setup itself is in the server's instructions, read once per conversation.
      `Dates here are invoice dates: the REST API has no payment dates, so this does not show when invoices were paid${context.events ? "; recent_events does (invoice.paid)" : " (the server's instructions say how to receive payment events)"}.`,
    );
  }
  if (args.number !== undefined && window.total === 0 && list.complete) {
    lines.push(
      `No invoice has the number ${cleanText(args.number, 64)}; list_invoices without it shows the numbers.`,
    );
  }
  return lines.join("\n");
}

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

/** "2026-10" for a whole calendar month, else "2026-10-01 to 2026-10-15": a page has many. */
function periodWords(period: DaySpan): string {
  return spanKind(period) === "month" ? period.start.slice(0, 7) : `${period.start} to ${period.end}`;
}

/** The sums, where there is more than one invoice to add: " All 12 together: net …, gross …." */
function togetherText(total: number, sums: { netAmount: number; grossAmount: number }): string {
  if (total < 2) return "";
  return ` ${total === 2 ? "Both" : `All ${total}`} together: net ${eur(sums.netAmount)}, gross ${eur(sums.grossAmount)}.`;
}
