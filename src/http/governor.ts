/**
 * A client-side rate governor for one API key, so that callers wait here instead of collecting 429s.
 *
 * The service allows `limit` requests per window (100 a minute) and counts by arrival. We cannot see
 * arrival times, but a request arrives after it was sent and before its answer came back. So a
 * request occupies a slot from the moment it is admitted until one window after its answer: at any
 * moment, admitting only while fewer than `limit` slots are occupied keeps every window of the
 * server's, fixed or sliding, at or under the limit.
 *
 * Admission is first come, first served. A 429 pauses everyone for its `Retry-After`;
 * `X-RateLimit-Remaining: 0` pauses until the window turns; `X-RateLimit-Limit` resizes. What the
 * service says is believed only within the bounds of rate-rules.ts, shared with the Redis
 * governor: a wait of more than a few windows becomes one window, a limit above MAX_TRUSTED_LIMIT
 * (10^9 would switch pacing off) is capped, and nothing that is not a whole number of at least 1
 * counts. A waiting caller may be told of its wait (at least every PROGRESS_EVERY_MS) and may
 * cancel it.
 */
import { PROGRESS_EVERY_MS, unlessCancelled, WaitCancelled, type Waiting } from "./call-budget.js";
import { type Clock, clockOf } from "./clock.js";
import { believableWait, trustedLimit } from "./rate-rules.js";
import { capServerWait } from "./retry.js";

export { MAX_TRUSTED_LIMIT } from "./rate-rules.js";

export const DEFAULT_LIMIT = 100;
export const DEFAULT_WINDOW_MS = 60_000;
export const DEFAULT_MAX_IN_FLIGHT = 4;

/** What the governor paces by: `limit` requests per `windowMs`. */
export interface RateLimit {
  limit: number;
  windowMs: number;
}

/** `now` and `sleep` (clock.ts): the system's unless a test gives its own. */
export interface GovernorOptions extends Partial<Pick<Clock, "now" | "sleep">> {
  limit?: number;
  windowMs?: number;
  maxInFlight?: number;
}

/** What the answer told us; given back when a request finishes. */
export interface ResponseSignals {
  status?: number | undefined;
  limit?: string | undefined;
  remaining?: string | undefined;
  retryAfterMs?: number | undefined;
  /** `X-RateLimit-Reset`, parsed: ms until the window turns. */
  resetMs?: number | undefined;
}

export interface Permit {
  release(signals?: ResponseSignals): void;
}

/**
 * What the API client needs from a governor: a slot before each request, given back with what the
 * answer said. RateGovernor keeps the slots in this process; the hosted mode's RedisGovernor keeps
 * them in Redis, shared by every instance using the key.
 */
export interface Governor {
  /**
   * Waits for a slot; rejects with GovernorWaitTooLong when the wait would end after `deadline`
   * (epoch ms), and with WaitCancelled when `waiting.signal` aborts. Reports long waits to `onWait`.
   */
  acquire(deadline?: number, waiting?: Waiting): Promise<Permit>;
  /** The limit learned so far (or the documented one), for messages. */
  rateLimit(): RateLimit;
}

/** Thrown by `acquire` when the wait would end after the caller's deadline. */
export class GovernorWaitTooLong extends Error {
  constructor(readonly waitMs: number) {
    super(`the rate limit needs a wait of ${waitMs} ms`);
  }
}

export class RateGovernor implements Governor {
  private limit: number;
  private readonly windowMs: number;
  private readonly maxInFlight: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  /** Times at which finished requests stop occupying a slot, ascending. */
  private readonly freesAt: number[] = [];
  private inFlight = 0;
  private pausedUntil = 0;
  private queue: Promise<void> = Promise.resolve();
  /** Callers in the queue whose turn has not yet passed. */
  private queued = 0;
  private wakeOnRelease: (() => void) | undefined;

  constructor(options: GovernorOptions = {}) {
    this.limit = options.limit ?? DEFAULT_LIMIT;
    this.windowMs = options.windowMs ?? DEFAULT_WINDOW_MS;
    this.maxInFlight = options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT;
    const clock = clockOf(options);
    this.now = clock.now;
    this.sleep = clock.sleep;
  }

