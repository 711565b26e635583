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

/** Throws a RangeError for a zone the runtime does not know. A bad zone is a configuration error, not user input. */
export function assertTimeZone(timeZone: string): void {
  if (knownZones.has(timeZone)) return;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
  } catch {
    throw new RangeError(`Unknown time zone "${timeZone}": expected an IANA name such as "Europe/Berlin".`);
  }
  knownZones.add(timeZone);
}

/** The context's `now` in epoch milliseconds; validates the zone on the way. */
export function nowMs(ctx: DateContext): number {
  assertTimeZone(ctx.timeZone);
  const ms = typeof ctx.now === "number" ? ctx.now : ctx.now.getTime();
  if (!Number.isFinite(ms)) throw new RangeError("DateContext.now is not a valid time");
  return ms;
}
