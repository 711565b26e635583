import { z } from "zod";
import { getCustomerSummary } from "../../../api/customers.js";
import { listInvoices } from "../../../api/invoices.js";
import type { Invoice } from "../../../api/schemas.js";
import { fromCents, toCents } from "../../../domain/money.js";
import { cleanText } from "../../../domain/text.js";
import { customerArg, moneyOutput } from "../../args.js";
import { defineTool } from "../../define-tool.js";
import { eur, hours } from "../../format.js";

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
  async handler(args, context) {
    const customer = await context.directory.resolveCustomer(args.customer);
    const [summary, active, paidList] = await Promise.all([
      getCustomerSummary(context.client(), customer._id),
      // A former customer resolves through the summary endpoint, but is not on the active list.
      context.directory.customers().then((list) => list.some((c) => c._id === customer._id)),
      listInvoices(context.client(), { status: "paid" }),
    ]);
    const gross = paidList.complete
      ? grossPaid(paidList.items.filter((i) => i.customerId === customer._id))
      : null;
    const data = {
      customer: {
        id: customer._id,
        name: cleanText(summary.customer.name || customer.name, 200),
        hourlyRate: summary.customer.hourlyRate ?? customer.hourlyRate ?? null,
        externalId: summary.customer.externalId || null,
        active: active && customer.isActive !== false,
      },
      revenue: {
        totalNet: summary.revenue.totalNetEur,
        totalGross: gross === null ? null : fromCents(gross.gross),
        yearToDateNet: summary.revenue.ytdNetEur,
        paidInvoices: summary.revenue.paidCount,
      },
      outstanding: {
        openInvoices: summary.outstanding.openCount,
        openAmount: summary.outstanding.openAmount,
        overdueInvoices: summary.outstanding.overdueCount,
        overdueAmount: summary.outstanding.overdueAmount,
      },
      hours: summary.hours,
      currency: "EUR" as const,
    };
    const o = data.outstanding;
    const text = [
      `${data.customer.name} (id ${data.customer.id})${data.customer.hourlyRate === null ? "" : `, ${eur(data.customer.hourlyRate)}/h`}${data.customer.active ? "" : " · inactive (a former customer: the service lists only active ones)"}`,
      `Revenue (paid invoices): ${eur(data.revenue.totalNet)} net${grossText(gross, data.revenue.totalNet)} in all, ${eur(data.revenue.yearToDateNet)} net this year, ${data.revenue.paidInvoices} invoices paid.`,
      `Open: ${o.openInvoices} invoices, ${eur(o.openAmount)} gross; overdue: ${o.overdueInvoices}, ${eur(o.overdueAmount)}.`,
      `Hours: ${hours(data.hours.total)} in all, ${hours(data.hours.billed)} billed, ${hours(data.hours.unbilled)} unbilled worth ${eur(data.hours.unbilledAmount)}.`,
    ].join("\n");
    return {
      data,
      text,
      links: [
        {
          uri: `invoicing://customers/${encodeURIComponent(customer._id)}/summary`,
          name: `${data.customer.name}: summary`,
        },
      ],
    };
  },
});

/** What the customer's paid invoices add up to, gross (the net too, to hold it to the summary's). */
function grossPaid(paid: readonly Invoice[]): { gross: number; net: number; count: number } | null {
  let gross = 0;
  let net = 0;
  for (const invoice of paid) {
    const one =
      invoice.grossAmount ?? (invoice.taxAmount == null ? null : invoice.netAmount + invoice.taxAmount);
    if (one == null) return null;
    gross += toCents(one);
    net += toCents(invoice.netAmount);
  }
  return { gross, net, count: paid.length };
}

function grossText(gross: ReturnType<typeof grossPaid>, totalNet: number): string {
  if (gross === null) return " (gross not known: not every paid invoice could be read with its tax)";
  const matches = gross.net === toCents(totalNet);
  return `, ${eur(gross.gross / 100)} gross (what they paid, VAT included)${matches ? "" : ` of the ${gross.count} paid invoices listed, whose net is ${eur(gross.net / 100)}`}`;
}
