/**
 * What time_summary and create_invoice know about a period: the completed time entries in it (by
 * their start, in the user's zone), their hours and amount at the customer's rate, and the invoices
 * of a customer that may already bill it. One way to fetch and count, shared by both tools.
 */

import { ApiError } from "../api/errors.js";
import { listInvoices } from "../api/invoices.js";
import { itemsOf, wholeList } from "../api/list.js";
import type { Invoice, TimeEntry } from "../api/schemas.js";
import { listTimeEntries } from "../api/time-entries.js";
import { DAY_MS, type DaySpan } from "../domain/calendar-span.js";
import { formatDay, formatInstant, rangeBoundsUtc } from "../domain/dates/format.js";
import { notesNameHours } from "../domain/hours-billed.js";
import { fromCents, toCents } from "../domain/money.js";
import {
  amountForMinutes,
  type CoverBasis,
  coverBasis,
  hoursFromMinutes,
  servicePeriodDays,
} from "../domain/period-billing.js";
import { cleanText } from "../domain/text.js";
import type { BillingContext } from "./context.js";

export interface PeriodEntry {
  id: string;
  start: string;
  end: string;
  minutes: number;
  projectId: string;
  projectName: string | null;
  description: string | null;
}

/** One customer's time in a period, counted. */
export interface PeriodTime {
  /** Completed entries that started in the period (running timers excluded). */
  entryCount: number;
  minutes: number;
  hours: number;
  /** The customer's rate; null when the service gives none. */
  hourlyRate: number | null;
  /** minutes × rate, to the cent, half-up; null without a rate. */
  amount: number | null;
  byProject: {
    projectId: string;
    projectName: string | null;
    entryCount: number;
    minutes: number;
    hours: number;
    amount: number | null;
  }[];
  entries: PeriodEntry[];
}

/** An invoice that may already bill a period, and why it is thought to. */
export interface CoveringInvoice {
  id: string;
  invoiceNumber: string;
  invoiceDate: string;
  status: string;
  netAmount: number;
  grossAmount: number | null;
  /** null when the service did not return the service period. */
  periodStart: string | null;
  periodEnd: string | null;
  notes: string | null;
  /** "service period": its period overlaps; "invoice date": no period returned, a guess from its date. */
  basis: CoverBasis;
  /**
   * The number of another invoice of the customer with the same net amount: a fixed amount billed
   * again (a retainer, or an invoice made `like` an earlier one), not the period's time. Set where
   * the customer's other invoices were at hand (invoicesThatMayCover).
   */
  repeats?: string;
}

/** Completed entries that started inside the period (any customer); running timers are left out. */
export async function loadPeriodEntries(context: BillingContext, period: DaySpan): Promise<TimeEntry[]> {
  return (await loadPeriodListing(context, period)).completed;
}

/**
 * The entries that started inside the period (any customer), from one listing: the completed ones,
 * and the running timers (an entry without an end), which no invoice can bill yet but an answer names.
 */
export async function loadPeriodListing(
  context: BillingContext,
  period: DaySpan,
): Promise<{ completed: TimeEntry[]; running: TimeEntry[] }> {
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
  const inPeriod = items.filter((e) => e.startTime >= startMs && e.startTime < endMs);
  const isRunning = (e: TimeEntry) => e.isRunning === true || e.endTime == null;
  return { completed: inPeriod.filter((e) => !isRunning(e)), running: inPeriod.filter(isRunning) };
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
  const own = invoices.filter((invoice) => invoice.customerId === customerId);
  return own
    .map((invoice) => ({ invoice, basis: coverBasis(invoice, period, timeZone) }))
    .filter((hit): hit is { invoice: Invoice; basis: CoverBasis } => hit.basis !== null)
    .sort((a, b) => a.invoice.invoiceDate - b.invoice.invoiceDate)
    .map(({ invoice, basis }) => {
      const repeats = repeatedAmount(invoice, own);
      return { ...invoiceFacts(invoice, basis, timeZone), ...(repeats === null ? {} : { repeats }) };
    });
}

/**
 * The oldest other invoice of the same customer with the same net amount, by its number; else null.
 * An invoice whose notes name hours repeats nothing, and is repeated by nothing: hours worth the same
 * as a fee (12 h at 100.00 EUR and a 1200.00 EUR "Pauschale") are the same amount by chance.
 */
export function repeatedAmount(invoice: Invoice, customersInvoices: readonly Invoice[]): string | null {
  if (notesNameHours(invoice.notes ?? null)) return null;
  const cents = toCents(invoice.netAmount);
  let oldest: Invoice | undefined;
  for (const other of customersInvoices) {
    if (other._id === invoice._id || toCents(other.netAmount) !== cents) continue;
    if (other.customerId !== invoice.customerId || notesNameHours(other.notes ?? null)) continue;
    if (oldest === undefined || other.invoiceDate < oldest.invoiceDate) oldest = other;
  }
  return oldest?.invoiceNumber ?? null;
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

/**
 * The customer's draft invoices, oldest first: made since the service last counted its unbilled
 * hours (or not yet sent), they may bill time the service still counts as unbilled.
 */
export function draftsOf(
  invoices: readonly Invoice[],
  customerId: string,
  timeZone: string,
): CoveringInvoice[] {
  return invoices
    .filter((invoice) => invoice.customerId === customerId && invoice.status === "draft")
    .sort((a, b) => a.invoiceDate - b.invoiceDate)
    .map((invoice) =>
      invoiceFacts(
        invoice,
        servicePeriodDays(invoice, timeZone) ? "service period" : "invoice date",
        timeZone,
      ),
    );
}

/**
 * The invoices, for an answer that only explains (which drafts may bill the unbilled hours): what
 * could be read and whether that is all of them, or null when the service would not list them; the
 * answer is given without them.
 */
export async function invoicesIfReadable(
  context: BillingContext,
): Promise<{ items: Invoice[]; complete: boolean } | null> {
  try {
    const list = await listInvoices(context.client());
    return { items: itemsOf(list), complete: list.complete };
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}
