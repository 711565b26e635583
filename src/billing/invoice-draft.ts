/**
 * One invoice planned before anything is sent: its body (number, dates, amounts, notes), the time
 * it bills, what the period is already billed for, and the guard's verdict: create it, it exists
 * already (a replay), or refuse it (it may bill the same work twice). create_invoice plans one, or
 * one per customer; the drafts of one call share the invoice list, the period's entries and the
 * number series, so preview numbers are the numbers the drafts will get.
 */
import type { CreateInvoiceBody } from "../api/invoices.js";
import type { ActivityType, Customer, Invoice, TimeEntry } from "../api/schemas.js";
import type { DaySpan } from "../domain/calendar-span.js";
import { dayBoundsUtc, formatDay } from "../domain/dates/format.js";
import { InputError } from "../domain/input-error.js";
import { type NumberedInvoice, nextInvoiceNumber } from "../domain/invoice-number.js";
import { fromCents, invoiceAmounts, toCents } from "../domain/money.js";
import { supplementNotes, timeNotes } from "../domain/period-billing.js";
import { notesWithoutVat } from "../domain/small-business.js";
import { named } from "../domain/text.js";
import { type BilledSoFar, billedSoFar } from "./billed-so-far.js";
import { timeBasis } from "./invoice-from-time.js";
import { type Conflict, invoiceConflicts } from "./invoice-guards.js";
import { findSame, findSameInvoice } from "./invoice-replay.js";
import { invoicesThatMayCover, type PeriodTime } from "./period-facts.js";

/** What the person asked for, names already resolved. */
export interface InvoiceAsk {
  customer: Customer;
  period: DaySpan;
  /** The net amount, or undefined with fromTime. */
  netAmount: number | undefined;
  fromTime: boolean;
  /** With fromTime: bill only the period's time beyond what its invoices already bill. */
  supplement: boolean;
  invoiceNumber: string | undefined;
  /** YYYY-MM-DD in the user's zone. */
  invoiceDay: string;
  taxRate: number;
  notes: string | undefined;
  activityType: ActivityType | undefined;
  allowOverlap: boolean;
}

/** What the drafts of one call share: read once, and the numbers handed out so far. */
export interface Ledger {
  existing: readonly Invoice[];
  /** The period's completed entries (any customer), when invoices are drafted from time. */
  entries: readonly TimeEntry[];
  projectNames: ReadonlyMap<string, string>;
  timeZone: string;
  /** Today in the person's zone, YYYY-MM-DD: days after it hold no time yet. */
  today: string;
  /** Every number in the account, and those given to drafts of this call. */
  numbers: NumberedInvoice[];
  /** The id of an invoice created in this context for the same request (created-invoices.ts). */
  createdBefore: (body: CreateInvoiceBody) => string | undefined;
}

/**
 * "nothing to bill": a supplement with no time left beyond what the period's hours invoices bill
 * (a valid answer, not an error).
 */
export type Verdict = "create" | "exists" | "refused" | "nothing to bill";

export interface InvoiceDraft {
  ask: InvoiceAsk;
  body: CreateInvoiceBody;
  verdict: Verdict;
  /** With fromTime: the time counted. */
  time: PeriodTime | undefined;
  /** With fromTime: the period's time against the invoices that may already bill it. */
  billed: BilledSoFar | undefined;
  /** Why it would be refused (empty unless refused). */
  conflicts: Conflict[];
  /** For "exists": the stored invoice. */
  same: Invoice | undefined;
  /** For "exists": the request's fields the service's list did not show, so not compared. */
  notShown: string[];
}

export function ledgerOf(
  existing: readonly Invoice[],
  entries: readonly TimeEntry[],
  projectNames: ReadonlyMap<string, string>,
  timeZone: string,
  today: string,
  createdBefore: Ledger["createdBefore"] = () => undefined,
): Ledger {
  const numbers = existing.map((invoice) => ({
    invoiceNumber: invoice.invoiceNumber,
    invoiceDate: invoice.invoiceDate,
    year: Number(formatDay(invoice.invoiceDate, timeZone).slice(0, 4)),
  }));
  return { existing, entries, projectNames, timeZone, today, numbers, createdBefore };
}

