import { z } from "zod";
import { type CreateInvoiceBody, createInvoice, listInvoices } from "../../api/invoices.js";
import { activityTypeSchema, type Invoice } from "../../api/schemas.js";
import { DateInputError } from "../../domain/dates/errors.js";
import { dayBoundsUtc, formatDay } from "../../domain/dates/format.js";
import { loadDates } from "../../domain/dates/lazy.js";
import { InputError } from "../../domain/input-error.js";
import { nextInvoiceNumber } from "../../domain/invoice-number.js";
import { fromCents, hasAtMostTwoDecimals, invoiceAmounts, toCents } from "../../domain/money.js";
import { cleanText } from "../../domain/text.js";
import { customerArg, dayArg, moneyOutput } from "../args.js";
import type { ToolContext } from "../context.js";
import { dateContext, dayOrPeriod } from "../date-args.js";
import { defineTool } from "../define-tool.js";
import { eur, named } from "../format.js";
import { findSameInvoice } from "../invoice-replay.js";

const PATH = "/api/v1/invoices";

const amountArg = z
  .number()
  .positive()
  .max(10_000_000)
  .refine(hasAtMostTwoDecimals, "at most two decimals (cents)");

export const createInvoiceTool = defineTool({
  name: "create_invoice",
  title: "Create a draft invoice",
  description:
    "Creates a DRAFT invoice for a customer (nothing is sent to anyone). Computes VAT and gross to the cent from netAmount and taxRate. Without invoiceNumber it takes the next number of the account's own series. Use dryRun: true first to show the user exactly what would be created. Repeating the very same call returns the existing invoice instead of a duplicate.",
  kind: "write",
  idempotent: true,
  input: z.object({
    customer: customerArg,
    netAmount: amountArg.describe("Net amount in EUR, e.g. 1520.5 for 1.520,50 €; VAT is added on top."),
    period: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .describe(
        'Service period as a phrase, e.g. "last month", "letzten Monat", "March 2026", "Q1 2026". Or give periodStart and periodEnd.',
      ),
    periodStart: dayArg("First day of the service period", "first").optional(),
    periodEnd: dayArg("Last day of the service period", "last").optional(),
    invoiceNumber: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .optional()
      .describe('Invoice number, e.g. "RE-2026-015". Leave out to continue the account\'s own series.'),
    invoiceDate: dayArg("Invoice date (default: today)").optional(),
    taxRate: z
      .number()
      .min(0)
      .max(100)
      .refine(hasAtMostTwoDecimals, "at most two decimals, e.g. 19 or 5.5")
      .optional()
      .describe(
        "VAT percent, e.g. 19 or 7; 0 for the small-business rule (Kleinunternehmer). Default from INVOICING_DEFAULT_TAX_RATE.",
      ),
    notes: z
      .string()
      .max(2000)
      .optional()
      .describe('Free text printed on the invoice, e.g. "Leistungszeitraum März 2026".'),
    activityType: activityTypeSchema
      .optional()
      .describe('"freiberuflich" or "gewerblich" (default: the customer\'s).'),
    dryRun: z
      .boolean()
      .default(false)
      .describe("true: return the exact request that would be sent, and send nothing."),
  }),
  output: z.object({
    outcome: z.enum(["created", "already_exists", "dry_run"]),
    invoice: z.object({
      id: z.string().nullable().describe("null for a dry run"),
      invoiceNumber: z.string(),
      customerId: z.string(),
      customerName: z.string(),
      status: z.string(),
      invoiceDate: z.string(),
      periodStart: z.string(),
      periodEnd: z.string(),
      netAmount: moneyOutput,
      taxRate: z.number(),
      taxAmount: moneyOutput,
      grossAmount: moneyOutput,
      activityType: z.string().nullable(),
      notes: z.string().nullable(),
    }),
    request: z
      .object({ method: z.literal("POST"), path: z.string(), body: z.record(z.string(), z.unknown()) })
      .optional()
      .describe("Only for a dry run: exactly what would be sent."),
  }),
  example: { customer: "mueller", netAmount: 100, period: "last month", dryRun: true },
  verifyWith: "list_invoices",
  async handler(args, context) {
    const customer = await context.directory.resolveCustomer(args.customer);
    const { start, end } = await servicePeriod(args, context);
    const invoiceDay =
      args.invoiceDate === undefined
        ? formatDay(context.now(), context.timeZone)
        : (await loadDates()).parseDay(args.invoiceDate, dateContext(context));
    const taxRate = args.taxRate ?? context.defaultTaxRate;
    const amounts = invoiceAmounts(toCents(args.netAmount), taxRate);
    // The customer's type, when it is one the API accepts; otherwise the service decides.
    const activityType = args.activityType ?? activityTypeSchema.safeParse(customer.activityType).data;

    const existing = (await listInvoices(context.client())).items;
    const body: CreateInvoiceBody = {
      customerId: customer._id,
      invoiceNumber: args.invoiceNumber ?? nextNumber(existing, invoiceDay, context),
      invoiceDate: dayBoundsUtc(invoiceDay, context.timeZone).startMs,
      periodStart: dayBoundsUtc(start, context.timeZone).startMs,
      periodEnd: dayBoundsUtc(end, context.timeZone).startMs,
      netAmount: fromCents(amounts.net),
      taxRate,
      taxAmount: fromCents(amounts.tax),
      grossAmount: fromCents(amounts.gross),
      ...(activityType === undefined ? {} : { activityType }),
      ...(args.notes === undefined ? {} : { notes: args.notes }),
    };

    const same = findSameInvoice(existing, body, args.invoiceNumber !== undefined);
    const view = (id: string | null, status: string, from: CreateInvoiceBody) => ({
      id,
      invoiceNumber: from.invoiceNumber,
      customerId: customer._id,
      customerName: cleanText(customer.name),
      status,
      invoiceDate: invoiceDay,
      periodStart: start,
      periodEnd: end,
      netAmount: from.netAmount,
      taxRate: from.taxRate ?? taxRate,
      taxAmount: from.taxAmount ?? 0,
      grossAmount: from.grossAmount ?? 0,
      activityType: from.activityType ?? null,
      notes: from.notes ?? null,
    });

    if (same) {
      const invoice = view(same._id, same.status, { ...body, invoiceNumber: same.invoiceNumber });
      return {
        data: { outcome: "already_exists" as const, invoice },
        text: `Not created again: ${describe(invoice)} already exists with the same content. To create a second one deliberately, pass a different invoiceNumber.`,
      };
    }
    if (args.dryRun) {
      const invoice = view(null, "draft", body);
      return {
        data: {
          outcome: "dry_run" as const,
          invoice,
          request: { method: "POST" as const, path: PATH, body: { ...body } },
        },
        text: `Dry run, nothing sent. This would create ${describe(invoice)}.\nRequest: POST ${PATH} ${JSON.stringify(body)}`,
      };
    }
    const { id } = await createInvoice(context.client(), body);
    const invoice = view(id, "draft", body);
    return {
      data: { outcome: "created" as const, invoice },
      text: `Created ${describe(invoice)}. It is a draft: review and send it in the Invoicing Service.`,
    };
  },
});

