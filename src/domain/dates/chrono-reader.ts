import type { Component, ParsedResult } from "chrono-node";
// One path per locale: the package index loads all sixteen locales, four times the modules.
import * as de from "chrono-node/de";
import * as en from "chrono-node/en";
import { isOnlyFiller, prepareForChrono } from "./text.js";
import { offsetMinutesAt } from "./zone.js";

/**
 * What chrono-node understood of a phrase, as wall-clock fields. We do not take chrono's own
 * instant: its `timezone` reference option takes a fixed offset (an IANA name such as
 * "Europe/Berlin" is silently ignored and the process zone is used), so a date on the other side of
 * a DST switch would be off by an hour. We pass the zone's offset at `now`, which makes "today",
 * "yesterday" and weekdays come out as the user's calendar days, and then place the fields in the
 * real zone ourselves.
 */
export interface ChronoReading {
  /** The wall date chrono resolved (weekday and year-less dates are re-resolved by the caller). */
  readonly year: number;
  readonly month: number;
  readonly day: number;
  /** The phrase named a day (a date, weekday, "yesterday", "3 days ago"), not only a time. */
  readonly dateGiven: boolean;
  /** 0 = Sunday … 6, when the phrase named a weekday but no day of month. */
  readonly weekday: number | null;
  /** Day and month were given without a year ("3. März"). */
  readonly yearMissing: boolean;
  /** The clock time, when the phrase gave one. */
  readonly time: { readonly hour: number; readonly minute: number; readonly second: number } | null;
  /** Whether chrono fixed am/pm itself ("9pm", "14:00"). */
  readonly meridiemGiven: boolean;
  /** An explicit zone in the phrase ("14:00 UTC"), in minutes east of UTC. */
  readonly offsetMinutes: number | null;
  /** For offsets on the timeline ("in 3 hours") chrono's instant is the answer. */
  readonly relativeInstantMs: number | null;
}

// German first: it reads "3.4.2026" day-first, as users here write it; English covers the rest.
const LOCALES = [de, en] as const;

/** The one reading that covers the whole phrase (apart from filler words) and is not a range, or null. */
export function readWithChrono(text: string, now: number, timeZone: string): ChronoReading | null {
  const prepared = prepareForChrono(text);
  const reference = { instant: new Date(now), timezone: offsetMinutesAt(now, timeZone) };
  for (const locale of LOCALES) {
    const results = locale.parse(prepared, reference);
    const only = results.length === 1 ? results[0] : undefined;
    // A range ("9:00–17:00") is two instants; taking its start silently would lose the end.
    if (!only || only.end) continue;
    const rest = `${prepared.slice(0, only.index)} ${prepared.slice(only.index + only.text.length)}`;
    if (isOnlyFiller(rest)) return toReading(only);
  }
  return null;
}

const DATE_COMPONENTS: readonly Component[] = ["day", "weekday", "month", "year"];
const DATE_TAGS = [
  "casualReference/today",
  "casualReference/yesterday",
  "casualReference/tomorrow",
  "casualReference/tonight",
];

function toReading(result: ParsedResult): ChronoReading {
  const c = result.start;
  const tags = c.tags();
  const certain = (k: Component): boolean => c.isCertain(k);
  const num = (k: Component): number => c.get(k) ?? 0;
  const relative = tags.has("result/relativeDateAndTime");
  return {
    year: num("year"),
    month: num("month"),
    day: num("day"),
    dateGiven:
      DATE_COMPONENTS.some(certain) || tags.has("result/relativeDate") || DATE_TAGS.some((t) => tags.has(t)),
    weekday: certain("weekday") && !certain("day") ? num("weekday") : null,
    yearMissing: certain("month") && certain("day") && !certain("year"),
    time: certain("hour") ? { hour: num("hour"), minute: num("minute"), second: num("second") } : null,
    meridiemGiven: certain("meridiem"),
    offsetMinutes: certain("timezoneOffset") && !relative ? num("timezoneOffset") : null,
    relativeInstantMs: relative ? c.date().getTime() : null,
  };
}