export function draftInvoice(ask: InvoiceAsk, ledger: Ledger): InvoiceDraft {
  const { customer, period } = ask;
  const { timeZone } = ledger;
  const basis = ask.fromTime
    ? timeBasis(customer, period, ledger.entries, ledger.projectNames, timeZone)
    : undefined;
  const time = basis?.time;
  const covering = invoicesThatMayCover(ledger.existing, customer._id, period, timeZone);
  const billed = time === undefined ? undefined : billedSoFar(time, covering, period, ledger.today);
  const numberGiven = ask.invoiceNumber !== undefined;
  const build = (netAmount: number, notes: string | undefined) => bodyOf(ask, netAmount, notes, timeZone);
  const outcome = (verdict: Verdict, body: CreateInvoiceBody, conflicts: Conflict[] = []): InvoiceDraft => ({
    ask,
    body,
    verdict,
    time,
    billed,
    conflicts,
    same: undefined,
    notShown: [],
  });

  let body: CreateInvoiceBody;
  // Invoices that do not stand in this one's way: beside the hours for an invoice from time (they
  // bill other work), and for a supplement every invoice it adds to.
  let counted: ReadonlySet<string> = new Set();
  if (ask.supplement) {
    if (time === undefined || billed === undefined) {
      throw new InputError(
        "supplement: true needs fromTime: true: a supplement bills the period's time not yet billed.",
      );
    }
    // The supplement made before is one of the covering drafts now: recognise it first.
    const earlier = earlierSupplement(ask, ledger, time, covering, build);
    if (earlier)
      return {
        ...outcome("exists", earlier.body),
        billed: earlier.billed,
        same: earlier.same,
      };
    const amount = supplementAmount(billed, customer, ask.allowOverlap);
    if (amount === "nothing") return outcome("nothing to bill", build(0, ask.notes));
    if (amount === "cannot tell") {
      const unclear = new Set(billed.unclear);
      const conflicts = covering
        .filter((c) => unclear.has(c.invoiceNumber))
        .map((c) => ({ ...c, reason: "may cover the period" as const }));
      return outcome("refused", build(billed.difference!, ask.notes), conflicts);
    }
    body = build(amount, ask.notes ?? supplementText(billed, period, time));
    counted = new Set(covering.map((c) => c.id));
  } else {
    body = build(basis?.netAmount ?? ask.netAmount!, ask.notes ?? basis?.notes);
    if (billed !== undefined) {
      const beside = new Set(billed.besideTime);
      counted = new Set(covering.filter((c) => beside.has(c.invoiceNumber)).map((c) => c.id));
    }
  }

  const same = findSame(ledger.existing, body, numberGiven, {
    allowOverlap: ask.allowOverlap,
    createdId: ledger.createdBefore(body),
  });
  if (same) {
    return {
      ...outcome("exists", { ...body, invoiceNumber: same.invoice.invoiceNumber }),
      same: same.invoice,
      notShown: same.notShown,
    };
  }
  const conflicts = ask.allowOverlap
    ? []
    : invoiceConflicts(ledger.existing, body, period, timeZone).filter(
        // An invoice beside the hours that has this one's very amount and period is still a likely twin.
        (c) => !counted.has(c.id) || (!ask.supplement && c.reason === "same amount and period"),
      );
  return outcome(conflicts.length > 0 ? "refused" : "create", body, conflicts);
}

/**
 * The number this draft gets: the one asked for, or the next in the series. `keep` records it, so
 * the next draft of the same call gets the one after (a refused draft keeps none).
 */
export function numberDraft(draft: InvoiceDraft, ledger: Ledger, keep: boolean): void {
  if (draft.verdict === "exists" || draft.verdict === "nothing to bill") return;
  const year = Number(draft.ask.invoiceDay.slice(0, 4));
  const invoiceNumber = draft.ask.invoiceNumber ?? nextInvoiceNumber(ledger.numbers, year);
  draft.body.invoiceNumber = invoiceNumber;
  if (keep) ledger.numbers.push({ invoiceNumber, invoiceDate: draft.body.invoiceDate, year });
}

