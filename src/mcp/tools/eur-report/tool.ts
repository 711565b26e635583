import { z } from "zod";
import { getEurReport } from "../../../api/reports.js";
import { dateContext } from "../../../billing/context.js";
import { parseYear } from "../../../domain/dates/year.js";
import { moneyOutput } from "../../args.js";
import { defineTool, type ToolResource } from "../../define-tool.js";
import { resourceLink } from "../../resource-link.js";
import { eurData, eurText } from "./answer.js";

/** The year's report as a resource, one address per year. */
const resource = {
  uri: "invoicing://reports/eur/{year}",
  name: "eur-report",
  title: "EÜR report",
  description:
    "Income-surplus report (EÜR) for one year: income split freiberuflich / gewerblich, expenses, profit.",
  args: { year: "year" },
  list: { of: "recent-years", label: "EÜR" },
} satisfies ToolResource;

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
  resource,
  async handler(args, context) {
    const year = parseYear(args.year ?? "this year", dateContext(context));
    const data = eurData(await getEurReport(context.client(), year));
    return {
      data,
      text: eurText(data),
      links: [resourceLink(resource, { year: data.year }, `EÜR ${data.year}`)],
    };
  },
});
