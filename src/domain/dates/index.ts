/**
 * Dates, periods and durations as users write them, English or German, resolved against an
 * injected `now` and IANA zone (never the wall clock or the process zone).
 *
 * Choices, in one place:
 * - ISO without an offset is wall-clock time in the zone; with an offset or "Z" it is exact.
 * - A local time skipped by spring-forward moves forward by the gap (02:30 → 03:30); a repeated
 *   autumn time takes the earlier (summer) occurrence. `resolveInstant` reports which happened.
 * - No time given: start of the day (00:00); a part of day instead: morning 09:00, noon 12:00,
 *   afternoon 14:00, evening 18:00, night 22:00. "abends 8 Uhr" is 20:00.
 * - Weekdays lean to the past: "last Monday" is the most recent Monday before today, "Monday" the
 *   most recent including today, "next Monday" the first after today, "this Monday" in the ISO week.
 *   Day and month without a year ("3. März") are the most recent such date.
 * - "3/4/2026" is refused as ambiguous; dotted dates are day-first ("3.4.2026" is 3 April).
 * - A month, quarter, half-year or ISO week without a year is the most recent that has begun (on
 *   1 January "Q4" and "KW 52" are last year's); a range's first side borrows the second's year.
 * - "Anfang/Mitte/Ende März" (early/mid/late) are days 1–10, 11–20 and 21 to the month's end;
 *   "letztes Wochenende" is Saturday and Sunday of the previous ISO week.
 * - Month and year offsets clamp to the month end ("a month ago" on 31 March is 28/29 February).
 * - A bare hour 1–7 without am/morgens/früh or a part of day is afternoon ("yesterday at 3" is
 *   15:00); "3:00" and "03 Uhr" are as written. Readings like these are returned as
 *   `assumptions` so a tool can say what it took, and the bare hour's two readings as
 *   `hourReadings`, so a write (log_time) can ask instead of guessing.
 * - An end time without a date is on the start's day (resolveEndInstant); one before the start is
 *   refused unless the end says the work ran past midnight ("1:00 overnight", "1:00 über Nacht").
 * - Durations are whole minutes, rounded half up; a number without a unit is refused.
 * - Instants are shown as ISO local time with offset ("2026-03-29T10:00:00+02:00").
 */
export type { DateContext } from "./context.js";
export { assertTimeZone } from "./context.js";
export { parseDay } from "./day.js";
export { formatDuration, parseDuration } from "./duration.js";
export type { DateInputKind } from "./errors.js";
export { DateInputError } from "./errors.js";
export type { InstantLike, UtcRange } from "./format.js";
export { dayBoundsUtc, formatDay, formatInstant, formatLocalDateTime, rangeBoundsUtc } from "./format.js";
export type { ResolvedInstant, TimeOfDaySource } from "./instant.js";
export { FUTURE_TOLERANCE_MS, parseInstant, resolveEndInstant, resolveInstant } from "./instant.js";
export type { Period } from "./period.js";
export { parsePeriod } from "./period.js";
export type { PartOfDay } from "./text.js";
export { PART_OF_DAY_HOUR } from "./text.js";
export { MAX_YEAR, MIN_YEAR, parseYear } from "./year.js";
export type { LocalDateTime, LocalTimeFit, ResolvedLocalTime } from "./zone.js";
export { offsetMinutesAt, resolveLocalDateTime, wallClockAt, zonedDateTimeToUtc } from "./zone.js";
