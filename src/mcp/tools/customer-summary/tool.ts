import { z } from "zod";
import { customerGlance } from "../../../reports/customer-summary.js";
import { customerArg, moneyOutput } from "../../args.js";
import { defineTool, type ToolResource } from "../../define-tool.js";
import { resourceLink } from "../../resource-link.js";
import { customerSummaryData, customerSummaryText } from "./answer.js";

/** One customer's summary as a resource, by the customer's id. */
const resource = {
  uri: "invoicing://customers/{customerId}/summary",
  name: "customer-summary",
  title: "Customer summary",
  description: "One customer's revenue, open and overdue receivables, and hours.",
  args: { customerId: "customer" },
  list: { of: "customers", label: "summary" },
} satisfies ToolResource;

export const customerSummaryTool = defineTool({
  name: "customer_summary",
  title: "Customer overview",
  description:
    "One customer at a glance: revenue paid (net and gross), open and overdue receivables, hours billed and unbilled.",
  kind: "read",
  family: "customers",
  input: z.object({ customer: customerArg }),
  output: z.object({
    customer: z.object({
      id: z.string(),
      name: z.string(),
      hourlyRate: z.number().nullable(),
      externalId: z.string().nullable(),
      active: z.boolean().describe("false for a former customer (the service lists only active ones)"),
    }),
    revenue: z.object({
      totalNet: moneyOutput,
      totalGross: moneyOutput
        .nullable()
        .describe("what they paid, VAT included; null when the paid invoices could not all be read"),
      yearToDateNet: moneyOutput,
      paidInvoices: z.number().int(),
    }),
    outstanding: z.object({
      openInvoices: z.number().int(),
      openAmount: moneyOutput,
      overdueInvoices: z.number().int(),
      overdueAmount: moneyOutput,
    }),
    hours: z.object({
      total: z.number(),
      billed: z.number(),
      unbilled: z.number(),
      unbilledAmount: moneyOutput,
    }),
    currency: z.literal("EUR"),
  }),
  example: { customer: "mueller" },
  resource,
  async handler(args, context) {
    const glance = await customerGlance(context, args.customer);
    const data = customerSummaryData(glance);
    return {
      data,
      text: customerSummaryText(data, glance.paid),
      links: [resourceLink(resource, { customerId: data.customer.id }, `${data.customer.name}: summary`)],
    };
  },
});