function bodyOf(
  ask: InvoiceAsk,
  netAmount: number,
  given: string | undefined,
  timeZone: string,
): CreateInvoiceBody {
  // Without VAT the invoice must say why: the § 19 UStG line, unless the notes already say so.
  const notes = ask.taxRate === 0 ? notesWithoutVat(given).notes : given;
  const amounts = invoiceAmounts(toCents(netAmount), ask.taxRate);
  return {
    customerId: ask.customer._id,
    // Numbered once the verdict is known (numberDraft); the checks before compare content only.
    invoiceNumber: ask.invoiceNumber ?? "",
    invoiceDate: dayBoundsUtc(ask.invoiceDay, timeZone).startMs,
    periodStart: dayBoundsUtc(ask.period.start, timeZone).startMs,
    // The last instant of the last day (the service's own invoices end at 23:59:59.999): an end at
    // the day's first instant would leave the last day outside the period.
    periodEnd: dayBoundsUtc(ask.period.end, timeZone).endMs - 1,
    netAmount: fromCents(amounts.net),
    taxRate: ask.taxRate,
    taxAmount: fromCents(amounts.tax),
    grossAmount: fromCents(amounts.gross),
    ...(ask.activityType === undefined ? {} : { activityType: ask.activityType }),
    ...(notes === undefined ? {} : { notes }),
  };
}

/**
 * What a supplement bills: the time not billed by the period's hours invoices ("nothing" when that
 * is none). Where an invoice may or may not bill the hours, the person says which: "cannot tell"
 * refuses with both figures, and allowOverlap takes such invoices as billing something beside.
 */
function supplementAmount(
  billed: BilledSoFar,
  customer: Customer,
  allowOverlap: boolean,
): number | "nothing" | "cannot tell" {
  if (billed.status === "no rate" || billed.difference === null) {
    throw new InputError(
      `${named(customer.name, customer._id)} has no hourly rate, so there is no difference to bill. Give netAmount instead.`,
    );
  }
  // Without the unclear invoices is the larger figure: when even that is nothing, nothing is left.
  if (billed.difference <= 0) return "nothing";
  return billed.status === "cannot tell" && !allowOverlap ? "cannot tell" : billed.difference;
}

function supplementText(billed: BilledSoFar, period: DaySpan, time: PeriodTime): string {
  // Nothing billed the hours yet: the supplement is the period's whole time, and says so.
  if (billed.status === "unbilled") return timeNotes(period, time.minutes, toCents(time.hourlyRate ?? 0));
  return supplementNotes(
    period,
    billed.differenceMinutes,
    toCents(time.hourlyRate ?? 0),
    toCents(billed.difference ?? 0),
  );
}

/**
 * A supplement already made by this same call: one of the covering drafts is exactly what the
 * supplement would have been had it not existed yet.
 */
function earlierSupplement(
  ask: InvoiceAsk,
  ledger: Ledger,
  time: PeriodTime,
  covering: ReturnType<typeof invoicesThatMayCover>,
  build: (net: number, notes: string | undefined) => CreateInvoiceBody,
): { body: CreateInvoiceBody; billed: BilledSoFar; same: Invoice } | undefined {
  for (const candidate of covering) {
    if (candidate.status !== "draft") continue;
    const stored = ledger.existing.find((invoice) => invoice._id === candidate.id);
    if (!stored) continue;
    const before = billedSoFar(
      time,
      covering.filter((c) => c.id !== candidate.id),
      ask.period,
      ledger.today,
    );
    if (before.status === "no rate" || (before.difference ?? 0) <= 0) continue;
    const body = build(before.difference!, ask.notes ?? supplementText(before, ask.period, time));
    try {
      if (findSameInvoice([stored], body, ask.invoiceNumber !== undefined)) {
        return { body: { ...body, invoiceNumber: stored.invoiceNumber }, billed: before, same: stored };
      }
    } catch {
      // A number clash with this one candidate: not the earlier supplement.
    }
  }
  return undefined;
}
