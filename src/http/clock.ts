/**
 * Where the HTTP layer gets its time: the current instant, a pause (backoff, Retry-After, the rate
 * window) and a timer (a request's timeout). Every wait and every timeout of a request is scheduled
 * here, never with the global timers directly, so a test can hand in a clock it moves itself and
 * see a hung request time out, or a minute's Retry-After pass, without waiting for either.
 */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  /** Resolves once `ms` have passed. */
  sleep(ms: number): Promise<void>;
  /** Calls `fire` once `ms` have passed, unless the returned function is called first. */
  timer(ms: number, fire: () => void): () => void;
}

export const systemClock: Clock = Object.freeze({
  now: () => Date.now(),
  sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  timer(ms: number, fire: () => void) {
    const handle = setTimeout(fire, ms);
    return () => clearTimeout(handle);
  },
});

/** The parts a caller injected, the system's for the rest. */
export function clockOf(parts: Partial<Clock>): Clock {
  return {
    now: parts.now ?? systemClock.now,
    sleep: parts.sleep ?? systemClock.sleep,
    timer: parts.timer ?? systemClock.timer,
  };
}
