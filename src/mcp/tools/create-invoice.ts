import { z } from "zod";
import { type CreateInvoiceBody, createInvoice, listInvoices } from "../../api/invoices.js";
import { wholeList } from "../../api/list.js";
import { activityTypeSchema, type Invoice } from "../../api/schemas.js";
import { dateContext } from "../../billing/context.js";
import { invoiceFromTime, type TimeBasis } from "../../billing/invoice-from-time.js";
import { invoiceConflicts } from "../../billing/invoice-guards.js";
import { findSameInvoice } from "../../billing/invoice-replay.js";
import { DateInputError } from "../../domain/dates/errors.js";
import { dayBoundsUtc, formatDay } from "../../domain/dates/format.js";
import { loadDates } from "../../domain/dates/lazy.js";
import { InputError } from "../../domain/input-error.js";
import { nextInvoiceNumber } from "../../domain/invoice-number.js";
import { fromCents, hasAtMostTwoDecimals, invoiceAmounts, toCents } from "../../domain/money.js";
import { cleanText } from "../../domain/text.js";
import { customerArg, dayArg, moneyOutput } from "../args.js";
import type { ToolContext } from "../context.js";
import { assumedText, dayOrPeriod } from "../date-args.js";
import { AskToConfirm, defineTool } from "../define-tool.js";
import { eur, named } from "../format.js";
import { conflictOutput, periodTimeOutput, refusalText } from "../period-text.js";
import { refusalOutput } from "../refusal.js";

const PATH = "/api/v1/invoices";
/** The dry run's text lists the counted entries up to this many; its data holds them all. */
const ENTRY_LINES = 40;

const amountArg = z
  .number()
  .positive()
  .max(10_000_000)
  .refine(hasAtMostTwoDecimals, "at most two decimals (cents)");

const invoiceView = z.object({
  id: z.string().nullable().describe("null unless created or found"),
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
});
type InvoiceView = z.infer<typeof invoiceView>;

