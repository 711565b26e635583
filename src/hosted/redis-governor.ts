/**
 * The rate governor of one API key, shared through Redis by every instance of the hosted server.
 *
 * The same model as the in-memory RateGovernor (src/http/governor.ts): a request occupies a slot
 * from admission until one window after its answer, and requests are admitted only while fewer
 * than `limit` slots are occupied. Here the slots are members of a sorted set, scored with the
 * moment they free; one Lua script checks and takes a slot atomically (or returns how long until
 * the oldest frees), so two instances can never both take the last one. Times come from Redis'
 * own clock, so instances with drifting clocks still agree; a small margin is added to every slot
 * for timer jitter. A 429 sets a pause key that every instance honours, so one `Retry-After`
 * holds for all of them, and the limit the service announces is kept there too, so an instance
 * that just started counts against the same limit as the others.
 *
 * Redis may come back empty after an outage (no persistence, a new server), while the service still
 * counts the requests of its current window. So each instance also remembers the slots it holds
 * itself, and puts them back when it finds Redis in a new epoch (a key that lives with the slots;
 * missing means the shared state was lost): on every reconnection, before its next reservation.
 * The budget is then rebuilt from every instance's own share, and the first calls after the return
 * are not a burst the service would answer with 429s, pausing every instance.
 */
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { PROGRESS_EVERY_MS, unlessCancelled, WaitCancelled, type Waiting } from "../http/call-budget.js";
import {
  DEFAULT_LIMIT,
  DEFAULT_MAX_IN_FLIGHT,
  DEFAULT_WINDOW_MS,
  type Governor,
  GovernorWaitTooLong,
  type Permit,
  type RateLimit,
  type ResponseSignals,
} from "../http/governor.js";
import { believableWait, MAX_TRUSTED_LIMIT, trustedLimit } from "../http/rate-rules.js";

/** A slot whose answer never came back (the instance died) frees after this much more. */
const IN_FLIGHT_HOLD_MS = 60_000;

// KEYS: slots, pause, limit. ARGV: default limit, member, hold ms, the largest limit believed.
// Returns {1, 0} (granted) or {0, wait ms}. The limit the service last announced
// (X-RateLimit-Limit) wins over the default, capped again here: an older release may have stored
// any number.
const RESERVE = `
local limit = math.min(tonumber(redis.call('GET', KEYS[3]) or ARGV[1]) or tonumber(ARGV[1]), tonumber(ARGV[4]))
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local paused = redis.call('PTTL', KEYS[2])
if paused > 0 then return {0, paused} end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) < limit then
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[2])
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
  return {1, 0}
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {0, math.max(1, tonumber(oldest[2]) - now)}
`;

// KEYS: slots, pause, limit. ARGV: member, hold after the answer (window + margin), pause ms
// (0: none), the limit the answer announced (0: none; already judged by rate-rules.ts), "1" when
// the service said its window is full. Returns nothing.
const RELEASE = `
if tonumber(ARGV[4]) > 0 then redis.call('SET', KEYS[3], ARGV[4], 'PX', 24 * 3600 * 1000) end
local limit = math.min(tonumber(redis.call('GET', KEYS[3]) or '${DEFAULT_LIMIT}') or ${DEFAULT_LIMIT}, ${MAX_TRUSTED_LIMIT})
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[2]), ARGV[1])
local pause = tonumber(ARGV[3])
if ARGV[5] == '1' and redis.call('ZCARD', KEYS[1]) < limit then
  -- The service's window is full, yet our slots do not fill it: someone else uses the key.
  pause = math.max(pause, tonumber(ARGV[2]))
end
if pause > 0 and redis.call('PTTL', KEYS[2]) < pause then
  redis.call('SET', KEYS[2], '1', 'PX', pause)
end
return 0
`;

