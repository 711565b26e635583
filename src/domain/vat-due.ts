/**
 * When the VAT return (Umsatzsteuer-Voranmeldung) of a period is due. Pure: the period's days in,
 * a day out.
 *
 * - § 18 Abs. 1 UStG: the return of a month or quarter is due on the 10th day after it ends.
 * - § 46 UStDV: a permanent extension (Dauerfristverlängerung) moves it one month later.
 * - § 108 Abs. 3 AO: a deadline that falls on a Saturday, Sunday or public holiday ends on the next
 *   working day. Weekends are moved here; public holidays differ by state, so the answer says that
 *   one may move the day further.
 * A year's figures belong to the annual return (Umsatzsteuererklärung), which has a deadline of
 * its own; any other span is no filing period. Neither gets a due date.
 */
import { DAY_MS, type DaySpan, type SpanKind, spanKind } from "./calendar-span.js";

export type FilingPeriod = SpanKind;

export interface VatDue {
  filing: FilingPeriod;
  /** YYYY-MM-DD, for a month or a quarter; else null. */
  dueDate: string | null;
  /** The 10th (or 10th a month later) fell on a weekend and the day was moved to Monday. */
  movedFromWeekend: string | null;
}

export function vatDue(period: DaySpan, permanentExtension: boolean): VatDue {
  const filing = spanKind(period);
  if (filing !== "month" && filing !== "quarter") return { filing, dueDate: null, movedFromWeekend: null };
  const [year, month] = period.end.split("-").map(Number) as [number, number];
  // The month after the period's last month (or the one after that): Date.UTC rolls December over.
  const tenth = new Date(Date.UTC(year, month + (permanentExtension ? 1 : 0), 10));
  const weekday = tenth.getUTCDay();
  const shift = weekday === 6 ? 2 : weekday === 0 ? 1 : 0;
  const due = new Date(tenth.getTime() + shift * DAY_MS);
  return {
    filing,
    dueDate: iso(due),
    movedFromWeekend: shift === 0 ? null : iso(tenth),
  };
}

function iso(date: Date): string {
  return date.toISOString().slice(0, 10);
}
