/**
 * create_invoice's workflow, from a parsed request to what happened: one invoice (from an amount,
 * from the period's time, or made like an earlier one) or one per customer, checked against the
 * account's whole invoice list; then it already exists, is only previewed, is refused with the
 * invoices it may bill twice, waits for the person's yes, or is created. The outcome is data; the
 * tool words it. A period that runs past today is cut at today when its time is billed (time after
 * today is not logged yet), and timers still running in it are reported: no invoice can bill them.
 */
import { listInvoices } from "../api/invoices.js";
import { wholeList } from "../api/list.js";
import { type ActivityType, activityTypeSchema, type Customer, type TimeEntry } from "../api/schemas.js";
import type { DaySpan } from "../domain/calendar-span.js";
import { formatDay, formatInstant } from "../domain/dates/format.js";
import { InputError } from "../domain/input-error.js";
import { nextInvoiceNumber } from "../domain/invoice-number.js";
import { fromCents, toCents } from "../domain/money.js";
import { cleanText } from "../domain/text.js";
import type { BillingContext } from "./context.js";
import { createdBefore, numberHolder, sendInvoice } from "./created-invoices.js";
import { InvoiceNumberTaken } from "./errors.js";
import { type BatchRow, MAX_CUSTOMERS, planBatch, sendBatch } from "./invoice-batch.js";
import {
  draftInvoice,
  type InvoiceAsk,
  type InvoiceDraft,
  type Ledger,
  ledgerOf,
  numberDraft,
} from "./invoice-draft.js";
import { type LikePlan, planLike } from "./invoice-like.js";
import { loadPeriodListing } from "./period-facts.js";
import { type LimitPassed, smallBusinessLimits } from "./small-business.js";

/** A service period as the person named it, read into days, with the readings taken. */
export interface ServicePeriod extends DaySpan {
  assumptions: readonly string[];
}

/** What the person asked for, parsed: names not yet resolved, the period and invoice day read. */
export interface InvoiceRequest {
  customer: string | undefined;
  customers: "all" | readonly string[] | undefined;
  netAmount: number | undefined;
  fromTime: boolean;
  supplement: boolean;
  period: ServicePeriod;
  /** YYYY-MM-DD in the person's zone. */
  invoiceDay: string;
  invoiceNumber: string | undefined;
  /** The rate the person gave; undefined for the default (or, with like, the earlier invoice's). */
  taxRate: number | undefined;
  defaultTaxRate: number;
  notes: string | undefined;
  activityType: ActivityType | undefined;
  like: string | undefined;
  allowOverlap: boolean;
  dryRun: boolean;
}

/** Whether the caller can put a question to the person, and what they answered to the last one. */
export interface Consent {
  supported: boolean;
  answer?: { confirmed: boolean; state: string | undefined };
}

/** A timer still running in the period: its time is on no invoice until it is stopped. */
export interface RunningTimer {
  id: string;
  projectId: string;
  projectName: string | null;
  customerId: string;
  customerName: string;
  /** ISO 8601 with the zone's offset. */
  start: string;
  /** As far as the service counted it, when it says. */
  minutesSoFar: number | null;
}

/** What every outcome carries: the period used, and what the person should know about it. */
export interface OutcomeFacts {
  period: ServicePeriod;
  /** The end the person's period named, when it ran past today and was cut at today. */
  cutFrom: string | null;
  /** Timers running in the period, of the customers billed from time. */
  running: RunningTimer[];
}

type Like = Extract<LikePlan, { kind: "ask" }>;

/** A planned invoice, what it was made like, and (without VAT) the small-business limits it passes. */
interface Drafted {
  draft: InvoiceDraft;
  like: Like | undefined;
  /** Checked for an invoice without VAT (null: the reports could not be read); else undefined. */
  limits: LimitPassed[] | null | undefined;
}

export type OneInvoiceOutcome = OutcomeFacts &
  /** The same invoice is there already (a replay): nothing sent. */
  (
    | ({ kind: "exists" } & Drafted)
    | ({ kind: "dry run" } & Drafted)
    /** A supplement with nothing left to bill: the draft's billed says why. */
    | ({ kind: "nothing to bill" } & Drafted)
    /** It may bill the period twice: the draft's conflicts say with which invoices. */
    | ({ kind: "refused" } & Drafted)
    /** The person is to confirm this content (state) first. */
    | ({ kind: "needs answer"; state: string; changed: boolean } & Drafted)
    | ({ kind: "declined" } & Drafted)
    | ({ kind: "created"; id: string } & Drafted)
    /** like: the earlier invoice's notes cannot be taken over; the person must give them. */
    | { kind: "needs notes"; plan: Extract<LikePlan, { kind: "needs notes" }> }
  );

export type BatchOutcome = OutcomeFacts & { rows: BatchRow[]; limits: LimitPassed[] | null | undefined } & (
    | { kind: "batch preview" }
    /** A real run in which no customer had a draft to create (each exists, is refused or has no time). */
    | { kind: "nothing to create" }
    | { kind: "batch needs answer"; state: string; changed: boolean }
    | { kind: "batch declined" }
    | { kind: "batch sent"; sendAfterMs: number | null }
  );

