import { addDays } from "date-fns/addDays";
import { InputError } from "../input-error.js";
import { dayOfInstant, isoDay } from "./calendar.js";
import { type DateContext, nowMs } from "./context.js";
import { DateInputError, quoteInput } from "./errors.js";
import { formatInstant, formatLocalDateTime } from "./format.js";
import { type PhraseReading, readPhrase } from "./phrase.js";
import { PART_OF_DAY_HOUR } from "./text.js";
import { type LocalTimeFit, resolveLocalDateTime, zonedDateTimeToUtc } from "./zone.js";

/** How far ahead of `now` an instant may lie before a completed time entry looks suspicious. */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;

/**
 * Where the time of day came from: the text ("14:00", "9pm", "noon", an ISO time, "2 hours ago"),
 * a part of day ("yesterday morning" → 09:00, see PART_OF_DAY_HOUR), or the default for a bare date
 * ("last Monday", "2026-03-29" → 00:00, the start of the day).
 */
export type TimeOfDaySource = "explicit" | "part-of-day" | "start-of-day";

export interface ResolvedInstant {
  readonly date: Date;
  readonly ms: number;
  readonly timeOfDay: TimeOfDaySource;
  /** `gap`: the local time does not exist (spring forward) and was moved forward by the gap; `overlap`: it occurs twice (fall back) and the earlier one was taken. */
  readonly localTimeFit: LocalTimeFit;
  /** `ms - now`: negative in the past. */
  readonly msFromNow: number;
  /** More than FUTURE_TOLERANCE_MS after now. Not an error here; log_time should refuse or ask. */
  readonly isFuture: boolean;
  /**
   * Readings taken where the phrase allowed more than one, in words for the user: a bare hour 1–7
   * taken as afternoon, a time in a DST gap moved forward, a repeated time taken in summer time.
   */
  readonly assumptions: readonly string[];
  /**
   * Set when the hour was a bare 1–7 that may be morning or evening ("gestern 7 Uhr", "at 3") and
   * the evening was taken: both readings as local ISO times, so a write can ask instead of guessing.
   */
  readonly hourReadings: { readonly morning: string; readonly evening: string } | null;
}

/**
 * A point in time from ISO 8601 or an English or German phrase, in the context's zone:
 * "2026-03-29T10:00" (wall clock there), "2026-03-29T10:00:00+02:00", "yesterday 9:00",
 * "gestern 14 Uhr", "letzten Freitag 13 Uhr", "2 days ago 14:00", "14:00" (today), "now".
 * Throws DateInputError when the text cannot be read.
 */
export function resolveInstant(text: string, ctx: DateContext): ResolvedInstant {
  return fromReading(readPhrase(text, ctx, "instant"), ctx);
}

function fromReading(reading: PhraseReading, ctx: DateContext): ResolvedInstant {
  const now = nowMs(ctx);
  if (reading.kind === "exact")
    return describe(reading.ms, now, "explicit", "exact", reading.assumptions, null);

  const { day, time, partOfDay } = reading;
  const hour = time?.hour ?? (partOfDay ? PART_OF_DAY_HOUR[partOfDay] : 0);
  const source: TimeOfDaySource = time ? "explicit" : partOfDay ? "part-of-day" : "start-of-day";
  const resolved = resolveLocalDateTime(
    {
      year: day.getFullYear(),
      month: day.getMonth() + 1,
      day: day.getDate(),
      hour,
      minute: time?.minute ?? 0,
      second: time?.second ?? 0,
      millisecond: time?.millisecond ?? 0,
    },
    ctx.timeZone,
  );
  const assumptions = [...reading.assumptions];
  const pad = (n: number) => String(n).padStart(2, "0");
  const wall = `${isoDay(day)} ${pad(hour)}:${pad(time?.minute ?? 0)}`;
  const shown = formatInstant(resolved.ms, ctx.timeZone);
  if (resolved.fit === "gap") {
    assumptions.push(`${wall} does not exist in ${ctx.timeZone} (clocks jump forward): took ${shown}`);
  } else if (resolved.fit === "overlap") {
    assumptions.push(`${wall} happens twice in ${ctx.timeZone} (clocks go back): took the first, ${shown}`);
  }
  const hourReadings =
    reading.hourAssumedPm && time
      ? {
          morning: `${isoDay(day)}T${pad(hour - 12)}:${pad(time.minute)}`,
          evening: `${isoDay(day)}T${pad(hour)}:${pad(time.minute)}`,
        }
      : null;
  return describe(resolved.ms, now, source, resolved.fit, assumptions, hourReadings);
}

