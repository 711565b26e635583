/**
 * Hours per customer: the service's own figures (billed, unbilled, this week and month, by month),
 * and either what is not yet billed over all periods or, for a period, its time and the invoices
 * that may already bill it. Customers with the most time in the period, then the most unbilled,
 * first. Returns data; the words are the tool's.
 */
import { listInvoices } from "../api/invoices.js";
import { wholeList } from "../api/list.js";
import type { Customer, CustomerTimeSummary, Invoice } from "../api/schemas.js";
import { getCustomerTimeSummary } from "../api/time-entries.js";
import { type BilledSoFar, billedSoFar } from "../billing/billed-so-far.js";
import { type BillingContext, dateContext } from "../billing/context.js";
import { type NotYetBilled, notYetBilled } from "../billing/open-months.js";
import {
  type CoveringInvoice,
  countTime,
  draftsOf,
  invoicesIfReadable,
  invoicesThatMayCover,
  loadPeriodEntries,
  type PeriodTime,
} from "../billing/period-facts.js";
import { formatDay } from "../domain/dates/format.js";
import { loadDates } from "../domain/dates/lazy.js";
import type { Period } from "../domain/dates/period.js";
import { sumAmounts } from "../domain/money.js";
import { cleanText } from "../domain/text.js";

export interface SummaryRow {
  customerId: string;
  customerName: string;
  hourlyRate: number | null;
  totalHours: number;
  billedHours: number;
  unbilledHours: number;
  unbilledAmount: number;
  /** Without a period: null without a rate or a whole invoice list. */
  notYetBilled?: NotYetBilled | null;
  draftsSince?: CoveringInvoice[];
  weekHours: number;
  monthHours: number;
  byMonth?: Array<{ month: string; hours: number; amount: number }>;
  inPeriod?: { time: PeriodTime; mayAlreadyBeBilledBy?: CoveringInvoice[]; billed: BilledSoFar };
}

export interface SummaryTotals {
  unbilledHours: number;
  unbilledAmount: number;
  weekHours: number;
  monthHours: number;
  notYetBilledAmount?: number | null;
  periodHours?: number;
  periodAmount?: number | null;
}

export interface TimeSummary {
  period: Period | undefined;
  customers: SummaryRow[];
  totals: SummaryTotals;
}

export async function timeSummary(
  context: BillingContext,
  request: { customer: string | undefined; period: string | undefined },
): Promise<TimeSummary> {
  const targets =
    request.customer === undefined
      ? await context.directory.customers()
      : [await context.directory.resolveCustomer(request.customer)];
  const period =
    request.period === undefined
      ? undefined
      : (await loadDates()).parsePeriod(request.period, dateContext(context));
  const [summaries, overview, listed] = await Promise.all([
    Promise.all(targets.map((c) => getCustomerTimeSummary(context.client(), c._id))),
    period === undefined ? invoicesIfReadable(context) : null,
    period === undefined ? undefined : listInvoices(context.client()),
  ]);
  // Which invoices may already bill the period is a check: with part of them, one may be missed.
  // Without a period, the drafts only explain the service's figure: without them it still stands;
  // but what is not yet billed over all periods needs every invoice (with part, it overstates).
  const invoices =
    listed === undefined
      ? (overview?.items ?? [])
      : wholeList(listed, "invoices", "it cannot be said which invoices may already bill this period");
  const today = formatDay(context.now(), context.timeZone);
  const modelled = overview?.complete === true;
  const periodRows =
    period === undefined ? undefined : await inPeriodRows(targets, period, invoices, context);
  const customers: SummaryRow[] = summaries.map((s, index) => ({
    ...summaryOf(s),
    ...(period === undefined
      ? { notYetBilled: modelled ? notYetBilled(s, invoices, context.timeZone, today) : null }
      : {}),
    draftsSince: draftsOf(invoices, s.customerId, context.timeZone),
    ...(periodRows === undefined ? {} : { inPeriod: periodRows[index]! }),
  }));
  sortRows(customers);
  return { period, customers, totals: totalsOf(customers, period !== undefined) };
}

/** Most time in the period first, then most unbilled, then by name. */
export function sortRows(customers: SummaryRow[]): void {
  customers.sort(
    (a, b) =>
      (b.inPeriod?.time.minutes ?? 0) - (a.inPeriod?.time.minutes ?? 0) ||
      b.unbilledAmount - a.unbilledAmount ||
      a.customerName.localeCompare(b.customerName, "de"),
  );
}

/** Hours to two decimals as shown; the amounts as the sum of the rows' cents (money.ts). */
export function totalsOf(customers: readonly SummaryRow[], withPeriod: boolean): SummaryTotals {
  const add = (pick: (c: SummaryRow) => number) =>
    Math.round(customers.reduce((sum, c) => sum + pick(c), 0) * 100) / 100;
  return {
    unbilledHours: add((c) => c.unbilledHours),
    unbilledAmount: sumAmounts(customers.map((c) => c.unbilledAmount)),
    weekHours: add((c) => c.weekHours),
    monthHours: add((c) => c.monthHours),
    ...(withPeriod
      ? {
          periodHours: add((c) => c.inPeriod?.time.hours ?? 0),
          periodAmount: customers.some((c) => c.inPeriod?.time.amount === null)
            ? null
            : add((c) => c.inPeriod?.time.amount ?? 0),
        }
      : {
          notYetBilledAmount: customers.every((c) => c.notYetBilled != null)
            ? sumAmounts(customers.map((c) => c.notYetBilled!.amount))
            : null,
        }),
  };
}

function summaryOf(s: CustomerTimeSummary): Omit<SummaryRow, "inPeriod" | "draftsSince"> {
  return {
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
  };
}

async function inPeriodRows(
  targets: readonly Customer[],
  period: { start: string; end: string },
  invoices: readonly Invoice[],
  context: BillingContext,
): Promise<NonNullable<SummaryRow["inPeriod"]>[]> {
  const [entries, projectNames] = await Promise.all([
    loadPeriodEntries(context, period),
    context.directory.projectNames(),
  ]);
  return targets.map((customer) => {
    const time = countTime(
      entries.filter((e) => e.customerId === customer._id),
      customer.hourlyRate,
      projectNames,
      context.timeZone,
    );
    const covering = invoicesThatMayCover(invoices, customer._id, period, context.timeZone);
    const today = formatDay(context.now(), context.timeZone);
    return { time, mayAlreadyBeBilledBy: covering, billed: billedSoFar(time, covering, period, today) };
  });
}
