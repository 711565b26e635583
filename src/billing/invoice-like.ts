/**
 * An invoice made like an earlier one: `like` names that invoice by number, or a customer, meaning
 * the customer's newest invoice of a period before the new one. The new draft has the same
 * customer, net amount, VAT rate and activity type, and the same notes with the month, quarter or
 * year they name moved on to the new period (src/domain/notes-roll.ts). It is then planned like any
 * other invoice (invoice-draft.ts): the next number, the replay check and the double-billing guard.
 *
 * Notes are never guessed: where the service's list does not show the earlier invoice's notes (its
 * document does not promise them), or they name a period that cannot be moved on (a month into a
 * quarter), the plan asks for them instead of drafting an invoice without them.
 */
import type { ActivityType, Customer, Invoice } from "../api/schemas.js";
import { activityTypeSchema } from "../api/schemas.js";
import type { DaySpan } from "../domain/calendar-span.js";
import { formatDay } from "../domain/dates/format.js";
import { InputError } from "../domain/input-error.js";
import { periodMentions, rollNotes } from "../domain/notes-roll.js";
import { servicePeriodDays } from "../domain/period-billing.js";
import { cleanText } from "../domain/text.js";
import type { BillingContext } from "./context.js";
import type { InvoiceAsk } from "./invoice-draft.js";
import { comparableNumber } from "./invoice-replay.js";
import { repeatedAmount } from "./period-facts.js";

export interface LikeRequest {
  like: string;
  /** Also given: it must be the earlier invoice's customer. */
  customer: string | undefined;
  period: DaySpan;
  invoiceDay: string;
  invoiceNumber: string | undefined;
  /** Notes the person gave: used as they are. */
  notes: string | undefined;
  /** A rate the person gave instead of the earlier invoice's. */
  taxRate: number | undefined;
  defaultTaxRate: number;
  allowOverlap: boolean;
}

/** The invoice the new one is made like, as the list shows it. */
export interface LikeModel {
  invoice: Invoice;
  customer: Customer;
  /** Its service period, when the list returned it. */
  period: DaySpan | null;
  /** Found as the customer's newest (true) or by its number (false). */
  byCustomer: boolean;
}

export type LikeNotes =
  | { source: "rolled"; rolled: { from: string; to: string }[]; kept: string[] }
  | { source: "given" }
  | { source: "none" };

export type LikePlan =
  | { kind: "ask"; ask: InvoiceAsk; model: LikeModel; notes: LikeNotes; assumptions: string[] }
  /** The notes cannot be taken over: the person must give them. */
  | {
      kind: "needs notes";
      model: LikeModel;
      /** Notes not listed; or they name a period, and its own is not listed or of another kind. */
      reason: "not listed" | "no period listed" | "period kinds differ" | "billed once";
      mentions: string[];
    };

export async function planLike(
  request: LikeRequest,
  context: BillingContext,
  existing: readonly Invoice[],
): Promise<LikePlan> {
  const model = await findModel(request, context, existing);
  // Taken as the customer's newest, an amount billed only once may be a one-off (a concept, a
  // launch): whether it recurs is the person's word. Named by its number, it was chosen.
  if (model.byCustomer && !billedBefore(model, existing)) {
    return { kind: "needs notes", model, reason: "billed once", mentions: [] };
  }
  if (request.customer !== undefined) {
    const given = await context.directory.resolveCustomer(request.customer);
    if (given._id !== model.customer._id) {
      throw new InputError(
        `${model.invoice.invoiceNumber} is an invoice of ${cleanText(model.customer.name, 80)} (${model.customer._id}), not of ${cleanText(given.name, 80)} (${given._id}). Leave out customer: like decides it.`,
      );
    }
  }
  const assumptions: string[] = [];
  const rate = request.taxRate ?? model.invoice.taxRate;
  if (rate == null) {
    assumptions.push(
      `the service did not list ${model.invoice.invoiceNumber}'s VAT rate: took the default ${request.defaultTaxRate} %`,
    );
  }
  const notes = notesFor(request, model);
  if (notes.kind === "needs notes") return notes;
  const ask: InvoiceAsk = {
    customer: model.customer,
    period: request.period,
    netAmount: model.invoice.netAmount,
    fromTime: false,
    supplement: false,
    invoiceNumber: request.invoiceNumber,
    invoiceDay: request.invoiceDay,
    taxRate: rate ?? request.defaultTaxRate,
    notes: notes.text,
    activityType: activityTypeOf(model),
    allowOverlap: request.allowOverlap,
  };
  return { kind: "ask", ask, model, notes: notes.notes, assumptions };
}

