/**
 * An invoice without VAT under the small-business rule: whether the account's income passes the
 * limits in force (src/domain/small-business.ts). The income is the service's EÜR income (received,
 * net) for the invoice's year and the one before: two reads, made only for invoices at 0 %.
 */

import { ApiError } from "../api/errors.js";
import { getEurReport } from "../api/reports.js";
import { fromCents, toCents } from "../domain/money.js";
import { limitsPassed } from "../domain/small-business.js";
import type { BillingContext } from "./context.js";

export interface LimitPassed {
  year: number;
  which: "previous year" | "current year";
  income: number;
  limit: number;
}

/** The limits passed, or null when the reports could not be read (the answer then says so). */
export async function smallBusinessLimits(
  context: BillingContext,
  year: number,
  invoiceNet: number,
): Promise<LimitPassed[] | null> {
  try {
    const [previous, current] = await Promise.all([
      getEurReport(context.client(), year - 1),
      getEurReport(context.client(), year),
    ]);
    return limitsPassed(
      { year: year - 1, income: toCents(previous.income.total) },
      { year, income: toCents(current.income.total) },
      toCents(invoiceNet),
    ).map((p) => ({ year: p.year, which: p.which, income: fromCents(p.income), limit: fromCents(p.limit) }));
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}
