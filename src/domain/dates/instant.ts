import { type DateContext, nowMs } from "./context.js";
import { readPhrase } from "./phrase.js";
import { PART_OF_DAY_HOUR } from "./text.js";
import { type LocalTimeFit, resolveLocalDateTime } from "./zone.js";

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
}

/**
 * A point in time from ISO 8601 or an English or German phrase, in the context's zone:
 * "2026-03-29T10:00" (wall clock there), "2026-03-29T10:00:00+02:00", "yesterday 9:00",
 * "gestern 14 Uhr", "letzten Freitag 13 Uhr", "2 days ago 14:00", "14:00" (today), "now".
 * Throws DateInputError when the text cannot be read.
 */
export function resolveInstant(text: string, ctx: DateContext): ResolvedInstant {
  const now = nowMs(ctx);
  const reading = readPhrase(text, ctx, "instant");
  if (reading.kind === "exact") return describe(reading.ms, now, "explicit", "exact");

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
  return describe(resolved.ms, now, source, resolved.fit);
}

/** The instant a phrase names, as a Date; see resolveInstant for the details a tool may want. */
export function parseInstant(text: string, ctx: DateContext): Date {
  return resolveInstant(text, ctx).date;
}

function describe(ms: number, now: number, timeOfDay: TimeOfDaySource, fit: LocalTimeFit): ResolvedInstant {
  return {
    date: new Date(ms),
    ms,
    timeOfDay,
    localTimeFit: fit,
    msFromNow: ms - now,
    isFuture: ms - now > FUTURE_TOLERANCE_MS,
  };
}
