import { type CalendarDay, calendarDay, todayIn } from "./calendar.js";
import { substituteCalendarOffsets } from "./calendar-offset.js";
import { readWithChrono } from "./chrono-reader.js";
import { hasClockNotation } from "./clock-idioms.js";
import { type DateContext, nowMs } from "./context.js";
import { DateInputError, type DateInputKind } from "./errors.js";
import { readIso } from "./iso.js";
import { englishMonthName } from "./months.js";
import { readRelativeToNow } from "./relative.js";
import { type PartOfDay, partOfDayIn } from "./text.js";
import { resolveWeekday, resolveYearless, weekdaySense } from "./weekday.js";

/** A clock time; seconds and milliseconds are usually 0. */
export interface ClockTime {
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly millisecond: number;
}

/**
 * What a date/time phrase says, before a default time of day is applied: either an exact instant
 * (ISO with offset, "now", "2 hours ago", "14:00 UTC") or a wall-clock day with an optional time.
 * `dateGiven` is false for a bare time ("14:00", "noon", "17:00 CET"): today is implied, and an
 * end time takes the start's day instead. `assumptions` says, for the user, which reading was
 * taken where a phrase has more than one.
 */
export type PhraseReading =
  | {
      readonly kind: "exact";
      readonly ms: number;
      readonly dateGiven: boolean;
      readonly assumptions: string[];
    }
  | {
      readonly kind: "wall";
      readonly day: CalendarDay;
      readonly time: ClockTime | null;
      readonly partOfDay: PartOfDay | null;
      readonly dateGiven: boolean;
      /** The hour was a bare 1–7 ("3", "halb drei") and was taken as afternoon (+12). */
      readonly hourAssumedPm: boolean;
      readonly assumptions: string[];
    };

/** How a phrase is read: a bare number ("9") is a clock time only where a time is expected (an end). */
export interface PhraseOptions {
  readonly bareHourIsTime?: boolean;
}