function describe(invoice: {
  id: string | null;
  invoiceNumber: string;
  customerId: string;
  customerName: string;
  status: string;
  invoiceDate: string;
  periodStart: string;
  periodEnd: string;
  netAmount: number;
  taxRate: number;
  taxAmount: number;
  grossAmount: number;
}): string {
  const id = invoice.id === null ? "" : ` (id ${invoice.id})`;
  return `${invoice.status} invoice ${invoice.invoiceNumber}${id} for ${named(invoice.customerName, invoice.customerId)}, dated ${invoice.invoiceDate}, service period ${invoice.periodStart} to ${invoice.periodEnd}: net ${eur(invoice.netAmount)} + ${invoice.taxRate} % VAT ${eur(invoice.taxAmount)} = gross ${eur(invoice.grossAmount)}`;
}

async function servicePeriod(
  args: { period?: string | undefined; periodStart?: string | undefined; periodEnd?: string | undefined },
  context: ToolContext,
): Promise<{ start: string; end: string }> {
  const ctx = dateContext(context);
  if (args.period !== undefined) {
    if (args.periodStart !== undefined || args.periodEnd !== undefined) {
      throw new InputError("Give either period or periodStart and periodEnd, not both.");
    }
    const period = (await loadDates()).parsePeriod(args.period, ctx);
    return { start: period.start, end: period.end };
  }
  if (args.periodStart === undefined || args.periodEnd === undefined) {
    throw new InputError(
      'The service period is required: give period (e.g. "last month", "März 2026") or both periodStart and periodEnd (e.g. "2026-03-01" and "2026-03-31").',
    );
  }
  const start = await dayOrPeriod(args.periodStart, ctx, "start");
  const end = await dayOrPeriod(args.periodEnd, ctx, "end");
  if (end < start)
    throw new DateInputError(
      "period",
      `${args.periodStart} … ${args.periodEnd}`,
      `periodEnd ${end} is before periodStart ${start}`,
    );
  return { start, end };
}

function nextNumber(existing: readonly Invoice[], invoiceDay: string, context: ToolContext): string {
  const numbered = existing.map((invoice) => ({
    invoiceNumber: invoice.invoiceNumber,
    invoiceDate: invoice.invoiceDate,
    year: Number(formatDay(invoice.invoiceDate, context.timeZone).slice(0, 4)),
  }));
  return nextInvoiceNumber(numbered, Number(invoiceDay.slice(0, 4)));
}
