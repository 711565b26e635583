/** How customer_summary answers: the service's summary with the gross paid beside it, and in words. */
import { fromCents, toCents } from "../../../domain/money.js";
import { cleanText } from "../../../domain/text.js";
import type { CustomerGlance, PaidSums } from "../../../reports/customer-summary.js";
import { eur, hours } from "../../format.js";

export function customerSummaryData({ customer, summary, active, paid }: CustomerGlance) {
  return {
    customer: {
      id: customer._id,
      name: cleanText(summary.customer.name || customer.name, 200),
      hourlyRate: summary.customer.hourlyRate ?? customer.hourlyRate ?? null,
      externalId: summary.customer.externalId || null,
      active,
    },
    revenue: {
      totalNet: summary.revenue.totalNetEur,
      totalGross: paid === null ? null : fromCents(paid.gross),
      yearToDateNet: summary.revenue.ytdNetEur,
      paidInvoices: summary.revenue.paidCount,
    },
    outstanding: {
      openInvoices: summary.outstanding.openCount,
      openAmount: summary.outstanding.openAmount,
      overdueInvoices: summary.outstanding.overdueCount,
      overdueAmount: summary.outstanding.overdueAmount,
    },
    hours: summary.hours,
    currency: "EUR" as const,
  };
}

/** The customer, revenue net and gross, what is open and overdue, and the hours, a line each. */
export function customerSummaryText(
  data: ReturnType<typeof customerSummaryData>,
  paid: PaidSums | null,
): string {
  const o = data.outstanding;
  return [
    `${data.customer.name} (id ${data.customer.id})${data.customer.hourlyRate === null ? "" : `, ${eur(data.customer.hourlyRate)}/h`}${data.customer.active ? "" : " · inactive (a former customer: the service lists only active ones)"}`,
    `Revenue (paid invoices): ${eur(data.revenue.totalNet)} net${grossText(paid, data.revenue.totalNet)} in all, ${eur(data.revenue.yearToDateNet)} net this year, ${data.revenue.paidInvoices} invoices paid.`,
    `Open: ${o.openInvoices} invoices, ${eur(o.openAmount)} gross; overdue: ${o.overdueInvoices}, ${eur(o.overdueAmount)}.`,
    `Hours: ${hours(data.hours.total)} in all, ${hours(data.hours.billed)} billed, ${hours(data.hours.unbilled)} unbilled worth ${eur(data.hours.unbilledAmount)}.`,
  ].join("\n");
}

function grossText(gross: PaidSums | null, totalNet: number): string {
  if (gross === null) return " (gross not known: not every paid invoice could be read with its tax)";
  const matches = gross.net === toCents(totalNet);
  return `, ${eur(gross.gross / 100)} gross (what they paid, VAT included)${matches ? "" : ` of the ${gross.count} paid invoices listed, whose net is ${eur(gross.net / 100)}`}`;
}
