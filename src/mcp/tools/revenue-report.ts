import { z } from "zod";
import { listInvoices } from "../../api/invoices.js";
import { itemsOf } from "../../api/list.js";
import { getEurReport } from "../../api/reports.js";
import { dateContext } from "../../billing/context.js";
import { parseYear } from "../../domain/dates/year.js";
import { type Figures, monthsBetween, otherOf, revenueFigures } from "../../domain/revenue.js";
import { completenessOutput, moneyOutput } from "../args.js";
import { assumedText, dayRange, withinDays } from "../date-args.js";
import { defineTool } from "../define-tool.js";
import { eur, named, partialNote } from "../format.js";

// `total` also counts invoices in a state the service added beyond draft/sent/paid (rare).
const split = z.object({ paid: moneyOutput, open: moneyOutput, draft: moneyOutput, total: moneyOutput });
const figures = z.object({ net: split, gross: split, invoiceCount: z.number().int() });
const monthRow = figures.extend({ month: z.string().describe("YYYY-MM") });

const INVOICED =
  "Invoiced: invoices by invoice date in the configured time zone, summed to the cent like list_invoices.";
const CASH =
  "EÜR: the service's cash-basis figures for the calendar year (paid income minus expenses), not recomputed here.";

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
    const { from, to, assumptions } = await periodOf(args.period, context);
    if (from === undefined || to === undefined) throw new Error("a period has a first and a last day");
    const years = yearsBetween(from, to);
    const inRange = withinDays({ from, to }, context.timeZone);
    const [list, reports] = await Promise.all([
      listInvoices(context.client(), {}),
      Promise.all(years.map((year) => getEurReport(context.client(), year))),
    ]);
    const invoices = itemsOf(list).filter((invoice) => inRange(invoice.invoiceDate));
    const eurYears = reports.map((r) => ({
      year: r.year,
      income: r.income.total,
      expenses: r.expenses.total,
      profit: r.profit,
      paidInvoices: r.income.invoiceCount,
    }));
    const eurData = { basis: CASH, years: eurYears };
    const eurLines = eurYears.map(
      (y) =>
        `EÜR ${y.year} (cash basis, the service's figures): income ${eur(y.income)} from ${y.paidInvoices} paid invoices, expenses ${eur(y.expenses)}, profit ${eur(y.profit)}.`,
    );
    const base = { from, to, invoiced: INVOICED, currency: "EUR" as const };
    if (!list.complete) {
      // Sums over part of the invoices would under-count, stated as fact: none at all instead.
      const text = [
        `${from} to ${to}: ${partialNote(list, "invoices", "nothing is summed: the figures would under-count")}${assumedText(assumptions)}`,
        ...eurLines,
      ].join("\n");
      return {
        data: {
          ...base,
          months: null,
          totals: null,
          customers: null,
          complete: false,
          incompleteReason: list.reason,
          eur: eurData,
        },
        text,
      };
    }
    const result = revenueFigures(invoices, monthsBetween(from, to), context.timeZone);
    const names = args.byCustomer
      ? await context.directory.customerNames(result.customers.map((c) => c.customerId))
      : new Map<string, string>();
    const customers = args.byCustomer
      ? result.customers.map((c) => ({
          customerId: c.customerId,
          customerName: names.get(c.customerId) ?? null,
          ...c.totals,
          months: c.months.map((m) => ({ month: m.month, net: m.net })),
        }))
      : null;
    const lines = [
      `Invoiced ${from} to ${to} (by invoice date): ${figuresText(result.totals)}.${assumedText(assumptions)}`,
      ...result.months.map((m) => `- ${m.month}: ${figuresText(m)}`),
      ...(customers === null
        ? []
        : [
            "By customer:",
            ...customers.map(
              (c) => `- ${named(c.customerName ?? undefined, c.customerId)}: ${figuresText(c)}`,
            ),
          ]),
      ...eurLines,
    ];
    return {
      data: {
        ...base,
        months: result.months,
        totals: result.totals,
        customers,
        complete: true,
        incompleteReason: null,
        eur: eurData,
      },
      text: lines.join("\n"),
    };
  },
});

function figuresText(f: Figures): string {
  if (f.invoiceCount === 0) return "no invoices";
  const otherNet = otherOf(f.net);
  const other = otherNet === 0 ? "" : `, in other states ${eur(otherNet)}`;
  return `net ${eur(f.net.total)} (paid ${eur(f.net.paid)}, open ${eur(f.net.open)}, draft ${eur(f.net.draft)}${other}), gross ${eur(f.gross.total)}, ${f.invoiceCount} invoices`;
}

/** A year number is that calendar year; a phrase is read like list_invoices' from/to. */
async function periodOf(period: number | string, context: Parameters<typeof dayRange>[2]) {
  if (typeof period === "number") {
    const year = parseYear(period, dateContext(context));
    return { from: `${year}-01-01`, to: `${year}-12-31`, assumptions: [] as readonly string[] };
  }
  return dayRange(period, period, context);
}

/** The calendar years the period touches, for their EÜR figures (usually one). */
function yearsBetween(from: string, to: string): number[] {
  const first = Number(from.slice(0, 4));
  const last = Number(to.slice(0, 4));
  const years: number[] = [];
  for (let year = first; year <= last; year += 1) years.push(year);
  return years;
}
