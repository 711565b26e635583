import { addDays } from "date-fns/addDays";
import { type CalendarDay, isoDay, parseIsoDay, todayIn } from "./calendar.js";
import type { DateContext } from "./context.js";
import { parseDay } from "./day.js";
import { DateInputError } from "./errors.js";
import {
  type LabelledSpan,
  readHalfYear,
  readIsoWeek,
  readMonth,
  readMonthPart,
  readQuarter,
  readRelativeSpan,
  readWeekend,
  yearSpan,
} from "./period-forms.js";
import { readRelativeUnit } from "./relative-unit.js";
import { fold } from "./text.js";
import { MAX_YEAR, MIN_YEAR } from "./year.js";

/** Whole days from `start` to `end`, both inclusive, as "YYYY-MM-DD" in the user's zone. */
export interface Period {
  readonly start: string;
  readonly end: string;
  /** For the reader: "March 2026", "Q1 2026", "2026", "2026-W47", "2026-03-01 to 2026-03-15". */
  readonly label: string;
  /** Present when a reading was chosen among several ("Q4" on 1 January is last year's Q4). */
  readonly assumptions?: readonly string[];
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
  // Outside these years no invoice lies, and the calendar's own edges begin: years 0–99 read as
  // 1900–1999, a return for 9999 would be due in a five-digit year.
  if ([span.first, span.last].some((day) => day.getFullYear() < MIN_YEAR || day.getFullYear() > MAX_YEAR)) {
    throw new DateInputError("period", text, `periods from ${MIN_YEAR} to ${MAX_YEAR} are supported`);
  }
  const period = { start: isoDay(span.first), end: isoDay(span.last), label: span.label };
  return span.assumption === undefined ? period : { ...period, assumptions: [span.assumption] };
}

const RANGE_PREFIX = /^(?:from|vom|von|between|zwischen) /i;
const RANGE_SEPARATOR = / ?(?:\.\.\.?|–|—) ?| (?:-|to|bis|until|till|and|und) /i;