  /**
   * Waits for a slot. `deadline` (epoch ms): fail fast with GovernorWaitTooLong rather than wait
   * past it. `waiting`: hear of the wait, or cancel it (WaitCancelled; the slot is never taken).
   */
  acquire(deadline = Number.POSITIVE_INFINITY, waiting: Waiting = {}): Promise<Permit> {
    // Nobody queued and room now: the slot at once. No one is passed over, and the call is spared
    // a turn in the queue and a listener on its signal (the usual case of a key not at its limit).
    if (this.queued === 0 && !waiting.signal?.aborted) {
      const now = this.now();
      this.forgetFreedSlots(now);
      if (this.timeUntilRoom(now) === 0) {
        this.inFlight += 1;
        return Promise.resolve(this.permit());
      }
    }
    this.queued += 1;
    const turn = this.queue.then(() => this.waitForRoom(deadline, waiting));
    // The next caller queues behind this one whether it is admitted or gives up.
    const passed = () => {
      this.queued -= 1;
    };
    this.queue = turn.then(passed, passed);
    // A caller cancelled while still queued stops waiting at once; its turn, when it comes, passes.
    return unlessCancelled(turn, waiting.signal);
  }

  private async waitForRoom(deadline: number, waiting: Waiting): Promise<Permit> {
    for (;;) {
      if (waiting.signal?.aborted) throw new WaitCancelled();
      const now = this.now();
      this.forgetFreedSlots(now);
      const wait = this.timeUntilRoom(now);
      if (wait === 0) break;
      if (wait === "release") {
        // Not raced against the signal: acquire() already answers a cancelled caller at once, and
        // only a release can make room for anyone behind, when this turn sees the cancel and passes.
        await new Promise<void>((resolve) => {
          this.wakeOnRelease = resolve;
        });
        continue;
      }
      if (now + wait > deadline) throw new GovernorWaitTooLong(wait);
      waiting.onWait?.(now + wait);
      // In steps, so a long wait is reported again before the caller's client gives up on it.
      await unlessCancelled(this.sleep(Math.min(wait, PROGRESS_EVERY_MS)), waiting.signal);
    }
    this.inFlight += 1;
    return this.permit();
  }

  /** 0 when a request may go now, "release" when only a finishing request can make room, else ms. */
  private timeUntilRoom(now: number): number | "release" {
    if (now < this.pausedUntil) return this.pausedUntil - now;
    if (this.inFlight >= this.maxInFlight) return "release";
    if (this.inFlight + this.freesAt.length < this.limit) return 0;
    const oldest = this.freesAt[0];
    return oldest === undefined ? "release" : oldest - now;
  }

  private permit(): Permit {
    let released = false;
    return {
      release: (signals = {}) => {
        if (released) return;
        released = true;
        this.inFlight -= 1;
        const now = this.now();
        // +1 ms: the server's own clock may start its next window on the very millisecond.
        this.freesAt.push(now + this.windowMs + 1);
        this.learn(signals, now);
        const wake = this.wakeOnRelease;
        this.wakeOnRelease = undefined;
        wake?.();
      },
    };
  }

  private learn(signals: ResponseSignals, now: number): void {
    this.limit = trustedLimit(signals.limit) ?? this.limit;
    const asked = believableWait(this.windowMs, signals.retryAfterMs, signals.resetMs);
    if (signals.status === 429) {
      this.pause(now, asked ?? this.windowMs / 60);
    } else if (signals.remaining !== undefined && Number(signals.remaining) === 0) {
      // The server's window is full. If our own slots do not account for that (another process
      // uses the same key), wait until the window has turned.
      const ownSlotsFillIt = this.inFlight + this.freesAt.length >= this.limit;
      if (!ownSlotsFillIt) this.pause(now, asked ?? this.windowMs);
    }
  }

  /** Capped here as well as where headers are parsed: no signal can stop every tool for long. */
  private pause(now: number, waitMs: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, now + capServerWait(waitMs));
  }

  /** The limit learned so far (or the documented one), for messages. */
  rateLimit(): RateLimit {
    return { limit: this.limit, windowMs: this.windowMs };
  }

  private forgetFreedSlots(now: number): void {
    while (this.freesAt.length > 0 && this.freesAt[0]! <= now) this.freesAt.shift();
  }

  /** For diagnostics and tests: slots occupied right now. */
  occupied(): number {
    this.forgetFreedSlots(this.now());
    return this.inFlight + this.freesAt.length;
  }
}

const governors = new Map<string, RateGovernor>();

/** One governor per API key (and base URL) in this process, shared by every client using that key. */
export function governorFor(identity: string, options: GovernorOptions = {}): RateGovernor {
  let governor = governors.get(identity);
  if (!governor) {
    governor = new RateGovernor(options);
    governors.set(identity, governor);
  }
  return governor;
}
