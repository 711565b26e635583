import { z } from "zod";
import { getEurReport } from "../../../api/reports.js";
import { dateContext } from "../../../billing/context.js";
import { parseYear } from "../../../domain/dates/year.js";
import { moneyOutput } from "../../args.js";
import { defineTool } from "../../define-tool.js";
import { eur } from "../../format.js";

export const eurReportTool = defineTool({
  name: "eur_report",
  title: "EÜR report",
  description:
    "The EÜR (Einnahmenüberschussrechnung) of a year as the service reports it: income freiberuflich and gewerblich, invoice count, expenses, profit.",
  kind: "read",
  family: "reports",
  input: z.object({
    year: z
      .union([z.number().int(), z.string().trim().min(1).max(40)])
      .optional()
      .describe('E.g. 2025, "last year". Default: this year.'),
  }),
  output: z.object({
    year: z.number().int(),
    income: z.object({
      total: moneyOutput,
      freiberuflich: moneyOutput,
      gewerblich: moneyOutput,
      invoiceCount: z.number().int(),
    }),
    expenses: z.object({ total: moneyOutput, count: z.number().int() }),
    profit: moneyOutput,
    currency: z.literal("EUR"),
  }),
  example: { year: 2025 },
  async handler(args, context) {
    const ctx = dateContext(context);
    const year = parseYear(args.year ?? "this year", ctx);
    const report = await getEurReport(context.client(), year);
    const data = {
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
    const empty = data.income.invoiceCount === 0 && data.expenses.count === 0;
    const text = [
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
    return { data, text, links: [{ uri: `invoicing://reports/eur/${data.year}`, name: `EÜR ${data.year}` }] };
  },
});