function readRange(text: string, trimmed: string, ctx: DateContext, today: CalendarDay): LabelledSpan | null {
  const parts = trimmed.replace(RANGE_PREFIX, "").split(RANGE_SEPARATOR);
  if (parts.length !== 2) return null;
  const [left = "", right = ""] = parts;
  const to = readSingle(text, right, ctx, today);
  // "vom 1. bis 15. März 2026": the first day borrows month and year from the second.
  const bareDay = /^(\d{1,2})\.?$/.exec(left);
  const from = bareDay
    ? borrowMonth(text, Number(bareDay[1]), to.first)
    : (borrowYear(text, left, right, to, ctx, today) ?? readSingle(text, left, ctx, today));
  if (to.last < from.first && !/\d{4}/.test(left) && !/\d{4}/.test(right)) {
    // "Oktober bis Dezember" in November: the run that has begun, the end in the start's year.
    const sameYear = borrowYear(text, right, `${from.first.getFullYear()}`, from, ctx, today, "end");
    if (sameYear && sameYear.last >= from.first) {
      const label = `${isoDay(from.first)} to ${isoDay(sameYear.last)}`;
      return { first: from.first, last: sameYear.last, label, assumption: `no year given: took ${label}` };
    }
  }
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

/**
 * "Oktober bis Dezember 2025", "January to March 2025", "1.3. bis 15.3.2025": a first side without a
 * year takes the second side's year (or the year before, when it would otherwise start after the end).
 */
function borrowYear(
  text: string,
  left: string,
  right: string,
  to: LabelledSpan,
  ctx: DateContext,
  today: CalendarDay,
  side: "start" | "end" = "start",
): LabelledSpan | null {
  if (/\d{4}/.test(left) || !/\d{4}/.test(right)) return null;
  const year = to.first.getFullYear();
  for (const y of side === "start" ? [year, year - 1] : [year]) {
    const withYear = /\d\.$/.test(left.trim()) ? `${left.trim()}${y}` : `${left.trim()} ${y}`;
    let from: LabelledSpan;
    try {
      from = readSingle(text, withYear, ctx, today);
    } catch {
      return null;
    }
    if (side === "end" || from.first <= to.last) return from;
  }
  return null;
}

function borrowMonth(text: string, day: number, of: CalendarDay): LabelledSpan {
  const first = parseIsoDay(`${isoDay(of).slice(0, 8)}${String(day).padStart(2, "0")}`);
  if (!first) throw new DateInputError("period", text, `day ${day} is not in that month`);
  return { first, last: first, label: isoDay(first) };
}

/** One period or day; `part` is the user's text (or one side of a range), `text` the whole input for errors. */
function readSingle(text: string, part: string, ctx: DateContext, today: CalendarDay): LabelledSpan {
  const folded = withYearNumber(
    fold(part)
      .replace(/^(?:im|in|for|fuer|during|ueber|over)(?: (?:the|das|den|dem|der))? /, "")
      .replace(/^(?:(?:the )?year|(?:das )?jahr|kalenderjahr|geschaeftsjahr) (\d{4})$/, "$1"),
    today,
  );
  const span = readForm(folded, today);
  if (typeof span === "string") throw new DateInputError("period", text, span);
  if (span) return span;
  if (/^(?:last|past|letzte[nr]?|vergangene[nr]?) \d+ /.test(folded)) {
    throw new DateInputError(
      "period",
      text,
      "only 'last N days' and 'last N weeks' are counted back; name months or quarters",
    );
  }
  return singleDay(text, part, ctx);
}

/** The calendar forms of a period, tried in turn; a string is the reason a form-shaped text is wrong. */
function readForm(folded: string, today: CalendarDay): LabelledSpan | string | null {
  const month = (rest: string): LabelledSpan | null => {
    const span = readRelativeSpan(rest, today) ?? readMonth(rest, today);
    return typeof span === "string" ? null : span;
  };
  return (
    readRelativeSpan(folded, today) ??
    readLastDays(folded, today) ??
    readWeekend(folded, today) ??
    (/^\d{4}$/.test(folded) ? yearSpan(Number(folded)) : null) ??
    readQuarter(folded, today) ??
    readHalfYear(folded, today) ??
    readMonthPart(folded, month) ??
    readMonth(folded, today) ??
    readIsoWeek(folded, today)
  );
}

/**
 * "Q1 this year", "März letztes Jahr", "KW 12 last year", "Q4 des Vorjahres": a trailing year
 * phrase becomes the year's number, which every form below reads.
 */
function withYearNumber(folded: string, today: CalendarDay): string {
  const m =
    /^(.+?),? (?:of |in |des |im )?((?:this|last|next|dieses|diesen|letztes|letzten|vorigen|vorheriges|naechstes|naechsten|vorletztes) (?:year|jahr(?:es)?)|vorjahr(?:es)?|heuer)$/.exec(
      folded,
    );
  if (!m) return folded;
  const relative = readRelativeUnit(
    (m[2] ?? "").replace(/ jahres$/, " jahr").replace(/^vorjahres$/, "vorjahr"),
  );
  if (relative?.unit !== "year") return folded;
  return `${m[1]} ${today.getFullYear() + relative.step}`;
}

/** "last 30 days" / "letzte 30 Tage" / "die letzten 7 Tage" / "last 2 weeks": N days ending today. */
function readLastDays(folded: string, today: CalendarDay): LabelledSpan | null {
  const m =
    /^(?:the |die |den |in den )?(?:last|past|letzte[nr]?|vergangene[nr]?|zurueckliegende[nr]?) (\d{1,4}) (days|tage[n]?|weeks|wochen)$/.exec(
      folded,
    );
  if (!m || Number(m[1]) < 1) return null;
  // "die letzten 2 Wochen": 14 days ending today, like "last 14 days".
  const days = Number(m[1]) * (/^w/.test(m[2] ?? "") ? 7 : 1);
  const first = addDays(today, 1 - days);
  return { first, last: today, label: `${isoDay(first)} to ${isoDay(today)}` };
}

function singleDay(text: string, part: string, ctx: DateContext): LabelledSpan {
  try {
    const day = parseIsoDay(parseDay(part, ctx))!;
    return { first: day, last: day, label: isoDay(day) };
  } catch (error) {
    if (error instanceof DateInputError) throw new DateInputError("period", text, error.reason);
    throw error;
  }
}
