/**
 * How one invoice reads in create_invoice's answers (and the preview button's, which answers alike):
 * the invoice as a sentence, the question a person confirms, the time a dry run counted, a
 * supplement with nothing left or that cannot tell, a replay, and what the period billed leaves
 * out. The facts come from src/billing/invoice-draft.ts and invoice-workflow.ts.
 */
import type { BilledSoFar } from "../billing/billed-so-far.js";
import type { InvoiceDraft } from "../billing/invoice-draft.js";
import type { OutcomeFacts } from "../billing/invoice-workflow.js";
import type { PeriodTime } from "../billing/period-facts.js";
import type { DaySpan } from "../domain/calendar-span.js";
import { formatDay } from "../domain/dates/format.js";
import { toCents } from "../domain/money.js";
import { supplementNotes } from "../domain/period-billing.js";
import { cleanText } from "../domain/text.js";
import { AskToConfirm } from "./define-tool.js";
import { eur, named } from "./format.js";
import type { InvoiceView } from "./invoice-schema.js";
import { billedText } from "./period-text.js";

/** The dry run's text lists the counted entries up to this many; its data holds them when asked. */
const ENTRY_LINES = 40;

/** What the draft would send (or sent), as the answer shows it. */
export function draftView(draft: InvoiceDraft, id: string | null, status: string): InvoiceView {
  const { body, ask } = draft;
  return {
    id,
    invoiceNumber: body.invoiceNumber,
    customerId: ask.customer._id,
    customerName: cleanText(ask.customer.name),
    status,
    invoiceDate: ask.invoiceDay,
    periodStart: ask.period.start,
    periodEnd: ask.period.end,
    netAmount: body.netAmount,
    taxRate: body.taxRate ?? ask.taxRate,
    taxAmount: body.taxAmount ?? null,
    grossAmount: body.grossAmount ?? null,
    activityType: body.activityType ?? null,
    notes: body.notes === undefined ? null : cleanText(body.notes, 2000),
  };
}

/**
 * A stored invoice as the service listed it: only what the list returned, never what this request
 * would have sent (a list without notes or periods shows none).
 */
export function storedView(draft: InvoiceDraft, timeZone: string): InvoiceView {
  const stored = draft.same!;
  const day = (ms: number | null | undefined) => (typeof ms === "number" ? formatDay(ms, timeZone) : null);
  return {
    id: stored._id,
    invoiceNumber: stored.invoiceNumber,
    customerId: stored.customerId,
    customerName: cleanText(draft.ask.customer.name),
    status: stored.status,
    invoiceDate: formatDay(stored.invoiceDate, timeZone),
    periodStart: day(stored.periodStart),
    periodEnd: day(stored.periodEnd),
    netAmount: stored.netAmount,
    taxRate: stored.taxRate ?? null,
    taxAmount: stored.taxAmount ?? null,
    grossAmount: stored.grossAmount ?? null,
    activityType: stored.activityType ?? null,
    notes: stored.notes ? cleanText(stored.notes, 2000) : null,
  };
}

export function describeInvoiceView(invoice: InvoiceView): string {
  const id = invoice.id === null ? "" : ` (id ${invoice.id})`;
  const period =
    invoice.periodStart === null
      ? "service period not returned by the service"
      : `service period ${invoice.periodStart} to ${invoice.periodEnd}`;
  const tax =
    invoice.taxRate === null || invoice.taxAmount === null
      ? ""
      : ` + ${invoice.taxRate} % VAT ${eur(invoice.taxAmount)}`;
  const gross = invoice.grossAmount === null ? "" : ` = gross ${eur(invoice.grossAmount)}`;
  return `${invoice.status} invoice ${invoice.invoiceNumber}${id} for ${named(invoice.customerName, invoice.customerId)}, dated ${invoice.invoiceDate}, ${period}: net ${eur(invoice.netAmount)}${tax}${gross}${invoice.notes ? `, notes "${invoice.notes}"` : ""}`;
}

export function askFirst(invoice: InvoiceView, state: string, changed: boolean): AskToConfirm {
  const lines = [
    changed
      ? "The invoice changed since you confirmed it. Create this draft invoice instead?"
      : "Create this draft invoice?",
    `Customer: ${named(invoice.customerName, invoice.customerId)}`,
    `Number: ${invoice.invoiceNumber}`,
    `Invoice date: ${invoice.invoiceDate}`,
    `Service period: ${invoice.periodStart} to ${invoice.periodEnd}`,
    `Net: ${eur(invoice.netAmount)}`,
    `VAT ${invoice.taxRate} %: ${eur(invoice.taxAmount ?? 0)}`,
    `Gross: ${eur(invoice.grossAmount ?? 0)}`,
    ...(invoice.notes ? [`Notes: ${invoice.notes}`] : []),
    "It stays a draft in the Invoicing Service; nothing is sent to the customer.",
  ];
  return new AskToConfirm(lines.join("\n"), "Yes, create this draft invoice", state);
}

