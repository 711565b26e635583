/**
 * What the API document promises, as zod schemas for responses. Extra fields are accepted and
 * dropped; a wrong type is refused. Fields the document lists but a reasonable server might leave
 * empty (contact details, colours, notes, a running timer's end) are optional or nullable, so the
 * client copes with any reasonable answer where the document says "not shown".
 *
 * Every string the service returns is text from outside and is cleaned and capped here, on the way
 * in, by one function (cleanText): no control, bidi or line-break characters, no 10 KB values. An id
 * must look like an id (it goes back into paths and into answers a model reads); one that does not
 * makes the answer an invalid response.
 */
import { z } from "zod";
import { MAX_AMOUNT_EUR, roundToCents } from "../domain/money.js";
import { cleanText } from "../domain/text.js";

/** Letters, digits and `_ . : ~ -`, starting with a letter or digit: every id scheme in use fits. */
export const PLAUSIBLE_ID = /^[A-Za-z0-9][A-Za-z0-9_.:~-]{0,199}$/;
const id = z.string().regex(PLAUSIBLE_ID, "not a plausible id (letters, digits and _ . : ~ - only)");
/**
 * Text from the service, cleaned and capped at `max` characters. `overwrite`, not `transform`: the
 * value stays a string, and zod checks an object of such fields without a pipe per field: a tenth
 * less work for a hosted `list_invoices` call than a pipe per field (mostly garbage collection).
 */
const text = (max: number) => z.string().overwrite((value) => cleanText(value, max));
/**
 * EUR: finite, at most MAX_AMOUNT_EUR either way (anything larger is no real amount, and would make
 * sums inexact), and rounded half-up to the cent on the way in, so a row shown and a sum of rows
 * are made of the same cents (an `overwrite`, as for text).
 */
const amount = z
  .number()
  .finite()
  .refine((value) => Math.abs(value) <= MAX_AMOUNT_EUR, `beyond ±${MAX_AMOUNT_EUR} EUR`)
  .overwrite(roundToCents);
/** Hours and counts of days: finite and bounded like amounts, not rounded. */
const quantity = z
  .number()
  .finite()
  .refine((value) => Math.abs(value) <= MAX_AMOUNT_EUR, "implausibly large");
/**
 * An instant of the service's records: Unix ms from 1970 to the end of year 9999. Outside that no
 * date of a freelancer's account lies, and past ±8.64e15 no date can be formatted at all (it would
 * show as "NaN" and fall out of every period silently): an invalid answer, like any wrong type.
 */
export const LATEST_INSTANT_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const unixMs = z
  .number()
  .finite()
  .refine((ms) => ms >= 0 && ms <= LATEST_INSTANT_MS, "not an instant between 1970 and the end of 9999");
const name = text(200);
export const SHORT_TEXT_MAX = 40;
const shortText = text(SHORT_TEXT_MAX);
const optionalText = text(500).nullish();
/** As long as what the tools accept, so a replay compares like with like. */
export const NOTES_MAX = 2000;
export const DESCRIPTION_MAX = 1000;
export const INVOICE_NUMBER_MAX = 100;
const notesText = text(NOTES_MAX).nullish();
const descriptionText = text(DESCRIPTION_MAX).nullish();
/** What we send and filter by: the values the document names. */
export const activityTypeSchema = z.enum(["freiberuflich", "gewerblich"]);
export const invoiceStatusSchema = z.enum(["draft", "sent", "paid"]);
/**
 * What we accept in answers: any string. A service that adds a state ("cancelled") or leaves a
 * type empty should not make a whole list unreadable; the tools show such values as they come.
 */
const statusText = shortText;
const activityTypeText = shortText.nullish();

export const invoiceSchema = z.object({
  _id: id,
  invoiceNumber: text(INVOICE_NUMBER_MAX),
  customerId: id,
  invoiceDate: unixMs,
  netAmount: amount,
  status: statusText,
  activityType: activityTypeText,
  taxRate: z.number().finite().nullish(),
  taxAmount: amount.nullish(),
  grossAmount: amount.nullish(),
  createdAt: unixMs.nullish(),
  // Accepted on creation; whether lists return them is not shown.
  periodStart: unixMs.nullish(),
  periodEnd: unixMs.nullish(),
  notes: notesText,
});

