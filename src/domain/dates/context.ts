/**
 * Every date function takes the current time and the user's zone as arguments, so nothing depends
 * on the wall clock or on the zone of the machine the server happens to run on.
 */

/** What a natural phrase is resolved against: the current instant and an IANA time zone. */
export interface DateContext {
  /** The current time, as a Date or epoch milliseconds. */
  readonly now: Date | number;
  /** IANA zone the user speaks in, e.g. "Europe/Berlin". */
  readonly timeZone: string;
}

const knownZones = new Set<string>();

/** Whether the runtime knows the zone (an IANA name or one of its aliases). */
export function isTimeZone(timeZone: string): boolean {
  if (knownZones.has(timeZone)) return true;
  // The canonical list answers the usual zones in ~2 ms; the first DateTimeFormat loads ICU's date
  // data (~15 ms), which a start that only answers initialize and tools/list does not need.
  // Aliases ("UTC", "US/Eastern") are not in that list and take the exact check.
  if (!Intl.supportedValuesOf("timeZone").includes(timeZone)) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone });
    } catch {
      return false;
    }
  }
  knownZones.add(timeZone);
  return true;
}

/** Throws a RangeError for a zone the runtime does not know. A bad zone is a configuration error, not user input. */
export function assertTimeZone(timeZone: string): void {
  if (!isTimeZone(timeZone))
    throw new RangeError(`Unknown time zone "${timeZone}": expected an IANA name such as "Europe/Berlin".`);
}

/** The context's `now` in epoch milliseconds; validates the zone on the way. */
export function nowMs(ctx: DateContext): number {
  assertTimeZone(ctx.timeZone);
  const ms = typeof ctx.now === "number" ? ctx.now : ctx.now.getTime();
  if (!Number.isFinite(ms)) throw new RangeError("DateContext.now is not a valid time");
  return ms;
}