// KEYS: slots, epoch, pause. ARGV: a new epoch (used when none is set), the epoch this instance
// last saw ('' for none), a settling pause in ms, then pairs of member and ms until it frees: the
// slots the instance holds. When the epoch is not the one it saw, the shared state was lost (or it
// is the instance's first contact): its slots are put back (never moved if already there). The
// instance that finds the state lost (it knew an epoch, and there is none) also pauses every
// instance for the settling time, so that the others reconnect and put their slots back before
// anyone takes what only looks free. Returns the epoch.
const REBUILD = `
local epoch = redis.call('GET', KEYS[2])
if not epoch then
  epoch = ARGV[1]
  local settle = tonumber(ARGV[3])
  if ARGV[2] ~= '' and redis.call('PTTL', KEYS[3]) < settle then
    redis.call('SET', KEYS[3], '1', 'PX', settle)
  end
end
redis.call('SET', KEYS[2], epoch, 'PX', 24 * 3600 * 1000)
if epoch ~= ARGV[2] and #ARGV > 3 then
  local t = redis.call('TIME')
  local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  local longest = 0
  for i = 4, #ARGV - 1, 2 do
    local ms = tonumber(ARGV[i + 1])
    redis.call('ZADD', KEYS[1], 'NX', now + ms, ARGV[i])
    if ms > longest then longest = ms end
  end
  if redis.call('PTTL', KEYS[1]) < longest then redis.call('PEXPIRE', KEYS[1], longest) end
end
return epoch
`;

/**
 * How long every instance holds off after one finds the shared state lost: about the longest pause
 * between ioredis' reconnection attempts (2 s), so every instance is back and has put its slots
 * back; never longer than a window.
 */
const SETTLE_MS = 2_500;

interface GovernorRedis extends Redis {
  governorRebuild(
    slots: string,
    epochKey: string,
    pause: string,
    fresh: string,
    known: string,
    settleMs: number,
    ...held: (string | number)[]
  ): Promise<string>;
  governorReserve(
    slots: string,
    pause: string,
    limitKey: string,
    limit: number,
    member: string,
    holdMs: number,
    maxLimit: number,
  ): Promise<[number, number]>;
  governorRelease(
    slots: string,
    pause: string,
    limitKey: string,
    member: string,
    holdMs: number,
    pauseMs: number,
    limit: number,
    full: string,
  ): Promise<number>;
}

/** Registers the two scripts on a connection (ioredis sends EVALSHA, and the script on a miss). */
export function withGovernorScripts(redis: Redis): GovernorRedis {
  const scripted = redis as GovernorRedis;
  if (typeof scripted.governorReserve !== "function") {
    redis.defineCommand("governorReserve", { numberOfKeys: 3, lua: RESERVE });
    redis.defineCommand("governorRelease", { numberOfKeys: 3, lua: RELEASE });
    redis.defineCommand("governorRebuild", { numberOfKeys: 3, lua: REBUILD });
  }
  return scripted;
}