export type InvoiceOutcome = OneInvoiceOutcome | BatchOutcome;

export async function createInvoices(
  request: InvoiceRequest,
  context: BillingContext,
  consent: Consent,
): Promise<InvoiceOutcome> {
  return request.customers === undefined
    ? oneInvoice(request, context, consent)
    : manyInvoices(request, context, consent);
}

/** One customer's invoice: for a caller that never asks for many (the preview's button). */
export function createInvoice(
  request: InvoiceRequest,
  context: BillingContext,
  consent: Consent,
): Promise<OneInvoiceOutcome> {
  return oneInvoice(request, context, consent);
}

async function oneInvoice(
  request: InvoiceRequest,
  context: BillingContext,
  consent: Consent,
  /** Set when drafting again after the number was taken between our read and our POST. */
  again = false,
): Promise<OneInvoiceOutcome> {
  const given =
    request.like === undefined ? await context.directory.resolveCustomer(request.customer!) : undefined;
  const { period, cutFrom } = billedPeriod(request, context);
  // The next number, the replay check and the guards need every invoice: with part of them, the
  // number may be taken and the same invoice may exist unseen, so a partial list refuses the write.
  const { ledger, running } = await loadLedger(
    context,
    period,
    request.fromTime,
    "it cannot be checked whether this invoice already exists or which number is next; creating it now could make a duplicate, so nothing was created",
  );
  const facts = (customer: Customer): OutcomeFacts => ({
    period,
    cutFrom,
    running: runningTimers(running, [customer], ledger),
  });
  let like: Like | undefined;
  if (request.like !== undefined) {
    const plan = await planLike(
      {
        like: request.like,
        customer: request.customer,
        period,
        invoiceDay: request.invoiceDay,
        invoiceNumber: request.invoiceNumber,
        notes: request.notes,
        taxRate: request.taxRate,
        defaultTaxRate: request.defaultTaxRate,
        allowOverlap: request.allowOverlap,
      },
      context,
      ledger.existing,
    );
    if (plan.kind === "needs notes") return { kind: "needs notes", plan, period, cutFrom, running: [] };
    like = plan;
  }
  const customer = like?.ask.customer ?? given!;
  const draft = await withNumberOwner(context, ledger, request.invoiceDay, () =>
    draftInvoice(like?.ask ?? askFor(request, customer, period), ledger),
  );
  numberDraft(draft, ledger, true);
  const limits =
    draft.body.taxRate === 0 && draft.verdict !== "exists" && draft.verdict !== "nothing to bill"
      ? await smallBusinessLimits(context, yearOf(request.invoiceDay), draft.body.netAmount)
      : undefined;
  const known = { ...facts(customer), draft, like, limits };
  if (draft.verdict === "exists") return { kind: "exists", ...known };
  if (draft.verdict === "nothing to bill") return { kind: "nothing to bill", ...known };
  if (request.dryRun) return { kind: "dry run", ...known };
  if (draft.verdict === "refused") return { kind: "refused", ...known };
  if (consent.supported) {
    const state = JSON.stringify(draft.body);
    const { answer } = consent;
    if (answer === undefined) return { kind: "needs answer", state, changed: false, ...known };
    if (!answer.confirmed) return { kind: "declined", ...known };
    // Confirmed, but for other content (the data changed in between): ask again with the new one.
    if (answer.state !== state) return { kind: "needs answer", state, changed: true, ...known };
  }
  try {
    const { id } = await sendInvoice(context, draft.body);
    return { kind: "created", id, ...known };
  } catch (error) {
    // Another request took the number after we read the list (most often the same call, sent
    // twice at once). Drafting again against the list as it is now tells which: the same request
    // is there already (exists), a number the person gave is another invoice's (that refusal), or
    // the next free number is used (or put to the person again, as the content changed).
    if (again || (await numberHolder(context, error, draft.body)) === undefined) throw error;
    return oneInvoice(request, context, consent, true);
  }
}

