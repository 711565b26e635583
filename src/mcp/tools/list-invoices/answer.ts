/** How list_invoices answers: the page's keys as structured content, every row in words. */
import { type DaySpan, spanKind } from "../../../domain/calendar-span.js";
import { cleanText } from "../../../domain/text.js";
import type { EngineOutageError } from "../../../engine-outage.js";
import type { InvoicesPage } from "../../../reports/invoices.js";
import type { ToolContext } from "../../context.js";
import { assumedText } from "../../date-args.js";
import { completeness, eur, named, pageLine, partialNote } from "../../format.js";

/** The page's keys, and the window and sums; what a person reads of each row is in the text. */
export function invoicesData({ rows, window, list, sums }: InvoicesPage<EngineOutageError>) {
  const keys = rows.map((r) => ({ id: r.id, invoiceNumber: r.invoiceNumber, customerId: r.customerId }));
  return { invoices: keys, ...window, ...completeness(list), sums };
}

/** The page's rows, then what a reader needs beside them: the usual VAT, customer ids, what dates mean. */
export function invoicesText(
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

/** "2026-10" for a whole calendar month, else "2026-10-01 to 2026-10-15": a page has many. */
function periodWords(period: DaySpan): string {
  return spanKind(period) === "month" ? period.start.slice(0, 7) : `${period.start} to ${period.end}`;
}

/** The sums, where there is more than one invoice to add: " All 12 together: net …, gross …." */
function togetherText(total: number, sums: { netAmount: number; grossAmount: number }): string {
  if (total < 2) return "";
  return ` ${total === 2 ? "Both" : `All ${total}`} together: net ${eur(sums.netAmount)}, gross ${eur(sums.grossAmount)}.`;
}
