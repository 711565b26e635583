import { dayOfInstant, isoDay } from "./calendar.js";
import type { DateContext } from "./context.js";
import { DateInputError } from "./errors.js";
import { readPhrase } from "./phrase.js";

/**
 * A calendar day "YYYY-MM-DD" in the context's zone, for invoice dates and filters: "2026-03-29",
 * "today", "heute", "yesterday", "gestern", "last Friday", "1. März 2026", "March 3, 2026",
 * "3.3.2026". An instant with an offset counts on the day it falls on in the zone
 * ("2026-03-29T23:30:00Z" is 30 March in Berlin). A bare time ("14:00") is refused.
 */
export function parseDay(text: string, ctx: DateContext): string {
  const reading = readPhrase(text, ctx, "day");
  if (reading.kind === "exact") return isoDay(dayOfInstant(reading.ms, ctx.timeZone));
  if (!reading.dateGiven) throw new DateInputError("day", text, "it names a time of day but no date");
  return isoDay(reading.day);
}
