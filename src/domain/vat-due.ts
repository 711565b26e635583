/**
 * When the VAT return (Umsatzsteuer-Voranmeldung) of a period is due. Pure: the period's days in,
 * a day out.
 *
 * - § 18 Abs. 1 UStG: the return of a month or quarter is due on the 10th day after it ends.
 * - § 46 UStDV: a permanent extension (Dauerfristverlängerung) moves it one month later.
 * - § 108 Abs. 3 AO: a deadline that falls on a Saturday, Sunday or public holiday ends on the next
 *   working day. Weekends and the nationwide holidays (holidays.ts) are moved here; a state's own
 *   holidays differ by state, so the answer says that one may move the day further.
 * A year's figures belong to the annual return (Umsatzsteuererklärung), which has a deadline of
 * its own; any other span is no filing period. Neither gets a due date.
 */
import { DAY_MS, type DaySpan, type SpanKind, spanKind } from "./calendar-span.js";
import { type Holiday, nationwideHoliday } from "./holidays.js";

export type FilingPeriod = SpanKind;

export interface VatDue {
  filing: FilingPeriod;
  /** YYYY-MM-DD, for a month or a quarter; else null. */
  dueDate: string | null;
  /** The 10th (or 10th a month later) when it was not a working day and the date moved on. */
  movedFromWeekend: string | null;
  /** The nationwide holidays the date moved past, if any. */
  holidays: Holiday[];
}

export function vatDue(period: DaySpan, permanentExtension: boolean): VatDue {
  const filing = spanKind(period);
  if (filing !== "month" && filing !== "quarter")
    return { filing, dueDate: null, movedFromWeekend: null, holidays: [] };
  const [year, month] = period.end.split("-").map(Number) as [number, number];
  // The month after the period's last month (or the one after that): Date.UTC rolls December over.
  const tenth = new Date(Date.UTC(year, month + (permanentExtension ? 1 : 0), 10));
  let due = tenth;
  const holidays: Holiday[] = [];
  for (;;) {
    const holiday = nationwideHoliday(iso(due));
    if (holiday) holidays.push(holiday);
    else if (due.getUTCDay() !== 0 && due.getUTCDay() !== 6) break;
    due = new Date(due.getTime() + DAY_MS);
  }
  return {
    filing,
    dueDate: iso(due),
    movedFromWeekend: due === tenth ? null : iso(tenth),
    holidays,
  };
}

function iso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** How often advance returns are due, by the previous calendar year's tax (§ 18 Abs. 2 UStG). */
export type FilingRule = "monthly" | "quarterly" | "exemptPossible";

/** More than 9,000 EUR: monthly; at most 2,000 EUR: the tax office may waive them; else quarterly. */
export function filingRule(previousYearTax: number): FilingRule {
  if (previousYearTax > 900_000) return "monthly";
  if (previousYearTax <= 200_000) return "exemptPossible";
  return "quarterly";
}
