/**
 * A period's time against what the invoices that may cover it already bill: the difference is the
 * time logged since (or billed beyond) them. time_summary shows it, create_invoice refuses with it
 * and bills only it as a supplement (`supplement: true`).
 */

import { lateTime } from "../domain/late-time.js";
import { fromCents, toCents } from "../domain/money.js";
import { billsStatedHours, type DaySpan, hoursFromMinutes } from "../domain/period-billing.js";
import type { CoveringInvoice, PeriodTime } from "./period-facts.js";

export interface BilledSoFar {
  /**
   * "unbilled": no invoice may cover the period; "compared": difference is time − billed;
   * "wider period": an invoice's service period reaches beyond the period, so its net cannot be
   * split; "no rate": the time has no amount to compare.
   */
  status: "unbilled" | "compared" | "wider period" | "no rate";
  /** The period's time at the customer's rate; null without a rate. */
  timeAmount: number | null;
  /** Net of the invoices that may cover the period, together. */
  billedAmount: number;
  /** Their numbers, oldest first. */
  invoiceNumbers: string[];
  /** timeAmount − billedAmount, when compared: above 0 is time not yet billed. */
  difference: number | null;
  /** The difference as minutes at the rate, when it is a whole number of them. */
  differenceMinutes: number | null;
  differenceHours: number | null;
  /** Some invoice was taken as covering from its date alone (the list gave no period). */
  guessed: boolean;
  /** For "wider period": the invoices whose period reaches beyond. */
  widerInvoices: string[];
  /**
   * Covering invoices that repeat a fixed amount of another invoice (a retainer, an invoice made
   * `like` one before): billing more than the period's time is then no sign of a mistake.
   */
  repeated: { invoiceNumber: string; repeats: string }[];
  /**
   * When the invoices bill more than the period's time: those that bill something beside it, when
   * the others bill exactly the time's worth (a lump sum next to the time's invoice) or they repeat
   * a fixed amount. Empty when the excess is unexplained, which is then worth a warning.
   */
  besideTime: string[];
}

/** Above this many covering invoices, no exact split is searched for (2^n subsets). */
const SUBSET_LIMIT = 12;

/**
 * The invoices beside the time, or null when the excess points to a mistake. Invoices that say they
 * bill hours (and do not repeat a fixed amount) bill the time: hours billed beyond it are time
 * removed since, or billed twice. The others (an advance, a fixed price, a repeated retainer) bill
 * something beside it; where the numbers allow, the fewest of them, those left over once the rest
 * bill exactly the time's worth.
 */
function besideTheTime(covering: readonly CoveringInvoice[], timeCents: number): string[] | null {
  const forHours = covering.filter((c) => !c.repeats && billsStatedHours(c.notes));
  if (forHours.reduce((sum, c) => sum + toCents(c.netAmount), 0) > timeCents) return null;
  if (covering.length <= SUBSET_LIMIT) {
    let best: number | null = null;
    for (let mask = 0; mask < 1 << covering.length; mask++) {
      let sum = 0;
      let hoursLeftOut = false;
      for (let i = 0; i < covering.length; i++) {
        if (mask & (1 << i)) sum += toCents(covering[i]!.netAmount);
        else if (forHours.includes(covering[i]!)) hoursLeftOut = true;
      }
      if (sum === timeCents && !hoursLeftOut && (best === null || bits(mask) > bits(best))) best = mask;
    }
    if (best !== null) return covering.filter((_, i) => !(best! & (1 << i))).map((c) => c.invoiceNumber);
  }
  const beside = covering.filter((c) => !forHours.includes(c));
  return beside.length > 0 ? beside.map((c) => c.invoiceNumber) : null;
}

function bits(mask: number): number {
  let count = 0;
  for (let m = mask; m > 0; m >>= 1) count += m & 1;
  return count;
}

export function billedSoFar(
  time: PeriodTime,
  covering: readonly CoveringInvoice[],
  period: DaySpan,
): BilledSoFar {
  const billed = covering.reduce((sum, invoice) => sum + toCents(invoice.netAmount), 0);
  const base = {
    timeAmount: time.amount,
    billedAmount: fromCents(billed),
    invoiceNumbers: covering.map((c) => c.invoiceNumber),
    difference: null,
    differenceMinutes: null,
    differenceHours: null,
    guessed: covering.some((c) => c.basis === "invoice date"),
    widerInvoices: [],
    repeated: covering.flatMap((c) =>
      c.repeats ? [{ invoiceNumber: c.invoiceNumber, repeats: c.repeats }] : [],
    ),
    besideTime: [] as string[],
  };
  if (covering.length === 0) return { ...base, status: "unbilled" };
  if (time.amount === null || time.hourlyRate === null) return { ...base, status: "no rate" };
  const late = lateTime(
    period,
    { amount: toCents(time.amount), rate: toCents(time.hourlyRate) },
    covering.map((c) => ({
      netCents: toCents(c.netAmount),
      periodStart: c.periodStart,
      periodEnd: c.periodEnd,
    })),
  );
  if (late.kind === "wider") {
    return {
      ...base,
      status: "wider period",
      widerInvoices: late.wider.map((i) => covering[i]!.invoiceNumber),
    };
  }
  if (late.kind === "unbilled") return { ...base, status: "unbilled" };
  const beside = late.difference < 0 ? besideTheTime(covering, toCents(time.amount)) : null;
  return {
    ...base,
    besideTime: beside ?? [],
    status: "compared",
    difference: fromCents(late.difference),
    differenceMinutes: late.minutes,
    differenceHours: late.minutes === null ? null : hoursFromMinutes(late.minutes),
  };
}