export interface RedisGovernorOptions {
  windowMs?: number;
  limit?: number;
  /** Concurrent requests of this process on the key, as the in-memory governor allows. */
  maxInFlight?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export class RedisGovernor implements Governor {
  private readonly slots: string;
  private readonly pause: string;
  private readonly limitKey: string;
  private readonly epochKey: string;
  private readonly windowMs: number;
  /** Margin for timer and clock jitter: 2 % of the window, at least 50 ms. */
  private readonly marginMs: number;
  private limit: number;
  private readonly maxInFlight: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private inFlight = 0;
  private readonly waitingForRoom: (() => void)[] = [];
  /** The slots this instance holds, by member: when each frees, on this process' clock. */
  private readonly held = new Map<string, number>();
  /** The epoch of the shared state this instance last saw; undefined before its first contact. */
  private epoch: string | undefined;
  /** Set at start, on every reconnection and after a failed command: check the epoch first. */
  private rebuild: Promise<void> | undefined;
  private needsRebuild = true;

  constructor(
    private readonly redis: GovernorRedis,
    /** A hash of base URL and key: the key itself never reaches Redis. */
    identity: string,
    options: RedisGovernorOptions = {},
  ) {
    this.slots = `invoicing-mcp:rate:${identity}:slots`;
    this.pause = `invoicing-mcp:rate:${identity}:pause`;
    this.limitKey = `invoicing-mcp:rate:${identity}:limit`;
    this.epochKey = `invoicing-mcp:rate:${identity}:epoch`;
    this.windowMs = options.windowMs ?? DEFAULT_WINDOW_MS;
    this.marginMs = Math.max(50, Math.round(this.windowMs * 0.02));
    this.limit = options.limit ?? DEFAULT_LIMIT;
    this.maxInFlight = options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.now = options.now ?? Date.now;
  }

  async acquire(deadline = Number.POSITIVE_INFINITY, waiting: Waiting = {}): Promise<Permit> {
    while (this.inFlight >= this.maxInFlight) {
      let cancelled = false;
      try {
        await unlessCancelled(
          new Promise<void>((resolve) =>
            // A caller that gave up passes its turn on, so no one behind it waits for nothing.
            this.waitingForRoom.push(() => (cancelled ? this.waitingForRoom.shift()?.() : resolve())),
          ),
          waiting.signal,
        );
      } catch (error) {
        cancelled = true;
        throw error;
      }
    }
    this.inFlight += 1;
    try {
      if (this.needsRebuild) await this.rebuilt();
      const member = randomUUID();
      // Re-ask at least this often: a slot may free early (an answer came back sooner than held).
      const recheckMs = Math.max(25, Math.min(1_000, Math.round(this.windowMs / 10)));
      for (;;) {
        const [granted, wait] = await this.redis.governorReserve(
          this.slots,
          this.pause,
          this.limitKey,
          this.limit,
          member,
          this.windowMs + IN_FLIGHT_HOLD_MS,
          MAX_TRUSTED_LIMIT,
        );
        if (granted === 1) {
          this.hold(member, this.windowMs + IN_FLIGHT_HOLD_MS);
          return this.permit(member);
        }
        if (this.now() + wait > deadline) throw new GovernorWaitTooLong(wait);
        waiting.onWait?.(this.now() + wait);
        await unlessCancelled(this.sleep(Math.min(wait, recheckMs, PROGRESS_EVERY_MS)), waiting.signal);
      }
    } catch (error) {
      this.leave();
      if (!(error instanceof GovernorWaitTooLong) && !(error instanceof WaitCancelled)) {
        this.needsRebuild = true; // Redis failed us: it may come back empty
      }
      throw error;
    }
  }

  /**
   * Called when the connection to Redis is ready again: puts this instance's slots back if the
   * shared state was lost, at once, so a burst from another instance cannot take them first.
   */
  recover(): void {
    this.needsRebuild = true;
    void this.rebuilt().catch(() => undefined);
  }

  /** Checks the epoch and puts back the slots this instance holds if it changed; one at a time. */
  private rebuilt(): Promise<void> {
    this.rebuild ??= (async () => {
      try {
        const now = this.now();
        const held: (string | number)[] = [];
        for (const [member, freesAt] of this.held) {
          if (freesAt <= now) this.held.delete(member);
          else held.push(member, Math.ceil(freesAt - now));
        }
        this.epoch = await this.redis.governorRebuild(
          this.slots,
          this.epochKey,
          this.pause,
          randomUUID(),
          this.epoch ?? "",
          Math.min(SETTLE_MS, this.windowMs),
          ...held,
        );
        this.needsRebuild = false;
      } finally {
        this.rebuild = undefined;
      }
    })();
    return this.rebuild;
  }

  /** Remembers a slot this instance holds until `forMs` from now. */
  private hold(member: string, forMs: number): void {
    const now = this.now();
    if (this.held.size > 2 * this.limit) {
      for (const [key, freesAt] of this.held) if (freesAt <= now) this.held.delete(key);
    }
    this.held.set(member, now + forMs);
  }

  rateLimit(): RateLimit {
    return { limit: this.limit, windowMs: this.windowMs };
  }

  private permit(member: string): Permit {
    let released = false;
    return {
      release: (signals: ResponseSignals = {}) => {
        if (released) return;
        released = true;
        this.leave();
        this.hold(member, this.windowMs + this.marginMs);
        // The same rules as the in-memory governor's (rate-rules.ts).
        const limit = trustedLimit(signals.limit) ?? 0;
        if (limit > 0) this.limit = limit;
        const asked = believableWait(this.windowMs, signals.retryAfterMs, signals.resetMs);
        const pauseMs = signals.status === 429 ? (asked ?? this.windowMs / 60) + this.marginMs : 0;
        const full = signals.remaining !== undefined && Number(signals.remaining) === 0 ? "1" : "0";
        // Fire and forget: if Redis misses this, the slot frees after its in-flight hold.
        void this.redis
          .governorRelease(
            this.slots,
            this.pause,
            this.limitKey,
            member,
            this.windowMs + this.marginMs,
            Math.ceil(pauseMs),
            limit,
            full,
          )
          .catch(() => {
            this.needsRebuild = true;
          });
      },
    };
  }

  private leave(): void {
    this.inFlight -= 1;
    this.waitingForRoom.shift()?.();
  }
}
