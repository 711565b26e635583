import { addDays } from "date-fns/addDays";
import { type CalendarDay, isoDay, parseIsoDay, todayIn } from "./calendar.js";
import type { DateContext } from "./context.js";
import { parseDay } from "./day.js";
import { DateInputError } from "./errors.js";
import {
  type DaySpan,
  readIsoWeek,
  readMonth,
  readQuarter,
  readRelativeSpan,
  yearSpan,
} from "./period-forms.js";
import { fold } from "./text.js";

/** Whole days from `start` to `end`, both inclusive, as "YYYY-MM-DD" in the user's zone. */
export interface Period {
  readonly start: string;
  readonly end: string;
  /** For the reader: "March 2026", "Q1 2026", "2026", "2026-W47", "2026-03-01 to 2026-03-15". */
  readonly label: string;
}

/**
 * A period from a phrase, relative to the context's today: "last month", "letzten Monat",
 * "this month", "March 2026", "März 2026", "2026-03", "Q1 2026", "Q4" (this year), "1. Quartal 2026",
 * "last quarter", "this year", "letztes Jahr", "2025", "this week" / "diese Woche" (ISO week,
 * Monday–Sunday), "last week", "last 30 days", a range "2026-03-01..2026-03-15" /
 * "2026-03-01 to 2026-03-15" / "1.3.2026 bis 15.3.2026" / "vom 1. bis 15. März 2026", or any
 * single day parseDay reads. Throws DateInputError otherwise.
 */
export function parsePeriod(text: string, ctx: DateContext): Period {
  const today = todayIn(ctx);
  const trimmed = text.replace(/\s+/g, " ").trim();
  if (trimmed === "") throw new DateInputError("period", text, "the text is empty");
  const span = readRange(text, trimmed, ctx, today) ?? readSingle(text, trimmed, ctx, today);
  return { start: isoDay(span.first), end: isoDay(span.last), label: span.label };
}

const RANGE_PREFIX = /^(?:from|vom|von|between|zwischen) /i;
const RANGE_SEPARATOR = / ?(?:\.\.\.?|–|—) ?| (?:-|to|bis|until|till|and|und) /i;

function readRange(text: string, trimmed: string, ctx: DateContext, today: CalendarDay): DaySpan | null {
  const parts = trimmed.replace(RANGE_PREFIX, "").split(RANGE_SEPARATOR);
  if (parts.length !== 2) return null;
  const [left = "", right = ""] = parts;
  const to = readSingle(text, right, ctx, today);
  // "vom 1. bis 15. März 2026": the first day borrows month and year from the second.
  const bareDay = /^(\d{1,2})\.?$/.exec(left);
  const from = bareDay ? borrowMonth(text, Number(bareDay[1]), to.first) : readSingle(text, left, ctx, today);
  if (to.last < from.first) {
    throw new DateInputError(
      "period",
      text,
      `it ends (${isoDay(to.last)}) before it starts (${isoDay(from.first)})`,
    );
  }
  const label = `${isoDay(from.first)} to ${isoDay(to.last)}`;
  return { first: from.first, last: to.last, label };
}

function borrowMonth(text: string, day: number, of: CalendarDay): DaySpan {
  const first = parseIsoDay(`${isoDay(of).slice(0, 8)}${String(day).padStart(2, "0")}`);
  if (!first) throw new DateInputError("period", text, `day ${day} is not in that month`);
  return { first, last: first, label: isoDay(first) };
}

/** One period or day; `part` is the user's text (or one side of a range), `text` the whole input for errors. */
function readSingle(text: string, part: string, ctx: DateContext, today: CalendarDay): DaySpan {
  const folded = fold(part).replace(/^(?:im|in|for|fuer|during) /, "");
  const span =
    readRelativeSpan(folded, today) ??
    readLastDays(folded, today) ??
    (/^\d{4}$/.test(folded) ? yearSpan(Number(folded)) : null) ??
    readQuarter(folded, today) ??
    readMonth(folded, today) ??
    readIsoWeek(folded, today);
  if (typeof span === "string") throw new DateInputError("period", text, span);
  if (span) return span;
  if (/^(?:last|past|letzte[nr]?|vergangene[nr]?) \d+ /.test(folded)) {
    throw new DateInputError("period", text, "only 'last N days' is counted back; name months or quarters");
  }
  return singleDay(text, part, ctx);
}

/** "last 30 days" / "letzte 30 Tage": N days ending today. */
function readLastDays(folded: string, today: CalendarDay): DaySpan | null {
  const m = /^(?:the )?(?:last|past|letzte[nr]?|vergangene[nr]?) (\d{1,4}) (?:days|tage[n]?)$/.exec(folded);
  if (!m || Number(m[1]) < 1) return null;
  const first = addDays(today, 1 - Number(m[1]));
  return { first, last: today, label: `${isoDay(first)} to ${isoDay(today)}` };
}

function singleDay(text: string, part: string, ctx: DateContext): DaySpan {
  try {
    const day = parseIsoDay(parseDay(part, ctx))!;
    return { first: day, last: day, label: isoDay(day) };
  } catch (error) {
    if (error instanceof DateInputError) throw new DateInputError("period", text, error.reason);
    throw error;
  }
}
