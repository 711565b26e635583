import { z } from "zod";
import { outstanding } from "../../../reports/outstanding.js";
import { customerArg, moneyOutput } from "../../args.js";
import { defineTool, type ToolResource } from "../../define-tool.js";
import { resourceLink } from "../../resource-link.js";
import { outstandingText } from "./answer.js";

/** The receivables as a resource: one address, whoever asks. */
const resource = {
  uri: "invoicing://reports/outstanding",
  name: "outstanding",
  title: "Outstanding receivables",
  description:
    "Open (sent, unpaid) invoices grouped by customer, most overdue first, with gross amounts and days overdue.",
} satisfies ToolResource;

const invoiceRow = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  invoiceDate: z.string().nullable().describe("YYYY-MM-DD, as a reminder cites it; null when not listed"),
  dueDate: z.string().describe("YYYY-MM-DD"),
  grossAmount: moneyOutput,
  daysOverdue: z.number(),
  urgency: z.string(),
});

export const outstandingByCustomerTool = defineTool({
  name: "outstanding_by_customer",
  title: "Who owes me money",
  description: "Sent, unpaid invoices by customer, most overdue first, with due dates and days overdue.",
  kind: "read",
  family: "reports",
  view: true,
  input: z.object({
    customer: customerArg.optional().describe("Only this customer."),
    overdueOnly: z.boolean().default(false).describe("Only invoices past due."),
  }),
  output: z.object({
    customers: z.array(
      z.object({
        customerId: z.string(),
        customerName: z.string(),
        openAmount: moneyOutput,
        overdueAmount: moneyOutput,
        maxDaysOverdue: z.number(),
        invoices: z.array(invoiceRow),
      }),
    ),
    totalOutstanding: moneyOutput.describe("Sum of the invoices shown: with overdueOnly, the overdue ones."),
    overdueAmount: moneyOutput,
    averagePaymentDays: z.number().nullable(),
    currency: z.literal("EUR"),
  }),
  example: { customer: "mueller" },
  resource,
  async handler(args, context) {
    const data = await outstanding(context, { customer: args.customer, overdueOnly: args.overdueOnly });
    return {
      data,
      text: outstandingText(data, args.overdueOnly),
      links: [resourceLink(resource, {}, "Outstanding receivables")],
    };
  },
});
