import { addMonths } from "date-fns/addMonths";
import type { CalendarDay } from "./calendar.js";

/**
 * "a month ago", "vor einem Monat", "vor 2 Jahren", "in 3 months": offsets in months or years are
 * counted here on the calendar, clamped to the last day of the target month as calendars and
 * date-fns do (31 March minus a month is 28/29 February; 29 February 2028 minus a year is
 * 28 February 2027). chrono-node would roll over into the next month instead (3 March, 1 March),
 * so the offset is replaced by the day it names ("28.2.2026") before chrono reads the rest
 * ("vor einem Monat um 14 Uhr"). Day and week offsets have no such edge and stay with chrono.
 */

const COUNT_WORDS: ReadonlyMap<string, number> = new Map([
  ["a", 1],
  ["an", 1],
  ["one", 1],
  ["ein", 1],
  ["eins", 1],
  ["einem", 1],
  ["einen", 1],
  ["einer", 1],
  ["two", 2],
  ["zwei", 2],
  ["three", 3],
  ["drei", 3],
  ["four", 4],
  ["vier", 4],
  ["five", 5],
  ["fuenf", 5],
  ["fünf", 5],
  ["six", 6],
  ["sechs", 6],
]);

const COUNT = `(\\d{1,3}|${[...COUNT_WORDS.keys()].join("|")})`;
const MONTHS = "months?|monate?n?";
const YEARS = "years?|jahre?n?";
const UNIT = `(${MONTHS}|${YEARS})`;

const PATTERNS: ReadonlyArray<readonly [RegExp, 1 | -1]> = [
  [new RegExp(`\\bvor\\s+${COUNT}\\s+${UNIT}\\b`, "gi"), -1],
  [new RegExp(`\\b${COUNT}\\s+${UNIT}\\s+ago\\b`, "gi"), -1],
  [new RegExp(`\\bin\\s+${COUNT}\\s+${UNIT}\\b`, "gi"), 1],
  [new RegExp(`\\b${COUNT}\\s+${UNIT}\\s+from\\s+now\\b`, "gi"), 1],
];

/** The text with month and year offsets from `today` replaced by the day they name ("28.2.2026"). */
export function substituteCalendarOffsets(text: string, today: CalendarDay): string {
  return PATTERNS.reduce(
    (out, [pattern, sign]) =>
      out.replace(pattern, (whole, count: string, unit: string) => {
        const n = /^\d+$/.test(count) ? Number(count) : COUNT_WORDS.get(count.toLowerCase());
        if (n === undefined) return whole;
        const months = sign * n * (new RegExp(`^(?:${YEARS})$`, "i").test(unit) ? 12 : 1);
        const day = addMonths(today, months);
        return `${day.getDate()}.${day.getMonth() + 1}.${day.getFullYear()}`;
      }),
    text,
  );
}