export const customerSchema = z.object({
  _id: id,
  name,
  email: optionalText,
  address: optionalText,
  hourlyRate: amount.nullish(),
  isActive: z.boolean().nullish(),
  activityType: activityTypeText,
});

export const timeEntrySchema = z.object({
  _id: id,
  projectId: id,
  customerId: id,
  startTime: unixMs,
  // A running timer has no end yet; how the service shows that is not shown.
  endTime: unixMs.nullish(),
  durationMinutes: quantity.nullish(),
  description: descriptionText,
  isRunning: z.boolean().nullish(),
});

export const projectSchema = z.object({
  _id: id,
  name,
  customerId: id,
  color: shortText.nullish(),
  isActive: z.boolean().nullish(),
  activityType: activityTypeText,
});

export const createdSchema = z.object({ id });

export const customerSummarySchema = z.object({
  customer: z.object({
    id,
    name,
    externalId: optionalText,
    hourlyRate: amount.nullish(),
    currency: shortText.nullish(),
  }),
  revenue: z.object({ totalNetEur: amount, ytdNetEur: amount, paidCount: z.number().int() }),
  outstanding: z.object({
    openCount: z.number().int(),
    openAmount: amount,
    overdueCount: z.number().int(),
    overdueAmount: amount,
  }),
  hours: z.object({ total: quantity, billed: quantity, unbilled: quantity, unbilledAmount: amount }),
});

export const customerTimeSummarySchema = z.object({
  customerId: id,
  customerName: name,
  externalId: optionalText,
  hourlyRate: amount.nullish(),
  totalHours: quantity,
  billedHours: quantity,
  unbilledHours: quantity,
  unbilledAmount: amount,
  weekHours: quantity,
  monthHours: quantity,
  monthlyBreakdown: z.array(z.object({ monthKey: text(20), hours: quantity, amount })),
});

export const eurReportSchema = z.object({
  year: z.number().int(),
  income: z.object({
    total: amount,
    // A service may leave out a type it has no income for.
    byType: z.object({ freiberuflich: amount.default(0), gewerblich: amount.default(0) }),
    invoiceCount: z.number().int(),
  }),
  expenses: z.object({ total: amount, count: z.number().int() }),
  profit: amount,
});

export const outstandingInvoiceSchema = z.object({
  id,
  invoiceNumber: text(INVOICE_NUMBER_MAX),
  dueDate: unixMs,
  grossAmount: amount,
  daysOverdue: quantity,
  // `overdue` is one allowed value; the others are not shown, so any string is accepted.
  urgency: shortText,
});

export const outstandingReportSchema = z.object({
  customers: z.array(
    z.object({
      customerId: id,
      customerName: name,
      externalId: optionalText,
      openCount: z.number().int(),
      openAmount: amount,
      overdueCount: z.number().int(),
      overdueAmount: amount,
      oldestDueDate: unixMs.nullish(),
      invoices: z.array(outstandingInvoiceSchema),
    }),
  ),
  totalOutstanding: amount,
  overdueAmount: amount,
  avgPaymentDays: quantity.nullish(),
});

export type Invoice = z.infer<typeof invoiceSchema>;
export type Customer = z.infer<typeof customerSchema>;
export type TimeEntry = z.infer<typeof timeEntrySchema>;
export type Project = z.infer<typeof projectSchema>;
export type CustomerSummary = z.infer<typeof customerSummarySchema>;
export type CustomerTimeSummary = z.infer<typeof customerTimeSummarySchema>;
export type EurReport = z.infer<typeof eurReportSchema>;
export type OutstandingReport = z.infer<typeof outstandingReportSchema>;
export type ActivityType = z.infer<typeof activityTypeSchema>;
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;
