/** How revenue_report answers: what its figures are, the months and customers, each year's EÜR. */
import { type Figures, otherOf } from "../../../domain/revenue.js";
import type { Revenue } from "../../../reports/revenue.js";
import { assumedText } from "../../date-args.js";
import { completeness, eur, named, partialNote } from "../../format.js";

const INVOICED =
  "Invoiced: invoices by invoice date in the configured time zone, summed to the cent like list_invoices.";
const CASH =
  "EÜR: the service's cash-basis figures for the calendar year (paid income minus expenses), not recomputed here.";

/** The figures as the output schema has them, each kind of figure saying what it is. */
export function revenueData(found: Revenue, from: string, to: string) {
  return {
    from,
    to,
    invoiced: INVOICED,
    currency: "EUR" as const,
    months: found.invoiced?.months ?? null,
    totals: found.invoiced?.totals ?? null,
    customers: found.invoiced?.customers ?? null,
    ...completeness(found.list),
    eur: { basis: CASH, years: found.eurYears },
  };
}

/** The period's figures, month by month and by customer, then each year's EÜR. */
export function revenueText(found: Revenue, period: string, assumptions: readonly string[]): string {
  const eurLines = found.eurYears.map(
    (y) =>
      `EÜR ${y.year} (cash basis, the service's figures): income ${eur(y.income)} from ${y.paidInvoices} paid invoices, expenses ${eur(y.expenses)}, profit ${eur(y.profit)}.`,
  );
  if (found.invoiced === null) {
    // Sums over part of the invoices would under-count, stated as fact: none at all instead.
    return [
      `${period}: ${partialNote(found.list, "invoices", "nothing is summed: the figures would under-count")}${assumedText(assumptions)}`,
      ...eurLines,
    ].join("\n");
  }
  const { months, totals, customers } = found.invoiced;
  return [
    `Invoiced ${period} (by invoice date): ${figuresText(totals)}.${assumedText(assumptions)}`,
    ...months.map((m) => `- ${m.month}: ${figuresText(m)}`),
    ...(customers === null
      ? []
      : [
          "By customer:",
          ...customers.map((c) => `- ${named(c.customerName ?? undefined, c.customerId)}: ${figuresText(c)}`),
        ]),
    ...eurLines,
  ].join("\n");
}

function figuresText(f: Figures): string {
  if (f.invoiceCount === 0) return "no invoices";
  const otherNet = otherOf(f.net);
  const other = otherNet === 0 ? "" : `, in other states ${eur(otherNet)}`;
  return `net ${eur(f.net.total)} (paid ${eur(f.net.paid)}, open ${eur(f.net.open)}, draft ${eur(f.net.draft)}${other}), gross ${eur(f.gross.total)}, ${f.invoiceCount} invoices`;
}
