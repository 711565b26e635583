/**
 * "From when must I issue e-invoices?", and "must this invoice be one?", from the person's own
 * figures: the service's EÜR income of the year that decides (2026 for the 2027 rule; the year
 * before the service for an invoice) and their § 19 status (an invoice at 0 %, or a default rate of
 * 0 % in their settings). The rules are src/einvoice/duty.ts's.
 */
import { ApiError } from "../api/errors.js";
import { getEurReport } from "../api/reports.js";
import type { Invoice } from "../api/schemas.js";
import { formatDay } from "../domain/dates/format.js";
import { type Cents, toCents } from "../domain/money.js";
import { type Duty, dutyStart, invoiceDuty } from "../einvoice/duty.js";
import { looksLikeLeitwegId } from "../einvoice/identifiers.js";
import type { DocumentsContext } from "./context.js";
import { findInvoice } from "./gather.js";

export interface DutyAnswer {
  smallBusiness: boolean;
  /** The EÜR income of the year that decides the 2027 duty (2026); null when it could not be read. */
  turnover2026: Cents | null;
  start: { from: string | null; unsure: boolean };
  invoice: { number: string; serviceDay: string; buyer: "business" | "public"; duty: Duty } | null;
}

export async function eInvoiceDuty(
  context: DocumentsContext,
  asked: string | undefined,
): Promise<DutyAnswer> {
  const invoice = asked === undefined ? undefined : await findInvoice(context, asked);
  const smallBusiness = invoice ? invoice.taxRate === 0 : context.defaultTaxRate === 0;
  const turnover2026 = await income(context, 2026);
  const start = dutyStart({ smallBusiness, turnover2026 });
  return { smallBusiness, turnover2026, start, invoice: invoice ? await forInvoice(context, invoice) : null };
}

async function forInvoice(context: DocumentsContext, invoice: Invoice): Promise<DutyAnswer["invoice"]> {
  const serviceDay = formatDay(invoice.periodEnd ?? invoice.invoiceDate, context.timeZone);
  const year = Number(serviceDay.slice(0, 4));
  const details = context.details ? await context.details.read() : undefined;
  const reference = details?.customers[invoice.customerId]?.details.buyerReference;
  const buyer = reference && looksLikeLeitwegId(reference) ? "public" : "business";
  const duty = invoiceDuty({
    serviceDay,
    buyer,
    smallBusiness: invoice.taxRate === 0,
    gross: toCents(invoice.grossAmount ?? invoice.netAmount),
    previousYearTurnover: year === 2027 ? await income(context, 2026) : null,
  });
  return { number: invoice.invoiceNumber, serviceDay, buyer, duty };
}

/** The service's EÜR income of a year, in cents; null when the report cannot be read. */
async function income(context: DocumentsContext, year: number): Promise<Cents | null> {
  try {
    return toCents((await getEurReport(context.client(), year)).income.total);
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}
