/**
 * What time_summary and create_invoice know about a period: the completed time entries in it (by
 * their start, in the user's zone), their hours and amount at the customer's rate, and the invoices
 * of a customer that may already bill it. One way to fetch and count, shared by both tools.
 */
import { z } from "zod";
import { wholeList } from "../api/list.js";
import type { Invoice, TimeEntry } from "../api/schemas.js";
import { listTimeEntries } from "../api/time-entries.js";
import { formatDay, formatInstant, rangeBoundsUtc } from "../domain/dates/format.js";
import { fromCents, toCents } from "../domain/money.js";
import {
  amountForMinutes,
  type CoverBasis,
  coverBasis,
  DATE_GUESS_DAYS,
  type DaySpan,
  hoursFromMinutes,
  servicePeriodDays,
} from "../domain/period-billing.js";
import { cleanText } from "../domain/text.js";
import { moneyOutput } from "./args.js";
import type { ToolContext } from "./context.js";
import { eur, hours } from "./format.js";

const DAY_MS = 86_400_000;

export const periodOutput = z.object({
  start: z.string().describe("first day, YYYY-MM-DD"),
  end: z.string().describe("last day, YYYY-MM-DD"),
  label: z.string(),
});

export const periodEntryOutput = z.object({
  id: z.string(),
  start: z.string(),
  end: z.string(),
  minutes: z.number().int(),
  projectId: z.string(),
  projectName: z.string().nullable(),
  description: z.string().nullable(),
});

export const periodTimeOutput = z.object({
  entryCount: z
    .number()
    .int()
    .describe("completed entries that started in the period (running timers excluded)"),
  minutes: z.number().int(),
  hours: z.number(),
  hourlyRate: moneyOutput.nullable().describe("the customer's rate; null when the service gives none"),
  amount: moneyOutput.nullable().describe("minutes × rate, to the cent, half-up; null without a rate"),
  byProject: z.array(
    z.object({
      projectId: z.string(),
      projectName: z.string().nullable(),
      entryCount: z.number().int(),
      minutes: z.number().int(),
      hours: z.number(),
      amount: moneyOutput.nullable(),
    }),
  ),
  entries: z.array(periodEntryOutput),
});

export const coveringInvoiceOutput = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  status: z.string(),
  netAmount: moneyOutput,
  grossAmount: moneyOutput.nullable(),
  periodStart: z.string().nullable().describe("null when the service did not return the service period"),
  periodEnd: z.string().nullable(),
  notes: z.string().nullable(),
  basis: z
    .enum(["service period", "invoice date"])
    .describe(
      '"service period": its period overlaps; "invoice date": the list gave no period, so this is a guess from its date',
    ),
});

export type PeriodTime = z.infer<typeof periodTimeOutput>;
export type CoveringInvoice = z.infer<typeof coveringInvoiceOutput>;

/** Completed entries that started inside the period (any customer); running timers are left out. */
export async function loadPeriodEntries(context: ToolContext, period: DaySpan): Promise<TimeEntry[]> {
  const { startMs, endMs } = rangeBoundsUtc(period.start, period.end, context.timeZone);
  // Whether the service's bounds are inclusive is not shown: ask a day wider, then filter exactly.
  // Hours and amounts over part of the period's entries would be short: refuse instead.
  const items = wholeList(
    await listTimeEntries(context.client(), {
      from: formatDay(startMs - DAY_MS, "UTC"),
      to: formatDay(endMs + DAY_MS, "UTC"),
    }),
    "time entries",
    "the period's hours and amount cannot be counted",
  );
  return items.filter(
    (e) => e.startTime >= startMs && e.startTime < endMs && e.isRunning !== true && e.endTime != null,
  );
}

function minutesOf(entry: TimeEntry): number {
  return entry.durationMinutes ?? Math.round(((entry.endTime ?? entry.startTime) - entry.startTime) / 60_000);
}

