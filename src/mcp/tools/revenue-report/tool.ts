import { z } from "zod";
import { revenue } from "../../../reports/revenue.js";
import { completenessOutput, moneyOutput } from "../../args.js";
import { yearOrRange } from "../../date-args.js";
import { defineTool } from "../../define-tool.js";
import { revenueData, revenueText } from "./answer.js";

// `total` also counts invoices in a state the service added beyond draft/sent/paid (rare).
const split = z.object({ paid: moneyOutput, open: moneyOutput, draft: moneyOutput, total: moneyOutput });
const figures = z.object({ net: split, gross: split, invoiceCount: z.number().int() });
const monthRow = figures.extend({ month: z.string().describe("YYYY-MM") });

export const revenueReportTool = defineTool({
  name: "revenue_report",
  title: "Revenue report",
  description:
    "Net and gross invoiced per month for a year or period, split paid/open/draft, optionally per customer, with the year's EÜR (cash basis) beside it.",
  kind: "read",
  family: "reports",
  view: true,
  input: z.object({
    period: z
      .union([z.number().int(), z.string().trim().min(1).max(100)])
      .default("this year")
      .describe('E.g. 2025, "Q1 2026", "last month".'),
    byCustomer: z.boolean().default(false).describe("Also per customer."),
  }),
  output: z.object({
    from: z.string(),
    to: z.string(),
    invoiced: z.string().describe("What the invoiced figures are."),
    months: z.array(monthRow).nullable(),
    totals: figures.nullable().describe("null when the invoice list could not be read whole."),
    customers: z
      .array(
        figures.extend({
          customerId: z.string(),
          customerName: z.string().nullable(),
          months: z.array(z.object({ month: z.string(), net: split })),
        }),
      )
      .nullable(),
    ...completenessOutput,
    eur: z.object({
      basis: z.string(),
      years: z.array(
        z.object({
          year: z.number().int(),
          income: moneyOutput,
          expenses: moneyOutput,
          profit: moneyOutput,
          paidInvoices: z.number().int(),
        }),
      ),
    }),
    currency: z.literal("EUR"),
  }),
  example: { period: 2026, byCustomer: true },
  async handler(args, context) {
    const { from, to, assumptions } = await yearOrRange(args.period, context);
    if (from === undefined || to === undefined) throw new Error("a period has a first and a last day");
    const found = await revenue(context, { from, to, byCustomer: args.byCustomer });
    return { data: revenueData(found, from, to), text: revenueText(found, `${from} to ${to}`, assumptions) };
  },
});
