/**
 * Before a new invoice is created: which existing invoices of the customer it may bill twice. Two
 * reasons, each named in the answer: an invoice that may already cover the service period (its
 * period overlaps, or without a returned period, it is dated in or up to 45 days after it), and one
 * with the same net amount and period (or, without a returned period, the same invoice date) under
 * another number or other notes. `allowOverlap: true` is the caller's way past both.
 */
import type { CreateInvoiceBody } from "../api/invoices.js";
import type { Invoice } from "../api/schemas.js";
import type { DaySpan } from "../domain/calendar-span.js";
import { formatDay } from "../domain/dates/format.js";
import { toCents } from "../domain/money.js";
import { coverBasis, servicePeriodDays } from "../domain/period-billing.js";
import { type CoveringInvoice, invoiceFacts } from "./period-facts.js";

export interface Conflict extends CoveringInvoice {
  reason: "same amount and period" | "may cover the period";
}

export function invoiceConflicts(
  existing: readonly Invoice[],
  body: CreateInvoiceBody,
  period: DaySpan,
  timeZone: string,
): Conflict[] {
  const conflicts: Conflict[] = [];
  for (const invoice of existing) {
    if (invoice.customerId !== body.customerId) continue;
    if (sameAmountAndPeriod(invoice, body, period, timeZone)) {
      const basis = servicePeriodDays(invoice, timeZone) ? "service period" : "invoice date";
      conflicts.push({ ...invoiceFacts(invoice, basis, timeZone), reason: "same amount and period" });
      continue;
    }
    const basis = coverBasis(invoice, period, timeZone);
    if (basis) conflicts.push({ ...invoiceFacts(invoice, basis, timeZone), reason: "may cover the period" });
  }
  return conflicts.sort((a, b) => a.invoiceDate.localeCompare(b.invoiceDate));
}

function sameAmountAndPeriod(
  invoice: Invoice,
  body: CreateInvoiceBody,
  period: DaySpan,
  timeZone: string,
): boolean {
  if (toCents(invoice.netAmount) !== toCents(body.netAmount)) return false;
  const served = servicePeriodDays(invoice, timeZone);
  if (served) return served.start === period.start && served.end === period.end;
  // No period in the list: the same day's invoice for the same amount is the likely twin.
  return formatDay(invoice.invoiceDate, timeZone) === formatDay(body.invoiceDate, timeZone);
}
