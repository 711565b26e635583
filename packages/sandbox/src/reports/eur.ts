/**
 * Income-surplus (EÜR) data for one calendar year. Income follows the cash principle
 * (Zuflussprinzip): an invoice counts in the Berlin year it was paid, with its NET amount, split by
 * its activity type. Expenses count in the year of their date.
 */

import { berlinYear } from "../calendar.js";
import { fromCents } from "../money.js";
import type { AccountData } from "../records.js";

export function eurReport(account: AccountData, year: number) {
  const paid = account.invoices.filter(
    (i) => i.status === "paid" && i.paidAt !== undefined && berlinYear(i.paidAt) === year,
  );
  const expenses = account.expenses.filter((e) => berlinYear(e.date) === year);
  const freiberuflich = sum(paid.filter((i) => i.activityType === "freiberuflich").map((i) => i.netCents));
  const gewerblich = sum(paid.filter((i) => i.activityType === "gewerblich").map((i) => i.netCents));
  const incomeCents = freiberuflich + gewerblich;
  const expenseCents = sum(expenses.map((e) => e.amountCents));
  return {
    year,
    income: {
      total: fromCents(incomeCents),
      byType: { freiberuflich: fromCents(freiberuflich), gewerblich: fromCents(gewerblich) },
      invoiceCount: paid.length,
    },
    expenses: { total: fromCents(expenseCents), count: expenses.length },
    profit: fromCents(incomeCents - expenseCents),
  };
}

function sum(cents: readonly number[]): number {
  return cents.reduce((a, b) => a + b, 0);
}
