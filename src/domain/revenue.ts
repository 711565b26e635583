/**
 * Invoiced amounts by month and status, in integer cents: what revenue_report answers. Pure; the
 * invoices come in already filtered to the period. The gross of an invoice is worked out the way
 * list_invoices sums it (its gross, else net plus tax), so both tools' totals agree to the cent.
 */
import { formatDay } from "./dates/format.js";
import { type Cents, fromCents, toCents } from "./money.js";

export interface InvoiceForRevenue {
  customerId: string;
  invoiceDate: number;
  status: string;
  netAmount: number;
  taxAmount?: number | null | undefined;
  grossAmount?: number | null | undefined;
}

/** Where an invoice's amounts are counted: "sent" is open; a state the service added counts as other. */
export type Bucket = "paid" | "open" | "draft" | "other";

export function bucketOf(status: string): Bucket {
  if (status === "paid") return "paid";
  if (status === "sent") return "open";
  if (status === "draft") return "draft";
  return "other";
}

/**
 * One figure per bucket and their total, in EUR (two decimals) at the boundary. The total also
 * holds invoices in a state the service added (rare); `otherOf` gives that part.
 */
export interface Split {
  paid: number;
  open: number;
  draft: number;
  total: number;
}

/** What a split's total holds beyond paid, open and draft, exact to the cent. */
export function otherOf(split: Split): number {
  return fromCents(toCents(split.total) - toCents(split.paid) - toCents(split.open) - toCents(split.draft));
}

export interface Figures {
  net: Split;
  gross: Split;
  invoiceCount: number;
}

class Tally {
  readonly net: Record<Bucket, Cents> = { paid: 0, open: 0, draft: 0, other: 0 };
  readonly gross: Record<Bucket, Cents> = { paid: 0, open: 0, draft: 0, other: 0 };
  count = 0;

  add(invoice: InvoiceForRevenue): void {
    const bucket = bucketOf(invoice.status);
    this.net[bucket] += toCents(invoice.netAmount);
    this.gross[bucket] += toCents(grossOf(invoice));
    this.count += 1;
  }

  figures(): Figures {
    return { net: split(this.net), gross: split(this.gross), invoiceCount: this.count };
  }
}

function grossOf(invoice: InvoiceForRevenue): number {
  return invoice.grossAmount ?? invoice.netAmount + (invoice.taxAmount ?? 0);
}

function split(cents: Record<Bucket, Cents>): Split {
  const total = cents.paid + cents.open + cents.draft + cents.other;
  return {
    paid: fromCents(cents.paid),
    open: fromCents(cents.open),
    draft: fromCents(cents.draft),
    total: fromCents(total),
  };
}

/** "2026-01" … "2026-12": every month the inclusive ISO days touch, so empty months show as zero. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, "0")}`;
    months.push(key);
    if (key >= last) return months;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

export interface RevenueFigures {
  months: Array<{ month: string } & Figures>;
  totals: Figures;
  customers: Array<{ customerId: string; totals: Figures; months: Array<{ month: string } & Figures> }>;
}

/** Monthly, total and per-customer figures of the invoices, by invoice date in `timeZone`. */
export function revenueFigures(
  invoices: readonly InvoiceForRevenue[],
  months: readonly string[],
  timeZone: string,
): RevenueFigures {
  const total = new Tally();
  const byMonth = new Map(months.map((m) => [m, new Tally()]));
  const byCustomer = new Map<string, { total: Tally; months: Map<string, Tally> }>();
  for (const invoice of invoices) {
    const month = formatDay(invoice.invoiceDate, timeZone).slice(0, 7);
    total.add(invoice);
    // Months outside the list cannot occur when the invoices were filtered to the period; if they
    // did, they still count in the total and get a row of their own rather than vanish.
    if (!byMonth.has(month)) byMonth.set(month, new Tally());
    byMonth.get(month)!.add(invoice);
    let customer = byCustomer.get(invoice.customerId);
    if (customer === undefined) {
      customer = { total: new Tally(), months: new Map(months.map((m) => [m, new Tally()])) };
      byCustomer.set(invoice.customerId, customer);
    }
    customer.total.add(invoice);
    if (!customer.months.has(month)) customer.months.set(month, new Tally());
    customer.months.get(month)!.add(invoice);
  }
  const rows = (tallies: Map<string, Tally>) =>
    [...tallies.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([month, t]) => ({ month, ...t.figures() }));
  return {
    months: rows(byMonth),
    totals: total.figures(),
    customers: [...byCustomer.entries()]
      .map(([customerId, c]) => ({ customerId, totals: c.total.figures(), months: rows(c.months) }))
      .sort((a, b) => b.totals.net.total - a.totals.net.total || a.customerId.localeCompare(b.customerId)),
  };
}
