/**
 * Time logged into a period whose hours an invoice of the customer may already bill: the entry is
 * stored, but it is on no invoice. log_time says so and how to bill it (a supplement). Which
 * invoices bill hours is the one model's (src/domain/hours-billed.ts): a fixed fee beside the time
 * leaves the entry simply unbilled, with nothing to add to. One invoice listing per call; if it
 * cannot be read whole, the check is skipped and the answer says so, since the entries are already
 * logged by then and must not be reported as failed.
 */

import { ApiError } from "../api/errors.js";
import { listInvoices } from "../api/invoices.js";
import type { Invoice } from "../api/schemas.js";
import { type DaySpan, monthOf } from "../domain/calendar-span.js";
import { formatDay } from "../domain/dates/format.js";
import { hoursBilled } from "../domain/hours-billed.js";
import { toCents } from "../domain/money.js";
import { coverBasis } from "../domain/period-billing.js";
import type { BillingContext } from "./context.js";
import { withKnownPeriods } from "./created-invoices.js";
import { type CoveringInvoice, invoiceFacts, repeatedAmount } from "./period-facts.js";

export interface LateEntry {
  /** 1-based, as the person counts the entries of the call. */
  index: number;
  customerId: string;
  /** The invoices that may bill the entry's day, oldest first. */
  invoices: CoveringInvoice[];
  /** The period to bill it in: the first invoice's service period, or the entry's month. */
  period: DaySpan;
}

/** null when the invoices could not be read whole: the answer then says the check was skipped. */
export async function lateEntries(
  entries: readonly { index: number; customerId: string; hourlyRate: number | null; startMs: number }[],
  context: BillingContext,
): Promise<LateEntry[] | null> {
  if (entries.length === 0) return [];
  let invoices: Invoice[];
  try {
    const list = await listInvoices(context.client());
    if (!list.complete) return null;
    // An invoice this server created carries the period it was sent with, where the list shows none.
    invoices = withKnownPeriods(context, list.items);
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
  const today = formatDay(context.now(), context.timeZone);
  const late: LateEntry[] = [];
  for (const entry of entries) {
    const day = formatDay(entry.startMs, context.timeZone);
    const own = invoices.filter((invoice) => invoice.customerId === entry.customerId);
    const found = own
      .map((invoice) => ({ invoice, basis: coverBasis(invoice, { start: day, end: day }, context.timeZone) }))
      .filter((hit) => hit.basis !== null)
      .sort((a, b) => a.invoice.invoiceDate - b.invoice.invoiceDate)
      .map(({ invoice, basis }): CoveringInvoice => {
        const repeats = repeatedAmount(invoice, own);
        return {
          ...invoiceFacts(invoice, basis!, context.timeZone),
          ...(repeats === null ? {} : { repeats }),
        };
      });
    const covering = billingHours(found, entry.hourlyRate, today);
    if (covering.length === 0) continue;
    const first = covering[0]!;
    const period =
      first.periodStart !== null && first.periodEnd !== null
        ? { start: first.periodStart, end: first.periodEnd }
        : monthOf(day);
    late.push({ index: entry.index, customerId: entry.customerId, invoices: covering, period });
  }
  return late;
}

/**
 * Of the invoices that may cover an entry's day, those that bill hours or may (the model cannot
 * tell): each read against its own service period, as a supplement for it would be.
 */
function billingHours(found: readonly CoveringInvoice[], hourlyRate: number | null, today: string) {
  return found.filter((invoice) => {
    const period =
      invoice.periodStart !== null && invoice.periodEnd !== null
        ? { start: invoice.periodStart, end: invoice.periodEnd }
        : monthOf(invoice.invoiceDate);
    const [role] = hoursBilled({
      period,
      today,
      time: { minutes: 0, amount: null },
      rates: typeof hourlyRate === "number" && hourlyRate > 0 ? [toCents(hourlyRate)] : [],
      invoices: [
        {
          invoiceNumber: invoice.invoiceNumber,
          netCents: toCents(invoice.netAmount),
          periodStart: invoice.periodStart,
          periodEnd: invoice.periodEnd,
          notes: invoice.notes,
          repeats: invoice.repeats ?? null,
        },
      ],
    }).roles;
    return role?.bills !== "beside";
  });
}
