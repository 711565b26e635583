/**
 * Monthly invoices built from each month's hours × the customer's rate, paid according to the
 * customer's habit; the latest round is partly still open (overdue), a few fixed-price invoices
 * are recent (sent or draft). Entries covered by an invoice are linked to it (billed).
 */

import {
  addBerlinDays,
  berlinDaysBetween,
  berlinMonthKey,
  berlinMonthRange,
  berlinTime,
  berlinYear,
  isBerlinWeekend,
  MS_PER_MINUTE,
  ZONE,
} from "../calendar.js";
import { amountForHours, formatEur, invoiceAmounts } from "../money.js";
import type { Customer, Invoice, TimeEntry } from "../records.js";
import type { PaymentHabit } from "./catalog.js";
import type { Random } from "./prng.js";

/** A month is invoiced on its invoice date; its hours count as billed once that is 3 weeks old. */
const BILLED_AFTER_DAYS = 21;
const PAYMENT_DAYS: Record<PaymentHabit, [number, number]> = {
  prompt: [5, 12],
  normal: [10, 25],
  slow: [20, 40],
};
const monthName = new Intl.DateTimeFormat("de-DE", { month: "long", year: "numeric", timeZone: ZONE });

export interface BillingInput {
  random: Random;
  today: number;
  reference: number;
  customers: readonly Customer[];
  habits: ReadonlyMap<string, PaymentHabit>;
  entries: readonly TimeEntry[];
  newId: () => string;
}

/** Hourly invoices for every month old enough; links the entries they bill. */
export function billMonths(input: BillingInput): Invoice[] {
  const { random, today, customers, habits } = input;
  const byMonth = groupByMonth(input.entries);
  const billed = [...byMonth.keys()]
    .sort()
    .map((key) => ({ key, invoiceDate: invoiceDateFor(key) }))
    .filter((m) => berlinDaysBetween(today, m.invoiceDate) >= BILLED_AFTER_DAYS);
  const invoices: Invoice[] = [];
  billed.forEach(({ key, invoiceDate }, index) => {
    const roundsAgo = billed.length - 1 - index;
    for (const customer of customers) {
      const entries = (byMonth.get(key) ?? []).filter((e) => e.customerId === customer._id);
      if (entries.length === 0) continue;
      const habit = habits.get(customer._id) ?? "normal";
      const minutes = entries.reduce((sum, e) => sum + minutesOf(e), 0);
      const net = amountForHours(minutes / 60, customer.hourlyRateCents);
      const [minDays, maxDays] = PAYMENT_DAYS[habit];
      const paidAt = addBerlinDays(invoiceDate, random.int(minDays, maxDays)) + random.int(9, 16) * 3_600_000;
      // The newest round is still open at everyone but the prompt payers, and each slow payer
      // has ignored one invoice for three months: the demo needs real overdue cases.
      const open =
        (roundsAgo === 0 && habit !== "prompt") ||
        (roundsAgo === 3 && habit === "slow") ||
        paidAt >= input.reference;
      const invoice = hourlyInvoice(input, customer, invoiceDate, key, minutes, net);
      if (!open) {
        invoice.status = "paid";
        invoice.paidAt = paidAt;
      }
      for (const entry of entries) entry.invoiceId = invoice._id;
      invoices.push(invoice);
    }
  });
  return invoices;
}

function hourlyInvoice(
  input: BillingInput,
  customer: Customer,
  invoiceDate: number,
  monthKey: string,
  minutes: number,
  netCents: number,
): Invoice {
  const period = berlinMonthRange(monthStart(monthKey));
  const amounts = invoiceAmounts(netCents, 19);
  const hours = (minutes / 60).toLocaleString("de-DE", { maximumFractionDigits: 2 });
  return {
    _id: input.newId(),
    invoiceNumber: "",
    customerId: customer._id,
    invoiceDate,
    status: "sent",
    activityType: customer.activityType,
    taxRate: 19,
    netCents: amounts.net,
    taxCents: amounts.tax,
    grossCents: amounts.gross,
    createdAt: Math.min(invoiceDate + input.random.int(8 * 60, 11 * 60) * MS_PER_MINUTE, input.reference),
    periodStart: period.start,
    periodEnd: period.end,
    notes: `Leistungen ${monthName.format(period.start)}: ${hours} Std. à ${formatEur(customer.hourlyRateCents)}`,
  };
}

/** `RE-YYYY-NNN` in invoice-date order; the counter starts again at 001 each calendar year. */
export function numberInvoices(invoices: Invoice[], customerName: (id: string) => string): void {
  const collator = new Intl.Collator("de");
  invoices.sort(
    (a, b) =>
      a.invoiceDate - b.invoiceDate ||
      collator.compare(customerName(a.customerId), customerName(b.customerId)),
  );
  const counters = new Map<number, number>();
  for (const invoice of invoices) {
    const year = berlinYear(invoice.invoiceDate);
    const n = (counters.get(year) ?? 0) + 1;
    counters.set(year, n);
    invoice.invoiceNumber = `RE-${year}-${String(n).padStart(3, "0")}`;
  }
}

function groupByMonth(entries: readonly TimeEntry[]): Map<string, TimeEntry[]> {
  const months = new Map<string, TimeEntry[]>();
  for (const entry of entries) {
    if (entry.endTime === null) continue;
    const key = berlinMonthKey(entry.startTime);
    const list = months.get(key);
    if (list) list.push(entry);
    else months.set(key, [entry]);
  }
  return months;
}

/** The first weekday from the 3rd of the following month, at midnight Berlin time. */
function invoiceDateFor(monthKey: string): number {
  const { start, end } = berlinMonthRange(monthStart(monthKey));
  let date = addBerlinDays(start, berlinDaysBetween(end, start) + 3);
  while (isBerlinWeekend(date)) date = addBerlinDays(date, 1);
  return date;
}

function monthStart(monthKey: string): number {
  const [year = 0, month = 0] = monthKey.split("-").map(Number);
  return berlinTime(year, month, 1);
}

function minutesOf(entry: TimeEntry): number {
  return entry.endTime === null ? 0 : Math.round((entry.endTime - entry.startTime) / MS_PER_MINUTE);
}
