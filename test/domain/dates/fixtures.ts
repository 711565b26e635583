import type { DateContext } from "../../../src/domain/dates/index.js";

export const BERLIN = "Europe/Berlin";
export const NEW_YORK = "America/New_York";

/** A context whose `now` is the given ISO instant (with offset) in `timeZone`. */
export function at(iso: string, timeZone: string = BERLIN): DateContext {
  const now = Date.parse(iso);
  if (Number.isNaN(now)) throw new Error(`bad fixture instant ${iso}`);
  return { now, timeZone };
}

/** Sunday 22 November 2026, 10:15 in Berlin (CET, +01:00): the default pinned clock. */
export const SUNDAY = at("2026-11-22T10:15:00+01:00");
