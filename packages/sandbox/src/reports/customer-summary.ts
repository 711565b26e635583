/**
 * One customer in one call: revenue from paid invoices (net), open receivables (gross, as in the
 * outstanding report) and hours (running timers excluded).
 */

import { berlinYear } from "../calendar.js";
import { fromCents } from "../money.js";
import type { AccountData, Customer } from "../records.js";
import { amountOf, hoursOf, splitBilled } from "./hours.js";
import { isOutstanding, receivable, totals, totalsView } from "./receivables.js";

export function customerSummary(account: AccountData, customer: Customer, now: number) {
  const invoices = account.invoices.filter((i) => i.customerId === customer._id);
  const paid = invoices.filter((i) => i.status === "paid");
  const thisYear = berlinYear(now);
  const paidThisYear = paid.filter((i) => i.paidAt !== undefined && berlinYear(i.paidAt) === thisYear);
  const owed = invoices.filter(isOutstanding).map((i) => receivable(i, now));
  const hours = splitBilled(account.timeEntries.filter((e) => e.customerId === customer._id));
  return {
    customer: {
      id: customer._id,
      name: customer.name,
      externalId: customer.externalId,
      hourlyRate: fromCents(customer.hourlyRateCents),
      currency: "EUR",
    },
    revenue: {
      totalNetEur: fromCents(paid.reduce((sum, i) => sum + i.netCents, 0)),
      ytdNetEur: fromCents(paidThisYear.reduce((sum, i) => sum + i.netCents, 0)),
      paidCount: paid.length,
    },
    outstanding: totalsView(totals(owed)),
    hours: {
      total: hoursOf(hours.totalMinutes),
      billed: hoursOf(hours.billedMinutes),
      unbilled: hoursOf(hours.unbilledMinutes),
      unbilledAmount: amountOf(hours.unbilledMinutes, customer.hourlyRateCents),
    },
  };
}