/** The earlier invoice: by its number (any case), else the named customer's newest before the period. */
async function findModel(
  request: LikeRequest,
  context: BillingContext,
  existing: readonly Invoice[],
): Promise<LikeModel> {
  const wanted = comparableNumber(request.like);
  const byNumber = existing.find((invoice) => comparableNumber(invoice.invoiceNumber) === wanted);
  if (byNumber) return modelOf(byNumber, await customerOf(byNumber, context), false, context.timeZone);
  let customer: Customer;
  try {
    customer = await context.directory.resolveCustomer(request.like);
  } catch (error) {
    if (!(error instanceof InputError) || !/\d/.test(request.like)) throw error;
    throw new InputError(
      `No invoice has the number "${cleanText(request.like, 80)}", and no customer is called that. Give like an invoice number (list_invoices shows them) or a customer's name.`,
    );
  }
  // Before the new period: a draft made for this period by the same call is not its own model.
  const earlier = existing
    .filter((invoice) => invoice.customerId === customer._id)
    .map((invoice) => ({ invoice, starts: startOf(invoice, context.timeZone) }))
    .filter((c) => c.starts < request.period.start)
    .sort(
      (a, b) =>
        b.starts.localeCompare(a.starts) ||
        b.invoice.invoiceDate - a.invoice.invoiceDate ||
        (b.invoice.createdAt ?? 0) - (a.invoice.createdAt ?? 0),
    );
  const newest = earlier[0]?.invoice;
  if (!newest) {
    throw new InputError(
      `${cleanText(customer.name, 80)} (${customer._id}) has no invoice for a period before ${request.period.start} to make this one like. Give like an invoice number, or create it with customer, netAmount and notes.`,
    );
  }
  return modelOf(newest, customer, true, context.timeZone);
}

/** Another invoice of the customer repeats the amount (not hours that happen to be worth it): it recurs. */
function billedBefore(model: LikeModel, existing: readonly Invoice[]): boolean {
  return repeatedAmount(model.invoice, existing) !== null;
}

/** The first day it bills: its service period's, or without one in the list, its date's. */
function startOf(invoice: Invoice, timeZone: string): string {
  return servicePeriodDays(invoice, timeZone)?.start ?? formatDay(invoice.invoiceDate, timeZone);
}

function modelOf(invoice: Invoice, customer: Customer, byCustomer: boolean, timeZone: string): LikeModel {
  return { invoice, customer, period: servicePeriodDays(invoice, timeZone), byCustomer };
}

async function customerOf(invoice: Invoice, context: BillingContext): Promise<Customer> {
  return context.directory.resolveCustomer(invoice.customerId);
}

function activityTypeOf(model: LikeModel): ActivityType | undefined {
  return (
    activityTypeSchema.safeParse(model.invoice.activityType).data ??
    activityTypeSchema.safeParse(model.customer.activityType).data
  );
}

type NotesOutcome =
  | { kind: "notes"; text: string | undefined; notes: LikeNotes }
  | Extract<LikePlan, { kind: "needs notes" }>;

function notesFor(request: LikeRequest, model: LikeModel): NotesOutcome {
  if (request.notes !== undefined) return { kind: "notes", text: request.notes, notes: { source: "given" } };
  const listed = model.invoice.notes;
  if (listed === undefined || listed === null) {
    // The service lists notes and the service period together or neither (invoice-replay.ts): with
    // the period shown, no notes means none; without it, the notes may exist unseen.
    if (model.period !== null) return { kind: "notes", text: undefined, notes: { source: "none" } };
    return { kind: "needs notes", model, reason: "not listed", mentions: [] };
  }
  if (model.period === null) {
    // Notes without a period to read them against: only notes that name no period can be taken.
    const mentions = periodMentions(listed);
    if (mentions.length > 0) return { kind: "needs notes", model, reason: "no period listed", mentions };
    return { kind: "notes", text: listed, notes: { source: "rolled", rolled: [], kept: [] } };
  }
  const rolled = rollNotes(listed, model.period, request.period);
  if ("mentions" in rolled)
    return { kind: "needs notes", model, reason: "period kinds differ", mentions: rolled.mentions };
  return {
    kind: "notes",
    text: rolled.notes,
    notes: { source: "rolled", rolled: rolled.rolled, kept: rolled.kept },
  };
}