/**
 * The words that say a span ran past midnight, anywhere in an end phrase: "1:00 overnight",
 * "Mittag über Nacht", "3 Uhr am nächsten Tag", "9:00 next day". Without them an end that comes
 * before the start on the start's day is refused, not moved to the next day: "gestern 15:00" to
 * "Mittag" is far more often a slip than 21 hours of work.
 */
const OVERNIGHT =
  /(?<![\p{L}\d])(?:overnight|over night|(?:ü|ue)ber nacht|(?:on )?the next day|next day|am (?:n(?:ä|ae)chsten|folgenden) tag|am folgetag)(?![\p{L}\d])/iu;

/**
 * The end of a span that began at `startMs`. A phrase without a date ("17:00", "9", "9.30",
 * "bis 17 Uhr", "Mittag", "noon", "17:00 CET") is on the start's day, at the first reading after
 * the start (a bare hour 1–7 such as "5" is the first of 5:00 and 17:00 after it). When the work
 * ran past midnight the phrase says so ("1:00 overnight", "1:00 über Nacht") and the end is on the
 * next day; an end before the start without those words is an InputError that says what to write.
 * A phrase with a date ("today 17:30") is read on its own.
 */
export function resolveEndInstant(text: string, startMs: number, ctx: DateContext): ResolvedInstant {
  nowMs(ctx);
  const overnight = OVERNIGHT.test(text);
  const end = text
    .replace(OVERNIGHT, " ")
    .replace(/^\s*(?:bis|until|till|to|-|–)\s+/i, "")
    .replace(/\s+/g, " ")
    .trim();
  if (end === "") throw new DateInputError("instant", text, "it names no time; say when the work ended");
  const asOfStart = { now: startMs, timeZone: ctx.timeZone };
  const reading = readPhrase(end, asOfStart, "instant", { bareHourIsTime: true });
  if (reading.dateGiven) return fromReading(readPhrase(end, ctx, "instant"), ctx);
  const startDay = dayOfInstant(startMs, ctx.timeZone);
  const day = overnight ? addDays(startDay, 1) : startDay;
  // Noon of that day as "now", so the phrase's implied today is that day in every zone.
  const noon = zonedDateTimeToUtc(
    { year: day.getFullYear(), month: day.getMonth() + 1, day: day.getDate(), hour: 12 },
    ctx.timeZone,
  );
  const onDay = readPhrase(end, { now: noon, timeZone: ctx.timeZone }, "instant", { bareHourIsTime: true });
  const candidates =
    onDay.kind === "wall" && onDay.hourAssumedPm && onDay.time
      ? [{ ...onDay, time: { ...onDay.time, hour: onDay.time.hour - 12 }, assumptions: [] }, onDay]
      : [onDay];
  for (const candidate of candidates) {
    // The first reading after the start is the rule for an end without a date, not a guess.
    const resolved = { ...fromReading(candidate, ctx), hourReadings: null };
    if (resolved.ms > startMs) return resolved;
  }
  const last = fromReading(candidates[candidates.length - 1]!, ctx);
  const [endClock, startAt] = [
    formatLocalDateTime(last.ms, ctx.timeZone).slice(11),
    formatLocalDateTime(startMs, ctx.timeZone),
  ];
  throw new InputError(
    `The end ${quoteInput(text)} (${endClock}) is not after the start (${startAt}). If the work ran past midnight, say so in the end: "${end} overnight" (or "${end} über Nacht"); otherwise correct the start or the end.`,
  );
}

/** The instant a phrase names, as a Date; see resolveInstant for the details a tool may want. */
export function parseInstant(text: string, ctx: DateContext): Date {
  return resolveInstant(text, ctx).date;
}

function describe(
  ms: number,
  now: number,
  timeOfDay: TimeOfDaySource,
  fit: LocalTimeFit,
  assumptions: readonly string[],
  hourReadings: ResolvedInstant["hourReadings"],
): ResolvedInstant {
  return {
    assumptions,
    hourReadings,
    date: new Date(ms),
    ms,
    timeOfDay,
    localTimeFit: fit,
    msFromNow: ms - now,
    isFuture: ms - now > FUTURE_TOLERANCE_MS,
  };
}
