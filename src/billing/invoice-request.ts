/**
 * create_invoice's arguments read into a request: what belongs together is checked (one customer
 * or many, an amount or the period's time, a repeat `like` an earlier invoice), the service period
 * and the invoice day are read in the person's zone, and the workflow (invoice-workflow.ts) runs.
 * The preview's button comes in here too, with the figures its view showed.
 */
import type { ActivityType } from "../api/schemas.js";
import { dayOrPeriod } from "../domain/dates/day-or-period.js";
import { DateInputError } from "../domain/dates/errors.js";
import { formatDay } from "../domain/dates/format.js";
import { loadDates } from "../domain/dates/lazy.js";
import { InputError } from "../domain/input-error.js";
import { invoiceAmounts, toCents } from "../domain/money.js";
import { cleanText, cleanWritten } from "../domain/text.js";
import { type BillingContext, dateContext } from "./context.js";
import { MAX_CUSTOMERS } from "./invoice-batch.js";
import {
  type Consent,
  createInvoice,
  createInvoices,
  type InvoiceOutcome,
  type InvoiceRequest,
  type OneInvoiceOutcome,
  type ServicePeriod,
} from "./invoice-workflow.js";

/** create_invoice's arguments as its schema parsed them (defaults filled in). */
export interface InvoiceArgs {
  customer?: string | undefined;
  customers?: "all" | string[] | undefined;
  netAmount?: number | undefined;
  fromTime: boolean;
  supplement: boolean;
  period?: string | undefined;
  periodStart?: string | undefined;
  periodEnd?: string | undefined;
  invoiceNumber?: string | undefined;
  invoiceDate?: string | undefined;
  taxRate?: number | undefined;
  notes?: string | undefined;
  activityType?: ActivityType | undefined;
  like?: string | undefined;
  allowOverlap: boolean;
  dryRun: boolean;
}

/** What reading the arguments needs beyond the billing context: the person's usual VAT rate. */
export interface RequestContext extends BillingContext {
  defaultTaxRate: number;
}

/** One invoice or one per customer, as the arguments ask. */
export async function createAskedInvoices(
  args: InvoiceArgs,
  context: RequestContext,
  consent: Consent,
): Promise<InvoiceOutcome> {
  return createInvoices(await invoiceRequest(args, context), context, consent);
}

/**
 * The draft a dry run previewed, asked for again by its view: the click is the person's yes, so
 * nothing is put to them a second time. Net and rate give the gross; a preview whose figures do
 * not add up is not what would be created.
 */
export async function createPreviewedInvoice(
  args: InvoiceArgs,
  previewed: { netAmount: number; taxRate: number; grossAmount: number },
  context: RequestContext,
): Promise<OneInvoiceOutcome> {
  const expected = invoiceAmounts(toCents(previewed.netAmount), previewed.taxRate).gross;
  if (expected !== toCents(previewed.grossAmount))
    throw new InputError(
      `The previewed gross ${previewed.grossAmount} does not follow from net ${previewed.netAmount} at ${previewed.taxRate} %: preview the invoice again.`,
    );
  return createInvoice(await invoiceRequest(args, context), context, { supported: false });
}

/** The arguments checked for what belongs together, the period and invoice day read. */
export async function invoiceRequest(args: InvoiceArgs, context: RequestContext): Promise<InvoiceRequest> {
  if (args.like !== undefined) checkLike(args);
  if (args.customers !== undefined) checkMany(args);
  else {
    if (args.customer === undefined && args.like === undefined) {
      throw new InputError(
        'Give customer (id or name), or customers: "all" or a list of them with fromTime: true for one draft each.',
      );
    }
    if (args.fromTime && args.netAmount !== undefined) {
      throw new InputError(
        "Give either netAmount or fromTime: true, not both: fromTime computes the net amount from the period's time at the customer's rate. Choose one.",
      );
    }
    if (!args.fromTime && args.netAmount === undefined && args.like === undefined) {
      throw new InputError(
        "netAmount is required (e.g. 1520.5), or fromTime: true with a period (e.g. \"last month\") to bill that period's time at the customer's rate.",
      );
    }
    if (args.supplement && !args.fromTime) {
      throw new InputError(
        "supplement: true needs fromTime: true: a supplement bills the part of the period's time that its invoices do not bill yet.",
      );
    }
  }
  const period = await servicePeriod(args, context);
  const invoiceDay =
    args.invoiceDate === undefined
      ? formatDay(context.now(), context.timeZone)
      : (await loadDates()).parseDay(args.invoiceDate, dateContext(context));
  return {
    customer: args.customer,
    customers: args.customers,
    netAmount: args.netAmount,
    fromTime: args.fromTime,
    supplement: args.supplement,
    period,
    invoiceDay,
    invoiceNumber: args.invoiceNumber,
    taxRate: args.taxRate,
    defaultTaxRate: context.defaultTaxRate,
    notes: args.notes === undefined ? undefined : cleanWritten(args.notes),
    activityType: args.activityType,
    like: args.like,
    allowOverlap: args.allowOverlap,
    dryRun: args.dryRun,
  };
}

/** `customers`: one draft per customer from the period's time; what such a call cannot take. */
function checkMany(args: InvoiceArgs): void {
  if (args.customer !== undefined) throw new InputError("Give either customer or customers, not both.");
  if (!args.fromTime || args.netAmount !== undefined) {
    throw new InputError(
      "customers needs fromTime: true and no netAmount: each customer is billed their own time in the period at their rate.",
    );
  }
  if (args.invoiceNumber !== undefined) {
    throw new InputError(
      "With customers, leave out invoiceNumber: each draft takes the next number in turn.",
    );
  }
  if (Array.isArray(args.customers) && args.customers.length > MAX_CUSTOMERS) {
    throw new InputError(`One call drafts for at most ${MAX_CUSTOMERS} customers: pass the list in parts.`);
  }
}

/** `like` repeats an invoice as it is: what would make it another invoice is refused, saying what to give instead. */
function checkLike(args: InvoiceArgs): void {
  if (args.customers !== undefined) throw new InputError("Give either like or customers, not both.");
  if (args.fromTime || args.supplement) {
    throw new InputError(
      "like repeats a fixed amount, so it takes neither fromTime nor supplement: to bill a period's time, leave out like.",
    );
  }
  if (args.netAmount !== undefined || args.activityType !== undefined) {
    throw new InputError(
      `like repeats ${cleanText(args.like, 80)}'s net amount and activity type: for another amount or type, create the invoice with customer, netAmount, period and notes instead of like.`,
    );
  }
}

/** The service period: `period` as a phrase or range, or the older periodStart and periodEnd. */
async function servicePeriod(
  args: Pick<InvoiceArgs, "period" | "periodStart" | "periodEnd">,
  context: BillingContext,
): Promise<ServicePeriod> {
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
      'The service period is required: give period, e.g. "last month", "März 2026" or "2026-03-01..2026-03-31".',
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