/** One customer's entries of the period counted: total, per project, and each entry. */
export function countTime(
  entries: readonly TimeEntry[],
  hourlyRate: number | null | undefined,
  projectNames: ReadonlyMap<string, string>,
  timeZone: string,
): PeriodTime {
  const rateCents = typeof hourlyRate === "number" ? toCents(hourlyRate) : null;
  const amount = (minutes: number) =>
    rateCents === null ? null : fromCents(amountForMinutes(minutes, rateCents));
  const sorted = [...entries].sort((a, b) => a.startTime - b.startTime);
  const projects = new Map<string, { entryCount: number; minutes: number }>();
  for (const entry of sorted) {
    const sum = projects.get(entry.projectId) ?? { entryCount: 0, minutes: 0 };
    sum.entryCount += 1;
    sum.minutes += minutesOf(entry);
    projects.set(entry.projectId, sum);
  }
  const minutes = sorted.reduce((sum, e) => sum + minutesOf(e), 0);
  const projectName = (id: string) => {
    const name = projectNames.get(id);
    return name === undefined ? null : cleanText(name, 200);
  };
  return {
    entryCount: sorted.length,
    minutes,
    hours: hoursFromMinutes(minutes),
    hourlyRate: rateCents === null ? null : fromCents(rateCents),
    amount: amount(minutes),
    byProject: [...projects.entries()]
      .map(([projectId, sum]) => ({
        projectId,
        projectName: projectName(projectId),
        entryCount: sum.entryCount,
        minutes: sum.minutes,
        hours: hoursFromMinutes(sum.minutes),
        amount: amount(sum.minutes),
      }))
      .sort((a, b) => b.minutes - a.minutes),
    entries: sorted.map((e) => ({
      id: e._id,
      start: formatInstant(e.startTime, timeZone),
      end: formatInstant(e.endTime ?? e.startTime, timeZone),
      minutes: minutesOf(e),
      projectId: e.projectId,
      projectName: projectName(e.projectId),
      description: e.description ? cleanText(e.description, 300) : null,
    })),
  };
}

/** The customer's invoices that may already bill the period, oldest first. */
export function invoicesThatMayCover(
  invoices: readonly Invoice[],
  customerId: string,
  period: DaySpan,
  timeZone: string,
): CoveringInvoice[] {
  return invoices
    .filter((invoice) => invoice.customerId === customerId)
    .map((invoice) => ({ invoice, basis: coverBasis(invoice, period, timeZone) }))
    .filter((hit): hit is { invoice: Invoice; basis: CoverBasis } => hit.basis !== null)
    .sort((a, b) => a.invoice.invoiceDate - b.invoice.invoiceDate)
    .map(({ invoice, basis }) => invoiceFacts(invoice, basis, timeZone));
}

export function invoiceFacts(invoice: Invoice, basis: CoverBasis, timeZone: string): CoveringInvoice {
  const served = servicePeriodDays(invoice, timeZone);
  return {
    id: invoice._id,
    invoiceNumber: invoice.invoiceNumber,
    invoiceDate: formatDay(invoice.invoiceDate, timeZone),
    status: invoice.status,
    netAmount: invoice.netAmount,
    grossAmount: invoice.grossAmount ?? null,
    periodStart: served?.start ?? null,
    periodEnd: served?.end ?? null,
    notes: invoice.notes ? cleanText(invoice.notes, 200) : null,
    basis,
  };
}

/** "RE-2026-031 (id inv_1) · 2026-11-03 · sent · net 2587.50 EUR · period 2026-10-01 to 2026-10-31". */
export function describeInvoice(invoice: CoveringInvoice): string {
  const period =
    invoice.periodStart === null
      ? "period not returned by the service"
      : `period ${invoice.periodStart} to ${invoice.periodEnd}`;
  const notes = invoice.notes ? ` · notes "${invoice.notes}"` : "";
  return `${invoice.invoiceNumber} (id ${invoice.id}) · dated ${invoice.invoiceDate} · ${invoice.status} · net ${eur(invoice.netAmount)} · ${period}${notes}`;
}

/** "27.25 h = 2588.75 EUR at 95.00 EUR/h (Website Relaunch 20 h, Katalog 7.25 h)". */
export function describeTime(time: PeriodTime): string {
  const money =
    time.amount === null || time.hourlyRate === null
      ? " (no hourly rate known, so no amount)"
      : ` = ${eur(time.amount)} at ${eur(time.hourlyRate)}/h`;
  const projects = time.byProject.map((p) => `${p.projectName ?? p.projectId} ${hours(p.hours)}`).join(", ");
  return `${hours(time.hours)} in ${time.entryCount} ${time.entryCount === 1 ? "entry" : "entries"}${money}${projects ? ` (${projects})` : ""}`;
}

/** Whether any covering invoice was found by date alone: the text must say it is a guess. */
export function guessNote(covering: readonly CoveringInvoice[]): string {
  return covering.some((c) => c.basis === "invoice date")
    ? ` Where the service returned no service period, this is a guess from invoice dates (dated in the period or up to ${DATE_GUESS_DAYS} days after it).`
    : "";
}
