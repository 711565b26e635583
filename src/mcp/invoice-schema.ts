/**
 * create_invoice's arguments and answer, which the invoice preview's button shares: it reads the
 * previewed invoice through the same arguments (so the same bounds hold) and answers in the same
 * shape, so the view reads both alike.
 */
import { z } from "zod";
import { activityTypeSchema } from "../api/schemas.js";
import { hasAtMostTwoDecimals } from "../domain/money.js";
import { customerArg, dayArg, moneyOutput, periodArg } from "./args.js";
import { billedOutput, conflictOutput, periodTimeOutput } from "./period-text.js";
import { refusalOutput } from "./refusal.js";

const amountArg = z
  .number()
  .positive()
  .max(10_000_000)
  .refine(hasAtMostTwoDecimals, "at most two decimals (cents)");

export const invoiceInput = z
  .object({
    customer: customerArg.optional().describe("Id or name; or customers."),
    customers: z
      // Bounds checked by src/billing/invoice-request.ts, with a sentence: the schema a model reads stays short.
      .union([z.literal("all"), z.array(z.string().trim().min(1).max(200))])
      .optional()
      .describe('"all" or a list.'),
    netAmount: amountArg.optional().describe("Before VAT, e.g. 1520.5; or fromTime."),
    fromTime: z.boolean().default(false).describe("Bill the period's time at the rate."),
    supplement: z.boolean().default(false).describe("Only time not yet invoiced."),
    period: periodArg('E.g. "last month", "2026-10-01..2026-10-31".').optional(),
    // The older form of period: still read, so calls made with it replay, but no longer shown.
    periodStart: dayArg("First day of the service period (older form of period).")
      .optional()
      .meta({ unlisted: true }),
    periodEnd: dayArg("Last day of the service period (older form of period).")
      .optional()
      .meta({ unlisted: true }),
    invoiceNumber: z.string().trim().min(1).max(64).optional().describe("Default: next number."),
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
    like: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .describe("Repeat this invoice number, or a customer's newest."),
    allowOverlap: z.boolean().default(false).describe("Create it anyway, once the user confirmed."),
    dryRun: z.boolean().default(false).describe("Preview only; send nothing."),
  })
  // A period is always needed; the schema says so, while periodStart/periodEnd of older calls
  // (unlisted) are still read, so src/billing/invoice-request.ts checks that one of the two forms is there.
  .meta({ required: ["period"] });

export const invoiceView = z.object({
  id: z.string().nullable().describe("null unless created or found"),
  invoiceNumber: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  status: z.string(),
  invoiceDate: z.string(),
  periodStart: z.string().nullable().describe("null only for a stored invoice whose list gave no period"),
  periodEnd: z.string().nullable(),
  netAmount: moneyOutput,
  taxRate: z.number().nullable(),
  taxAmount: moneyOutput.nullable(),
  grossAmount: moneyOutput.nullable(),
  activityType: z.string().nullable(),
  notes: z.string().nullable(),
});
export type InvoiceView = z.infer<typeof invoiceView>;

const smallBusinessOutput = z.object({
  limitsPassed: z
    .array(z.object({ year: z.number().int(), which: z.string(), income: moneyOutput, limit: moneyOutput }))
    .nullable()
    .describe("Kleinunternehmer limits (§ 19 UStG) the EÜR income passes; null if it could not be read"),
});

export const likeOutput = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  byCustomer: z.boolean().describe("taken as the customer's newest invoice before the period"),
  notes: z.enum(["rolled", "given", "none"]),
  rolled: z.array(z.object({ from: z.string(), to: z.string() })),
  kept: z.array(z.string()).describe("periods the notes name that were left as written"),
});

export const batchOutput = z.object({
  drafts: z.array(
    z.object({
      customerId: z.string(),
      customerName: z.string(),
      status: z.enum(["create", "exists", "refused", "skipped", "created", "not_sent", "failed"]),
      invoiceNumber: z.string().nullable().describe("the number it gets (or has); null when none"),
      id: z.string().nullable(),
      hours: z.number().nullable(),
      netAmount: moneyOutput.nullable(),
      taxAmount: moneyOutput.nullable(),
      grossAmount: moneyOutput.nullable(),
      conflicts: z.array(z.string()).describe("numbers of the invoices it may bill twice"),
      problem: z.string().nullable(),
    }),
  ),
  totals: z
    .object({
      invoices: z.number().int(),
      hours: z.number(),
      netAmount: moneyOutput,
      taxAmount: moneyOutput,
      grossAmount: moneyOutput,
    })
    .describe("over the drafts to create (dry run), or created and left to send"),
  sendAfter: z
    .string()
    .nullable()
    .describe("When the rate limit left drafts unsent: when to send the same call again."),
});

export const invoiceOutput = z.object({
  outcome: z.enum([
    "created",
    "already_exists",
    "nothing_to_bill",
    "dry_run",
    "refused",
    "declined",
    "batch",
  ]),
  invoice: invoiceView.optional().describe("Absent with customers: see batch."),
  refusal: refusalOutput,
  smallBusiness: smallBusinessOutput.optional().describe("With taxRate 0: the limits checked."),
  notCompared: z
    .array(z.string())
    .optional()
    .describe("With already_exists: fields of the request the service's list does not show."),
  batch: batchOutput.optional().describe("With customers: one row per customer, and totals."),
  like: likeOutput.optional().describe("With like: the invoice repeated, and how its notes followed."),
  conflicts: z
    .array(conflictOutput)
    .optional()
    .describe("Invoices this one may bill twice: why it was refused, or (dry run) would be."),
  fromTime: periodTimeOutput.optional().describe("With fromTime: the time counted for the net amount."),
  billed: billedOutput
    .optional()
    .describe("With fromTime: the period's time against what its invoices already bill."),
  request: z
    .object({ method: z.literal("POST"), path: z.string(), body: z.record(z.string(), z.unknown()) })
    .optional()
    .describe("Only for a dry run: exactly what would be sent."),
});
