import { z } from "zod";
import { getOutstandingByCustomer } from "../../api/reports.js";
import { formatDay } from "../../domain/dates/format.js";
import { sumAmounts } from "../../domain/money.js";
import { cleanText } from "../../domain/text.js";
import { customerArg, moneyOutput } from "../args.js";
import { defineTool } from "../define-tool.js";
import { eur } from "../format.js";

const invoiceRow = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  dueDate: z.string().describe("YYYY-MM-DD"),
  grossAmount: moneyOutput,
  daysOverdue: z.number(),
  urgency: z.string(),
});

export const outstandingByCustomerTool = defineTool({
  name: "outstanding_by_customer",
  title: "Who owes me money",
  description:
    "Open receivables (sent, unpaid invoices) grouped by customer, most overdue first, with each invoice's number, due date, gross amount and days overdue. Answers 'who owes me money and how late are they?'.",
  kind: "read",
  input: z.object({
    customer: customerArg.optional().describe("Only this customer (id or name)."),
    overdueOnly: z.boolean().default(false).describe("true: only invoices past their due date."),
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
    totalOutstanding: moneyOutput,
    overdueAmount: moneyOutput,
    averagePaymentDays: z.number().nullable(),
    currency: z.literal("EUR"),
  }),
  example: { customer: "mueller" },
  async handler(args, context) {
    const customer =
      args.customer === undefined ? undefined : await context.directory.resolveCustomer(args.customer);
    const report = await getOutstandingByCustomer(context.client(), customer?._id);
    // The report names its customers; where it leaves a name out, the directory may know it.
    const unnamed = report.customers.filter((c) => cleanText(c.customerName) === "").map((c) => c.customerId);
    const names =
      unnamed.length === 0 ? new Map<string, string>() : await context.directory.customerNames(unnamed);
    const customers = report.customers
      .map((c) => {
        const invoices = c.invoices
          .filter((i) => !args.overdueOnly || i.daysOverdue > 0)
          .sort((a, b) => b.daysOverdue - a.daysOverdue || a.dueDate - b.dueDate)
          .map((i) => ({
            id: i.id,
            invoiceNumber: i.invoiceNumber,
            dueDate: formatDay(i.dueDate, context.timeZone),
            grossAmount: i.grossAmount,
            daysOverdue: Math.max(0, i.daysOverdue),
            urgency: i.urgency,
          }));
        return {
          customerId: c.customerId,
          customerName: cleanText(c.customerName, 120) || names.get(c.customerId) || "(name unknown)",
          openAmount: args.overdueOnly ? sum(invoices.map((i) => i.grossAmount)) : c.openAmount,
          overdueAmount: c.overdueAmount,
          maxDaysOverdue: Math.max(0, ...invoices.map((i) => i.daysOverdue)),
          invoices,
        };
      })
      .filter((c) => c.invoices.length > 0)
      .sort((a, b) => b.maxDaysOverdue - a.maxDaysOverdue || b.overdueAmount - a.overdueAmount);

    const data = {
      customers,
      totalOutstanding: sum(customers.map((c) => c.openAmount)),
      overdueAmount: sum(customers.map((c) => c.overdueAmount)),
      averagePaymentDays: report.avgPaymentDays ?? null,
      currency: "EUR" as const,
    };
    const header =
      customers.length === 0
        ? args.overdueOnly
          ? "Nothing is overdue."
          : "No open receivables."
        : `${eur(data.totalOutstanding)} outstanding from ${customers.length} customers, ${eur(data.overdueAmount)} of it overdue.${data.averagePaymentDays === null ? "" : ` Customers pay after ${data.averagePaymentDays} days on average.`}`;
    const lines = [header];
    for (const c of customers) {
      lines.push(
        `${c.customerName} (id ${c.customerId}): ${eur(c.openAmount)} open, ${eur(c.overdueAmount)} overdue`,
      );
      for (const i of c.invoices) {
        const late = i.daysOverdue > 0 ? `${i.daysOverdue} days overdue` : i.urgency;
        lines.push(
          `  - ${i.invoiceNumber} (id ${i.id}) · ${eur(i.grossAmount)} · due ${i.dueDate} · ${late}`,
        );
      }
    }
    return {
      data,
      text: lines.join("\n"),
      links: [{ uri: "invoicing://reports/outstanding", name: "Outstanding receivables" }],
    };
  },
});

function sum(amounts: number[]): number {
  return sumAmounts(amounts);
}
