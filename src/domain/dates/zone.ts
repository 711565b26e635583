import { TZDate, tzOffset } from "@date-fns/tz";
import { DAY_MS } from "../calendar-span.js";
import { assertTimeZone } from "./context.js";

/** A wall-clock reading in some zone. `month` is 1–12; omitted time fields are 0. */
export interface LocalDateTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour?: number;
  readonly minute?: number;
  readonly second?: number;
  readonly millisecond?: number;
}

/**
 * How a wall-clock time maps to an instant: `exact`, `gap` (the clock jumped over it in spring; the
 * time is moved forward by the size of the gap, so 02:30 becomes 03:30), or `overlap` (it happened
 * twice in autumn; the earlier, summer-time occurrence is taken). This is the rule of JavaScript's
 * Temporal ("compatible") and of most calendars.
 */
export type LocalTimeFit = "exact" | "gap" | "overlap";

export interface ResolvedLocalTime {
  readonly ms: number;
  readonly fit: LocalTimeFit;
}

/**
 * Offsets already worked out, per zone and exact instant: a list shows the same invoice dates call
 * after call, and asking Intl (through tzOffset) costs microseconds a row. The instant itself is
 * the key, so a cached answer is the answer; emptied when full.
 */
const offsets = new Map<string, Map<number, number>>();
const MAX_CACHED_OFFSETS = 10_000;

/** UTC offset of `timeZone` at an instant, in minutes (east positive: Berlin in summer is 120). */
export function offsetMinutesAt(ms: number, timeZone: string): number {
  let zone = offsets.get(timeZone);
  if (zone === undefined) {
    assertTimeZone(timeZone); // only a valid zone gets a cache
    zone = new Map();
    offsets.set(timeZone, zone);
  }
  let minutes = zone.get(ms);
  if (minutes === undefined) {
    minutes = tzOffset(timeZone, new Date(ms));
    if (zone.size >= MAX_CACHED_OFFSETS) zone.clear();
    zone.set(ms, minutes);
  }
  return minutes;
}

/** Wall-clock time → instant, reporting whether the time fell into a DST gap or overlap. */
export function resolveLocalDateTime(local: LocalDateTime, timeZone: string): ResolvedLocalTime {
  assertTimeZone(timeZone);
  const asUtc = Date.UTC(
    local.year,
    local.month - 1,
    local.day,
    local.hour ?? 0,
    local.minute ?? 0,
    local.second ?? 0,
    local.millisecond ?? 0,
  );
  // Zone offsets change at most once around any given wall time; the offsets a day before and a day
  // after are the only candidates.
  const before = offsetMinutesAt(asUtc - DAY_MS, timeZone);
  const after = offsetMinutesAt(asUtc + DAY_MS, timeZone);
  const fits = [...new Set([before, after])]
    .map((offset) => asUtc - offset * 60_000)
    .filter((ms) => asUtc - offsetMinutesAt(ms, timeZone) * 60_000 === ms)
    .sort((a, b) => a - b);
  const earliest = fits[0];
  if (earliest === undefined) return { ms: asUtc - before * 60_000, fit: "gap" };
  return { ms: earliest, fit: fits.length > 1 ? "overlap" : "exact" };
}

/** Wall-clock time in `timeZone` → epoch milliseconds (gaps move forward, overlaps take the earlier). */
export function zonedDateTimeToUtc(local: LocalDateTime, timeZone: string): number {
  return resolveLocalDateTime(local, timeZone).ms;
}

/** The wall-clock reading of an instant in `timeZone`. */
export function wallClockAt(ms: number, timeZone: string): Required<LocalDateTime> {
  assertTimeZone(timeZone);
  const d = new TZDate(ms, timeZone);
  return {
    year: d.getFullYear(),
    month: d.getMonth() + 1,
    day: d.getDate(),
    hour: d.getHours(),
    minute: d.getMinutes(),
    second: d.getSeconds(),
    millisecond: d.getMilliseconds(),
  };
}