/** Reads an instant-like phrase; throws DateInputError (of `kind`) when it cannot. */
export function readPhrase(
  text: string,
  ctx: DateContext,
  kind: DateInputKind,
  options: PhraseOptions = {},
): PhraseReading {
  const now = nowMs(ctx);
  const fail: (reason?: string) => never = (reason) => {
    throw new DateInputError(kind, text, reason);
  };
  if (text.trim() === "") fail("the text is empty");

  const iso = readIso(text);
  if (typeof iso === "string") fail(iso);
  if (iso?.kind === "instant") return { kind: "exact", ms: iso.ms, dateGiven: true, assumptions: [] };
  if (iso?.kind === "local") {
    const { year, month, day, hour = 0, minute = 0, second = 0, millisecond = 0 } = iso.local;
    const time = iso.hasTime ? { hour, minute, second, millisecond } : null;
    return {
      kind: "wall",
      day: calendarDay(year, month, day)!,
      time,
      partOfDay: null,
      dateGiven: true,
      hourAssumedPm: false,
      assumptions: [],
    };
  }

  const relative = readRelativeToNow(text, now);
  if (relative !== null) return { kind: "exact", ms: relative, dateGiven: true, assumptions: [] };

  const ambiguity = slashAmbiguity(text);
  if (ambiguity) fail(ambiguity);

  const today = todayIn(ctx);
  // "9" alone: a clock time where one is expected (the end of an entry), else too ambiguous.
  const bare = options.bareHourIsTime ? /^\s*(?:um|at|bis|until|till|to)?\s*(\d{1,2})\s*$/i.exec(text) : null;
  const phrase = bare && Number(bare[1]) <= 23 ? `${bare[1]}:00` : substituteCalendarOffsets(text, today);
  const reading = readWithChrono(phrase, now, ctx.timeZone) ?? fail(diagnose(text));
  if (reading.relativeInstantMs !== null) {
    return { kind: "exact", ms: reading.relativeInstantMs, dateGiven: true, assumptions: [] };
  }

  const day =
    reading.weekday !== null
      ? resolveWeekday(today, reading.weekday, weekdaySense(text))
      : reading.yearMissing
        ? resolveYearless(today, reading.month, reading.day)
        : calendarDay(reading.year, reading.month, reading.day);
  if (!day) return fail("not a calendar date");

  const partOfDay = partOfDayIn(text);
  const time = reading.time && { ...reading.time, millisecond: 0 };
  const assumptions: string[] = [];
  let hourAssumedPm = false;
  if (time && !reading.meridiemGiven && (partOfDay === "afternoon" || partOfDay === "evening")) {
    if (time.hour >= 1 && time.hour < 12) time.hour += 12; // "abends 8 Uhr" is 20:00
  } else if (time && !reading.meridiemGiven && partOfDay === "noon") {
    if (time.hour >= 1 && time.hour < 6) time.hour += 12; // "mittags um 1" is 13:00
  } else if (time && !reading.meridiemGiven && partOfDay === null && isBareSmallHour(text, time.hour)) {
    // "yesterday at 3", "um 3", "halb drei": work logged at 3 is far more often 15:00 than 03:00.
    time.hour += 12;
    hourAssumedPm = true;
    const pad = (n: number) => String(n).padStart(2, "0");
    const night = `${pad(time.hour - 12)}:${pad(time.minute)}`;
    assumptions.push(
      `took ${time.hour}:${pad(time.minute)} (afternoon) for the hour ${time.hour - 12}; for ${night} write "${night}" or "${time.hour - 12} am"`,
    );
  }
  if (time && reading.offsetMinutes !== null) {
    const asUtc = Date.UTC(
      day.getFullYear(),
      day.getMonth(),
      day.getDate(),
      time.hour,
      time.minute,
      time.second,
    );
    return {
      kind: "exact",
      ms: asUtc - reading.offsetMinutes * 60_000,
      dateGiven: reading.dateGiven,
      assumptions,
    };
  }
  return { kind: "wall", day, time, partOfDay, dateGiven: reading.dateGiven, hourAssumedPm, assumptions };
}

/**
 * An hour 1–7 said without minutes in clock notation ("3", "3 Uhr", "halb drei", not "3:00",
 * "03 Uhr" or "15:00"), which a 24-hour reading would put in the small hours of the night.
 */
function isBareSmallHour(text: string, hour: number): boolean {
  return hour >= 1 && hour <= 7 && !hasClockNotation(text);
}

/** "3/4/2026" is 3 April to a German and March 4 to an American: refuse to guess. */
function slashAmbiguity(text: string): string | null {
  const m = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{2,4})\b/.exec(text);
  if (!m || m[1] === m[2] || Number(m[1]) > 12 || Number(m[2]) > 12) return null;
  const [, a, b, y] = m;
  return `${a}/${b}/${y} could be day-first or month-first; write ${y}-${b?.padStart(2, "0")}-${a?.padStart(2, "0")} or ${a}.${b}.${y} for ${a} ${englishMonthName(Number(b))}`;
}

/** A specific reason for the common ways a phrase goes wrong, when one applies. */
function diagnose(text: string): string | undefined {
  const clock = /\b(\d{1,2})[:.](\d{2})\b(?!\.\d)/.exec(text) ?? /\b(\d{1,2})()\s*uhr\b/i.exec(text);
  if (clock && (Number(clock[1]) > 23 || Number(clock[2] || 0) > 59)) {
    return `${clock[0]} is not a time of day (00:00–23:59)`;
  }
  const numeric = /\b(\d{1,2})\.(\d{1,2})\.(\d{4})\b/.exec(text);
  if (numeric && !calendarDay(Number(numeric[3]), Number(numeric[2]), Number(numeric[1]))) {
    return `${numeric[0]} is not a calendar date`;
  }
  return undefined;
}