/** The dry run's account of the time it counted: total, then the entries (up to 40). */
export function countedText(time: PeriodTime | undefined): string {
  if (time === undefined) return "";
  const entries = time.entries
    .slice(0, ENTRY_LINES)
    .map(
      (e) =>
        `- ${e.start} to ${e.end.slice(11, 16)} · ${e.minutes} min · ${e.projectName ?? e.projectId}${e.description ? ` · "${e.description}"` : ""} (id ${e.id})`,
    );
  const more =
    time.entries.length > ENTRY_LINES
      ? [`… and ${time.entries.length - ENTRY_LINES} more: list_time_entries shows them all.`]
      : [];
  return [
    `\nNet from time: ${time.minutes} min = ${time.hours} h × ${eur(time.hourlyRate ?? 0)}/h = ${eur(time.amount ?? 0)}, from these ${time.entryCount} completed entries:`,
    ...entries,
    ...more,
  ].join("\n");
}

/** A supplement with nothing left to bill: a valid answer, with the figures that show it. */
export function nothingToBillText(who: string, period: DaySpan, billed: BilledSoFar | undefined): string {
  const facts = billed === undefined ? "" : ` ${billedText(billed)}`;
  return `Nothing left to bill for ${who}, ${period.start} to ${period.end}:${facts} No supplement was created.`;
}

/**
 * A supplement where it cannot be told whether an invoice bills the period's hours: both figures,
 * and the call that bills each once the user said which.
 */
export function cannotTellText(draft: InvoiceDraft, who: string, period: DaySpan, dryRun: boolean): string {
  const billed = draft.billed!;
  const unclear = billed.unclear.join(", ");
  const one = billed.unclear.length === 1;
  const head = `${dryRun ? "Creating this would be refused" : "Not created"}: it cannot be told which invoices bill the hours of ${who} from ${period.start} to ${period.end}.`;
  const difference = billed.difference ?? 0;
  const ifNot =
    difference > 0
      ? `If ${unclear} ${one ? "bills" : "bill"} something beside these hours: call create_invoice again with the same arguments and allowOverlap: true; the supplement then bills ${eur(difference)}.`
      : `If ${unclear} ${one ? "bills" : "bill"} something beside these hours, nothing is left to bill either.`;
  const rest = billed.ifUnclearBillHours;
  const rate = toCents(draft.time?.hourlyRate ?? 0);
  const ifSo =
    rest === null || rest.amount <= 0
      ? `If ${one ? "it bills" : "they bill"} them, nothing is left to bill.`
      : `If ${one ? "it bills" : "they bill"} them: create_invoice with customer "${draft.ask.customer._id}", netAmount: ${rest.amount}, period "${period.start}..${period.end}", notes "${supplementNotes(period, rest.minutes, rate, toCents(rest.amount))}" and allowOverlap: true bills the rest (dryRun: true first).`;
  return [head, billedText(billed), `Check with the user which is true. ${ifNot} ${ifSo}`].join("\n");
}

/** The replay answer: what matched, and what could not be compared where the list does not show it. */
export function replayText(stored: string, notShown: readonly string[]): string {
  if (notShown.length === 0) {
    return `Not created again: ${stored} already exists with the same content. To create a second one deliberately, pass other notes or invoiceNumber, with allowOverlap: true.`;
  }
  return `Not created again: ${stored} matches this request in everything the service's list shows; the list does not show its ${notShown.join(", ")}, so those could not be compared, and it is taken as this request sent before. If a second invoice is meant, call again with allowOverlap: true.`;
}

/**
 * What the person should know about the period billed: that it was cut at today (time after today
 * is not logged yet), and the timers still running in it, whose time no invoice bills yet.
 */
export function periodNotes(facts: OutcomeFacts, many: boolean): string {
  const { period, cutFrom, running } = facts;
  const which = many ? "these invoices" : "this invoice";
  const cut =
    cutFrom === null
      ? ""
      : `\nService period ${period.start} to ${period.end}: the period named runs to ${cutFrom}, but time is billed only up to today, ${period.end}.`;
  if (running.length === 0) return cut;
  const timers = running.map(
    (t) =>
      `- ${t.projectName ?? t.projectId} (entry ${t.id})${many ? ` of ${named(t.customerName, t.customerId)}` : ""}, running since ${t.start}${t.minutesSoFar === null ? "" : ` (${t.minutesSoFar} min so far)`}`,
  );
  // One invoice's timers are one customer's: the later call in full; for many, per customer.
  const later = many
    ? "create_invoice for that customer alone, with its period, fromTime and supplement: true"
    : `create_invoice with customer "${running[0]!.customerId}", fromTime: true, period "${period.start}..${period.end}" and supplement: true`;
  return `${cut}\nNot on ${which}: ${running.length === 1 ? "a timer is" : `${running.length} timers are`} still running, and a running timer is billed only once it is stopped (then ${later}):\n${timers.join("\n")}`;
}
