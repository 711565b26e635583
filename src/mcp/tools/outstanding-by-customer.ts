import { z } from "zod";
import { listInvoices } from "../../api/invoices.js";
import { itemsOf } from "../../api/list.js";
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
  async handler(args, context) {
    const customer =
      args.customer === undefined ? undefined : await context.directory.resolveCustomer(args.customer);
    // The report gives due dates only; a reminder cites the invoice's own date ("Rechnung vom …").
    const [report, sent] = await Promise.all([
      getOutstandingByCustomer(context.client(), customer?._id),
      listInvoices(context.client(), { status: "sent" }),
    ]);
    const dated = new Map<string, string>(
      itemsOf(sent).map((i) => [i._id, formatDay(i.invoiceDate, context.timeZone)]),
    );
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
            invoiceDate: dated.get(i.id) ?? null,
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
    const from = `from ${customers.length} ${customers.length === 1 ? "customer" : "customers"}`;
    const average =
      data.averagePaymentDays === null
        ? ""
        : // The service's figure is the account's, not any one customer's: said so, above all for one.
          ` Across the whole account (not per customer), invoices are paid after ${data.averagePaymentDays} days on average.`;
    const header =
      customers.length === 0
        ? args.overdueOnly
          ? "Nothing is overdue."
          : "No open receivables."
        : args.overdueOnly
          ? // Only overdue invoices are shown: their sum is what is overdue, not all that is open.
            `${eur(data.totalOutstanding)} overdue ${from}, gross (VAT included), as every amount here.${average}`
          : `${eur(data.totalOutstanding)} outstanding ${from}, ${eur(data.overdueAmount)} of it overdue; gross (VAT included), as every amount here.${average}`;
    const lines = [header];
    for (const c of customers) {
      lines.push(
        args.overdueOnly
          ? `${c.customerName} (id ${c.customerId}): ${eur(c.openAmount)} overdue`
          : `${c.customerName} (id ${c.customerId}): ${eur(c.openAmount)} open, ${eur(c.overdueAmount)} overdue`,
      );
      for (const i of c.invoices) {
        const late =
          i.daysOverdue > 0
            ? `${i.daysOverdue} ${i.daysOverdue === 1 ? "day" : "days"} overdue`
            : urgencyText(i.urgency);
        lines.push(
          `  - ${i.invoiceNumber} (id ${i.id})${i.invoiceDate === null ? "" : ` of ${i.invoiceDate}`} · ${eur(i.grossAmount)} · due ${i.dueDate} · ${late}`,
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

/** The report's urgency in words: "due_soon" reads "due soon"; a value not known is shown plainly. */
function urgencyText(urgency: string): string {
  const known: Record<string, string> = { due_soon: "due soon", open: "not yet due", overdue: "overdue" };
  return known[urgency] ?? (cleanText(urgency, 40).replace(/_/g, " ") || "not yet due");
}

function sum(amounts: number[]): number {
  return sumAmounts(amounts);
}
