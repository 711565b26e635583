import { z } from "zod";
import { timeSummary } from "../../../reports/time-summary.js";
import { customerArg, moneyOutput, periodArg } from "../../args.js";
import { defineTool, type ToolResource } from "../../define-tool.js";
import { billedOutput, coveringInvoiceOutput, periodOutput, periodTimeOutput } from "../../period-text.js";
import { timeSummaryData, timeSummaryText } from "./answer.js";

/** One customer's hours as a resource (served without a period: the overview). */
const resource = {
  uri: "invoicing://customers/{customerId}/time",
  name: "customer-time",
  title: "Customer hours",
  description: "One customer's hours: billed, unbilled and its amount, this week, this month, by month.",
  args: { customerId: "customer" },
  list: { of: "customers", label: "hours" },
} satisfies ToolResource;

const summaryRow = z.object({
  customerId: z.string(),
  customerName: z.string(),
  hourlyRate: z.number().nullable(),
  totalHours: z.number(),
  billedHours: z.number(),
  unbilledHours: z.number().describe("the service's own figure, over all periods"),
  unbilledAmount: moneyOutput.describe("the service's own figure, over all periods"),
  notYetBilled: z
    .object({
      amount: moneyOutput,
      hours: z.number().nullable(),
      months: z
        .array(z.string())
        .describe("YYYY-MM: the months read, those holding the service's unbilled hours"),
      ifUnclearBillHours: moneyOutput
        .nullable()
        .describe(
          "where it cannot be told whether the invoices named in unclear bill hours: the figure if they do",
        ),
      unclear: z.array(z.string()),
    })
    .nullable()
    .optional()
    .describe(
      "Without a period: the time not yet billed by the invoices, each month read against its own (invoices made through the API count; the service's figure may not see them); null without a rate or a whole invoice list",
    ),
  draftsSince: z
    .array(coveringInvoiceOutput)
    .optional()
    .describe(
      "Only when one customer is asked for: their draft invoices, created since, which may bill part of the unbilled figure",
    ),
  weekHours: z.number().describe("this week (Monday to Sunday)"),
  monthHours: z.number().describe("this calendar month"),
  byMonth: z
    .array(z.object({ month: z.string().describe("YYYY-MM"), hours: z.number(), amount: moneyOutput }))
    .optional()
    .describe("Only when one customer is asked for: every month since the start."),
  inPeriod: z
    .object({
      time: periodTimeOutput,
      mayAlreadyBeBilledBy: z
        .array(coveringInvoiceOutput)
        .optional()
        .describe(
          "Only when one customer is asked for: their invoices whose service period overlaps the period (or, without one, dated near it); billed.invoiceNumbers names them always",
        ),
      billed: billedOutput.describe("the period's time against what those invoices bill"),
    })
    .optional()
    .describe("Only with `period`."),
});

export const timeSummaryTool = defineTool({
  name: "time_summary",
  title: "Hours per customer",
  description:
    "Hours per customer: billed, unbilled and its amount, this week, this month, by month. With a period, also its hours and amount by project and the invoices that may bill it: use one before invoicing.",
  // Without writes, "use one before invoicing" would offer what this caller cannot do.
  descriptionFor: ({ canWrite }) =>
    canWrite
      ? undefined
      : "Hours per customer: billed, unbilled and its amount, this week, this month, by month. With a period, also its hours and amount by project and the invoices that may bill it.",
  kind: "read",
  family: "time",
  input: z.object({
    customer: customerArg.optional().describe("Default: every active one."),
    period: periodArg('E.g. "last month"; entries count by their start.').optional(),
  }),
  output: z.object({
    period: periodOutput.optional().describe("Only with `period`."),
    customers: z.array(summaryRow),
    totals: z.object({
      unbilledHours: z.number(),
      unbilledAmount: moneyOutput,
      weekHours: z.number(),
      monthHours: z.number(),
      notYetBilledAmount: moneyOutput
        .nullable()
        .optional()
        .describe("Without a period: the rows' notYetBilled together; null where one could not be told"),
      periodHours: z.number().optional().describe("Only with `period`."),
      periodAmount: moneyOutput
        .nullable()
        .optional()
        .describe("Only with `period`; null if a rate is missing."),
    }),
    currency: z.literal("EUR"),
  }),
  example: { customer: "mueller" },
  resource,
  async handler(args, context, call) {
    const found = await timeSummary(context, { customer: args.customer, period: args.period });
    return {
      data: timeSummaryData(found, args.customer !== undefined),
      text: timeSummaryText(found, call.canWrite),
    };
  },
});
