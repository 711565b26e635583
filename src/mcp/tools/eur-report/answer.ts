/** How eur_report answers: the service's EÜR figures as structured content, and in words. */
import type { EurReport } from "../../../api/schemas.js";
import { eur } from "../../format.js";

/** The report as the output schema has it: the income's split by activity type side by side. */
export function eurData(report: EurReport) {
  return {
    year: report.year,
    income: {
      total: report.income.total,
      freiberuflich: report.income.byType.freiberuflich,
      gewerblich: report.income.byType.gewerblich,
      invoiceCount: report.income.invoiceCount,
    },
    expenses: report.expenses,
    profit: report.profit,
    currency: "EUR" as const,
  };
}

/** The figures in words, said to be the service's; an empty year says what to check. */
export function eurText(data: ReturnType<typeof eurData>): string {
  const empty = data.income.invoiceCount === 0 && data.expenses.count === 0;
  return [
    `EÜR ${data.year}, as the Invoicing Service reports it for that year (its figures, not recomputed here):`,
    ...(empty
      ? [
          `The service has no paid invoices and no expenses for ${data.year} (income ${eur(data.income.total)}, expenses ${eur(data.expenses.total)}, profit ${eur(data.profit)}). If that is unexpected, check the year, or whether that year's invoices are marked paid in the service.`,
        ]
      : [
          `Income: ${eur(data.income.total)} from ${data.income.invoiceCount} invoices (freiberuflich ${eur(data.income.freiberuflich)}, gewerblich ${eur(data.income.gewerblich)}).`,
          `Expenses: ${eur(data.expenses.total)} (${data.expenses.count} items).`,
          `Profit: ${eur(data.profit)}.`,
        ]),
  ].join("\n");
}