export const createInvoiceTool = defineTool({
  name: "create_invoice",
  title: "Create a draft invoice",
  description:
    "Creates a DRAFT invoice (nothing is sent) for netAmount or the period's time, VAT to the cent. Show a dryRun first. Refuses one that may bill the period twice.",
  kind: "write",
  idempotent: true,
  input: z.object({
    customer: customerArg,
    netAmount: amountArg.optional().describe("Before VAT, e.g. 1520.5; or fromTime."),
    fromTime: z.boolean().default(false).describe("Bill the period's time at the customer's rate."),
    period: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .describe('E.g. "last month"; or periodStart and periodEnd.'),
    periodStart: dayArg("First day of the service period.").optional(),
    periodEnd: dayArg("Last day of the service period.").optional(),
    invoiceNumber: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .optional()
      .describe("Default: the account's next number."),
    invoiceDate: dayArg("Default: today.").optional(),
    taxRate: z
      .number()
      .min(0)
      .max(100)
      .refine(hasAtMostTwoDecimals, "at most two decimals, e.g. 19 or 5.5")
      .optional()
      .describe("VAT percent; 0 for Kleinunternehmer."),
    notes: z.string().max(2000).optional().describe("Printed on the invoice."),
    activityType: activityTypeSchema.optional().describe("Default: the customer's."),
    allowOverlap: z.boolean().default(false).describe("Create it anyway, once the user confirmed."),
    dryRun: z.boolean().default(false).describe("Only show the request; send nothing."),
  }),
  output: z.object({
    outcome: z.enum(["created", "already_exists", "dry_run", "refused", "declined"]),
    invoice: invoiceView,
    refusal: refusalOutput,
    conflicts: z
      .array(conflictOutput)
      .optional()
      .describe("Invoices this one may bill twice: why it was refused, or (dry run) would be."),
    fromTime: periodTimeOutput.optional().describe("With fromTime: the time counted for the net amount."),
    request: z
      .object({ method: z.literal("POST"), path: z.string(), body: z.record(z.string(), z.unknown()) })
      .optional()
      .describe("Only for a dry run: exactly what would be sent."),
  }),
  example: { customer: "mueller", netAmount: 100, period: "last month", dryRun: true },
  verifyWith: "list_invoices",
  async handler(args, context, call) {
    if (args.fromTime && args.netAmount !== undefined) {
      throw new InputError(
        "Give either netAmount or fromTime: true, not both: fromTime computes the net amount from the period's time at the customer's rate. Choose one.",
      );
    }
    if (!args.fromTime && args.netAmount === undefined) {
      throw new InputError(
        "netAmount is required (e.g. 1520.5), or fromTime: true with a period (e.g. \"last month\") to bill that period's time at the customer's rate.",
      );
    }
    const customer = await context.directory.resolveCustomer(args.customer);
    const period = await servicePeriod(args, context);
    const assumed = assumedText(period.assumptions);
    const fromTime: TimeBasis | undefined = args.fromTime
      ? await invoiceFromTime(customer, period, context)
      : undefined;
    const netAmount = fromTime?.netAmount ?? args.netAmount!;
    const notes = args.notes ?? fromTime?.notes;
    const invoiceDay =
      args.invoiceDate === undefined
        ? formatDay(context.now(), context.timeZone)
        : (await loadDates()).parseDay(args.invoiceDate, dateContext(context));
    const taxRate = args.taxRate ?? context.defaultTaxRate;
    const amounts = invoiceAmounts(toCents(netAmount), taxRate);
    // The customer's type, when it is one the API accepts; otherwise the service decides.
    const activityType = args.activityType ?? activityTypeSchema.safeParse(customer.activityType).data;

    // The next number and the replay check need every invoice: with part of them, the number may be
    // taken and the same invoice may exist unseen, so a partial list refuses the write instead.
    const existing = wholeList(
      await listInvoices(context.client()),
      "invoices",
      "it cannot be checked whether this invoice already exists or which number is next; creating it now could make a duplicate, so nothing was created",
    );
    const body: CreateInvoiceBody = {
      customerId: customer._id,
      invoiceNumber: args.invoiceNumber ?? nextNumber(existing, invoiceDay, context),
      invoiceDate: dayBoundsUtc(invoiceDay, context.timeZone).startMs,
      periodStart: dayBoundsUtc(period.start, context.timeZone).startMs,
      periodEnd: dayBoundsUtc(period.end, context.timeZone).startMs,
      netAmount: fromCents(amounts.net),
      taxRate,
      taxAmount: fromCents(amounts.tax),
      grossAmount: fromCents(amounts.gross),
      ...(activityType === undefined ? {} : { activityType }),
      ...(notes === undefined ? {} : { notes }),
    };
    const view = (id: string | null, status: string, from: CreateInvoiceBody): InvoiceView => ({
      id,
      invoiceNumber: from.invoiceNumber,
      customerId: customer._id,
      customerName: cleanText(customer.name),
      status,
      invoiceDate: invoiceDay,
      periodStart: period.start,
      periodEnd: period.end,
      netAmount: from.netAmount,
      taxRate: from.taxRate ?? taxRate,
      taxAmount: from.taxAmount ?? 0,
      grossAmount: from.grossAmount ?? 0,
      activityType: from.activityType ?? null,
      notes: from.notes === undefined ? null : cleanText(from.notes, 2000),
    });
    const counted = fromTime === undefined ? {} : { fromTime: fromTime.time };

    const same = findSameInvoice(existing, body, args.invoiceNumber !== undefined);
    if (same) {
      const invoice = view(same._id, same.status, { ...body, invoiceNumber: same.invoiceNumber });
      return {
        data: { outcome: "already_exists" as const, invoice, ...counted },
        text: `Not created again: ${describe(invoice)} already exists with the same content. To create a second one deliberately, pass a different invoiceNumber and allowOverlap: true.${assumed}`,
      };
    }
    const conflicts = args.allowOverlap ? [] : invoiceConflicts(existing, body, period, context.timeZone);
    const who = named(customer.name, customer._id);
    if (args.dryRun) {
      const invoice = view(null, "draft", body);
      const warning = conflicts.length === 0 ? "" : `\n${refusalText(conflicts, who, period, true)}`;
      return {
        data: {
          outcome: "dry_run" as const,
          invoice,
          ...(conflicts.length === 0 ? {} : { conflicts }),
          ...counted,
          request: { method: "POST" as const, path: PATH, body: { ...body } },
        },
        text: `Dry run, nothing sent. This would create ${describe(invoice)}.${countedText(fromTime)}${warning}${assumed}\nRequest: POST ${PATH} ${JSON.stringify(body)}`,
      };
    }
    if (conflicts.length > 0) {
      return {
        data: {
          outcome: "refused" as const,
          invoice: view(null, "not created", body),
          refusal: { reason: "may bill the period twice", override: "allowOverlap" as const },
          conflicts,
          ...counted,
        },
        text: refusalText(conflicts, who, period, false),
      };
    }
    const summary = view(null, "draft", body);
    const { supported, answer } = call.confirmation;
    if (supported) {
      const state = JSON.stringify(body);
      if (answer === undefined) return askFirst(summary, state, false);
      if (!answer.confirmed) {
        return {
          data: { outcome: "declined" as const, invoice: view(null, "not created", body), ...counted },
          text: `Not created: the user did not confirm ${describe(summary)}. Ask what to change before trying again.`,
        };
      }
      // Confirmed, but for other content (the data changed in between): show the new summary.
      if (answer.state !== state) return askFirst(summary, state, true);
    }
    const { id } = await createInvoice(context.client(), body);
    const invoice = view(id, "draft", body);
    return {
      data: { outcome: "created" as const, invoice, ...counted },
      text: `Created ${describe(invoice)}. It is a draft: review and send it in the Invoicing Service.${assumed}`,
    };
  },
});