/** One draft per customer from the period's time, previewed or created together. */
async function manyInvoices(
  request: InvoiceRequest,
  context: BillingContext,
  consent: Consent,
): Promise<BatchOutcome> {
  const targets =
    request.customers === "all"
      ? await context.directory.customers()
      : uniqueById(await Promise.all(request.customers!.map((c) => context.directory.resolveCustomer(c))));
  if (targets.length === 0) throw new InputError('customers is empty: give "all" or at least one customer.');
  if (targets.length > MAX_CUSTOMERS) {
    throw new InputError(
      `The account has ${targets.length} active customers; one call drafts for at most ${MAX_CUSTOMERS}. Pass customers as a list, in parts.`,
    );
  }
  const { period, cutFrom } = billedPeriod(request, context);
  const { ledger, running } = await loadLedger(
    context,
    period,
    true,
    "it cannot be checked which of these invoices already exist or which numbers are next; creating them now could make duplicates, so nothing was created",
  );
  const rows = planBatch(targets, (customer) => askFor(request, customer, period), ledger);
  const toCreate = rows.filter((row) => row.status === "create");
  const net = fromCents(toCreate.reduce((sum, row) => sum + toCents(row.draft!.body.netAmount), 0));
  const limits =
    (request.taxRate ?? request.defaultTaxRate) === 0 && toCreate.length > 0
      ? await smallBusinessLimits(context, yearOf(request.invoiceDay), net)
      : undefined;
  const facts = {
    period,
    cutFrom,
    running: runningTimers(running, targets, ledger),
    rows,
    limits,
  };
  if (request.dryRun) return { kind: "batch preview", ...facts };
  if (toCreate.length === 0) return { kind: "nothing to create", ...facts };
  if (consent.supported) {
    const state = JSON.stringify(toCreate.map((r) => r.draft!.body));
    const { answer } = consent;
    if (answer === undefined) return { kind: "batch needs answer", state, changed: false, ...facts };
    if (!answer.confirmed) return { kind: "batch declined", ...facts };
    if (answer.state !== state) return { kind: "batch needs answer", state, changed: true, ...facts };
  }
  const { sendAfterMs } = await sendBatch(rows, context);
  return { kind: "batch sent", sendAfterMs, ...facts };
}

/**
 * The period billed: as named, except that time is billed only up to today. A period that runs
 * past today (this month, this quarter) ends today in the person's zone; the named end is kept in
 * cutFrom so the answer can say so. A fixed amount keeps the period as named: a flat fee may be
 * billed for the whole month ahead.
 */
function billedPeriod(
  request: InvoiceRequest,
  context: BillingContext,
): { period: ServicePeriod; cutFrom: string | null } {
  const { period } = request;
  const today = formatDay(context.now(), context.timeZone);
  if (!request.fromTime || period.end <= today || period.start > today) return { period, cutFrom: null };
  return { period: { ...period, end: today }, cutFrom: period.end };
}

function askFor(request: InvoiceRequest, customer: Customer, period: DaySpan): InvoiceAsk {
  return {
    customer,
    period,
    netAmount: request.netAmount,
    fromTime: request.fromTime,
    supplement: request.supplement,
    invoiceNumber: request.invoiceNumber,
    invoiceDay: request.invoiceDay,
    taxRate: request.taxRate ?? request.defaultTaxRate,
    notes: request.notes,
    activityType: request.activityType ?? activityTypeSchema.safeParse(customer.activityType).data,
    allowOverlap: request.allowOverlap,
  };
}

/**
 * What a draft is checked against: the account's whole invoice list (refused, with `consequence`,
 * when it cannot be read whole) and, for invoices from time, the period's entries (the running
 * ones apart) and project names.
 */
async function loadLedger(
  context: BillingContext,
  period: DaySpan,
  fromTime: boolean,
  consequence: string,
): Promise<{ ledger: Ledger; running: TimeEntry[] }> {
  const [invoiceList, listing, projectNames] = await Promise.all([
    listInvoices(context.client()),
    fromTime ? loadPeriodListing(context, period) : { completed: [], running: [] },
    fromTime ? context.directory.projectNames() : new Map<string, string>(),
  ]);
  const existing = wholeList(invoiceList, "invoices", consequence);
  const today = formatDay(context.now(), context.timeZone);
  const ledger = ledgerOf(existing, listing.completed, projectNames, context.timeZone, today, (body) =>
    createdBefore(context, body),
  );
  return { ledger, running: listing.running };
}

function runningTimers(
  running: readonly TimeEntry[],
  customers: readonly Customer[],
  ledger: Ledger,
): RunningTimer[] {
  const customerName = new Map(customers.map((c) => [c._id, cleanText(c.name, 200)]));
  const name = (id: string) => {
    const found = ledger.projectNames.get(id);
    return found === undefined ? null : cleanText(found, 200);
  };
  return running
    .filter((e) => customerName.has(e.customerId))
    .sort((a, b) => a.startTime - b.startTime)
    .map((e) => ({
      id: e._id,
      projectId: e.projectId,
      projectName: name(e.projectId),
      customerId: e.customerId,
      customerName: customerName.get(e.customerId)!,
      start: formatInstant(e.startTime, ledger.timeZone),
      minutesSoFar: typeof e.durationMinutes === "number" ? e.durationMinutes : null,
    }));
}

function uniqueById(customers: readonly Customer[]): Customer[] {
  return [...new Map(customers.map((c) => [c._id, c])).values()];
}

function yearOf(day: string): number {
  return Number(day.slice(0, 4));
}

/** A number that belongs to another invoice: the refusal names whose it is and the next free one. */
async function withNumberOwner<T>(
  context: BillingContext,
  ledger: Ledger,
  invoiceDay: string,
  draft: () => T,
): Promise<T> {
  try {
    return draft();
  } catch (error) {
    if (!(error instanceof InvoiceNumberTaken)) throw error;
    const names = await context.directory.customerNames([error.invoice.customerId]);
    error.customerName = names.get(error.invoice.customerId) ?? null;
    error.nextFree = nextInvoiceNumber(ledger.numbers, yearOf(invoiceDay));
    throw error;
  }
}
