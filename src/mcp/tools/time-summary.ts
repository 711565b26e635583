import { z } from "zod";
import { getCustomerTimeSummary } from "../../api/time-entries.js";
import { cleanText } from "../../domain/text.js";
import { customerArg, moneyOutput } from "../args.js";
import { defineTool } from "../define-tool.js";
import { eur, hours } from "../format.js";

const summaryRow = z.object({
  customerId: z.string(),
  customerName: z.string(),
  hourlyRate: z.number().nullable(),
  totalHours: z.number(),
  billedHours: z.number(),
  unbilledHours: z.number(),
  unbilledAmount: moneyOutput,
  weekHours: z.number().describe("this week (Monday to Sunday)"),
  monthHours: z.number().describe("this calendar month"),
  byMonth: z.array(
    z.object({ month: z.string().describe("YYYY-MM"), hours: z.number(), amount: moneyOutput }),
  ),
});

export const timeSummaryTool = defineTool({
  name: "time_summary",
  title: "Hours per customer",
  description:
    "Hours per customer: billed, unbilled and the unbilled amount at the customer's rate, this week, this month, and by month. Without a customer, covers every active customer. Use it before invoicing unbilled time.",
  kind: "read",
  input: z.object({
    customer: customerArg
      .optional()
      .describe("Only this customer (id or name); default all active customers."),
  }),
  output: z.object({
    customers: z.array(summaryRow),
    totals: z.object({
      unbilledHours: z.number(),
      unbilledAmount: moneyOutput,
      weekHours: z.number(),
      monthHours: z.number(),
    }),
    currency: z.literal("EUR"),
  }),
  example: { customer: "mueller" },
  async handler(args, context) {
    const targets =
      args.customer === undefined
        ? await context.directory.customers()
        : [await context.directory.resolveCustomer(args.customer)];
    const summaries = await Promise.all(targets.map((c) => getCustomerTimeSummary(context.client(), c._id)));
    const customers = summaries
      .map((s) => ({
        customerId: s.customerId,
        customerName: cleanText(s.customerName, 200),
        hourlyRate: s.hourlyRate ?? null,
        totalHours: s.totalHours,
        billedHours: s.billedHours,
        unbilledHours: s.unbilledHours,
        unbilledAmount: s.unbilledAmount,
        weekHours: s.weekHours,
        monthHours: s.monthHours,
        byMonth: s.monthlyBreakdown.map((m) => ({ month: m.monthKey, hours: m.hours, amount: m.amount })),
      }))
      .sort(
        (a, b) => b.unbilledAmount - a.unbilledAmount || a.customerName.localeCompare(b.customerName, "de"),
      );
    const add = (pick: (c: (typeof customers)[number]) => number) =>
      Math.round(customers.reduce((sum, c) => sum + pick(c), 0) * 100) / 100;
    const totals = {
      unbilledHours: add((c) => c.unbilledHours),
      unbilledAmount: add((c) => c.unbilledAmount),
      weekHours: add((c) => c.weekHours),
      monthHours: add((c) => c.monthHours),
    };
    const lines = [
      `Unbilled: ${hours(totals.unbilledHours)} worth ${eur(totals.unbilledAmount)}; this week ${hours(totals.weekHours)}, this month ${hours(totals.monthHours)}.`,
      ...customers.map((c) => {
        const recent = c.byMonth
          .slice(-3)
          .map((m) => `${m.month} ${hours(m.hours)}`)
          .join(", ");
        return `- ${c.customerName} (id ${c.customerId}): unbilled ${hours(c.unbilledHours)} = ${eur(c.unbilledAmount)}, billed ${hours(c.billedHours)}, week ${hours(c.weekHours)}, month ${hours(c.monthHours)}${recent ? `; recent months: ${recent}` : ""}`;
      }),
    ];
    return { data: { customers, totals, currency: "EUR" as const }, text: lines.join("\n") };
  },
});