function askFirst(invoice: InvoiceView, state: string, changed: boolean): AskToConfirm {
  const lines = [
    changed
      ? "The invoice changed since you confirmed it. Create this draft invoice instead?"
      : "Create this draft invoice?",
    `Customer: ${named(invoice.customerName, invoice.customerId)}`,
    `Number: ${invoice.invoiceNumber}`,
    `Invoice date: ${invoice.invoiceDate}`,
    `Service period: ${invoice.periodStart} to ${invoice.periodEnd}`,
    `Net: ${eur(invoice.netAmount)}`,
    `VAT ${invoice.taxRate} %: ${eur(invoice.taxAmount)}`,
    `Gross: ${eur(invoice.grossAmount)}`,
    ...(invoice.notes ? [`Notes: ${invoice.notes}`] : []),
    "It stays a draft in the Invoicing Service; nothing is sent to the customer.",
  ];
  return new AskToConfirm(lines.join("\n"), "Yes, create this draft invoice", state);
}

function countedText(fromTime: TimeBasis | undefined): string {
  if (fromTime === undefined) return "";
  const { time } = fromTime;
  const entries = time.entries
    .slice(0, ENTRY_LINES)
    .map(
      (e) =>
        `- ${e.start} to ${e.end.slice(11, 16)} · ${e.minutes} min · ${e.projectName ?? e.projectId}${e.description ? ` · "${e.description}"` : ""} (id ${e.id})`,
    );
  const more =
    time.entries.length > ENTRY_LINES
      ? [`… and ${time.entries.length - ENTRY_LINES} more (in the data).`]
      : [];
  return [
    `\nNet from time: ${time.minutes} min = ${time.hours} h × ${eur(time.hourlyRate ?? 0)}/h = ${eur(time.amount ?? 0)}, from these ${time.entryCount} completed entries:`,
    ...entries,
    ...more,
  ].join("\n");
}

function describe(invoice: InvoiceView): string {
  const id = invoice.id === null ? "" : ` (id ${invoice.id})`;
  return `${invoice.status} invoice ${invoice.invoiceNumber}${id} for ${named(invoice.customerName, invoice.customerId)}, dated ${invoice.invoiceDate}, service period ${invoice.periodStart} to ${invoice.periodEnd}: net ${eur(invoice.netAmount)} + ${invoice.taxRate} % VAT ${eur(invoice.taxAmount)} = gross ${eur(invoice.grossAmount)}${invoice.notes ? `, notes "${invoice.notes}"` : ""}`;
}

async function servicePeriod(
  args: { period?: string | undefined; periodStart?: string | undefined; periodEnd?: string | undefined },
  context: ToolContext,
): Promise<{ start: string; end: string; assumptions: readonly string[] }> {
  const ctx = dateContext(context);
  if (args.period !== undefined) {
    if (args.periodStart !== undefined || args.periodEnd !== undefined) {
      throw new InputError("Give either period or periodStart and periodEnd, not both.");
    }
    const period = (await loadDates()).parsePeriod(args.period, ctx);
    return { start: period.start, end: period.end, assumptions: period.assumptions ?? [] };
  }
  if (args.periodStart === undefined || args.periodEnd === undefined) {
    throw new InputError(
      'The service period is required: give period (e.g. "last month", "März 2026") or both periodStart and periodEnd (e.g. "2026-03-01" and "2026-03-31").',
    );
  }
  const from = await dayOrPeriod(args.periodStart, ctx, "start");
  const to = await dayOrPeriod(args.periodEnd, ctx, "end");
  const [start, end] = [from.day, to.day];
  if (end < start)
    throw new DateInputError(
      "period",
      `${args.periodStart} … ${args.periodEnd}`,
      `periodEnd ${end} is before periodStart ${start}`,
    );
  return { start, end, assumptions: [...new Set([...from.assumptions, ...to.assumptions])] };
}

function nextNumber(existing: readonly Invoice[], invoiceDay: string, context: ToolContext): string {
  const numbered = existing.map((invoice) => ({
    invoiceNumber: invoice.invoiceNumber,
    invoiceDate: invoice.invoiceDate,
    year: Number(formatDay(invoice.invoiceDate, context.timeZone).slice(0, 4)),
  }));
  return nextInvoiceNumber(numbered, Number(invoiceDay.slice(0, 4)));
}
