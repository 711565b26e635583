/**
 * One rate governor per API key, shared by everything that uses the key. In memory, that is this
 * process (the stdio mode's governor); with Redis, every instance of the hosted server.
 */
import type { Redis } from "ioredis";
import { WaitCancelled } from "../http/call-budget.js";
import { type Governor, GovernorWaitTooLong, governorFor } from "../http/governor.js";
import { keyIdentity } from "../http/key-identity.js";
import { connectAtStart } from "./engine-start.js";
import { isConnectionError, OutageLog } from "./outage.js";

export interface GovernorSource {
  governor(baseUrl: string, apiKey: string): Governor;
  /** Throws when the backing engine cannot be reached (for /readyz). */
  ping(): Promise<void>;
  /** The Redis connection behind the governors, for other counts every instance shares. */
  redis?: Redis;
  close(): Promise<void>;
}

export function memoryGovernors(windowMs: number | undefined): GovernorSource {
  return {
    governor: (baseUrl, apiKey) =>
      governorFor(keyIdentity(baseUrl, apiKey), windowMs === undefined ? {} : { windowMs }),
    ping: async () => undefined,
    close: async () => undefined,
  };
}

/** INVOICING_REDIS_URL: one governor per key for every instance on this Redis. */
export async function redisGovernors(
  url: string,
  windowMs: number | undefined,
  log: (message: string) => void,
): Promise<GovernorSource> {
  const [ioredis, { RedisGovernor, withGovernorScripts }] = await Promise.all([
    import("ioredis"),
    import("./redis-governor.js"),
  ]);
  // Node's ESM loader offers the class as a named export; in the split bundle, esbuild's CommonJS
  // interop offers it on the default export only (as with undici's Agent).
  const interop = ioredis as typeof ioredis & { default?: { Redis?: typeof ioredis.Redis } };
  const Redis =
    ioredis.Redis ?? interop.default?.Redis ?? (interop.default as unknown as typeof ioredis.Redis);
  // Fail fast instead of queueing while disconnected: a call then reports the outage, and /readyz too.
  const redis = withGovernorScripts(
    new Redis(url, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      connectTimeout: 2_000,
      lazyConnect: true,
    }),
  );
  let lastError: unknown;
  redis.on("error", (error) => {
    lastError = error; // reported by /readyz and by the calls that need it
  });
  // ioredis's connect() rejects with "Connection is closed." only after its retries; the first
  // error event already says why, so a start fails on that.
  await connectAtStart(
    "Redis",
    "INVOICING_REDIS_URL",
    url,
    () =>
      new Promise<void>((resolve, reject) => {
        redis.once("error", reject);
        redis.connect().then(() => {
          redis.off("error", reject);
          resolve();
        }, reject);
      }),
    () => redis.disconnect(),
    () => lastError,
  );
  const governors = new Map<string, Governor>();
  const shared = new Map<string, InstanceType<typeof RedisGovernor>>();
  // Back after an outage: each governor puts back the slots it holds if Redis lost them.
  redis.on("ready", () => {
    for (const governor of shared.values()) governor.recover();
  });
  const outage = new OutageLog("Redis", "the shared rate budget", url, log);
  return {
    redis,
    governor(baseUrl, apiKey) {
      const identity = keyIdentity(baseUrl, apiKey);
      let governor = governors.get(identity);
      if (!governor) {
        const redisGovernor = new RedisGovernor(redis, identity, windowMs === undefined ? {} : { windowMs });
        shared.set(identity, redisGovernor);
        governor = governorReportingOutages(redisGovernor, outage);
        governors.set(identity, governor);
      }
      return governor;
    },
    ping: async () => {
      await redis.ping();
    },
    close: async () => {
      redis.disconnect();
    },
  };
}

/**
 * Redis unreachable: the call is refused with an EngineOutageError (nothing was sent to the
 * service), and the outage is logged once; a wait that ends on its own terms passes unchanged.
 */
function governorReportingOutages(governor: Governor, outage: OutageLog): Governor {
  return {
    async acquire(deadline, waiting) {
      try {
        const permit = await governor.acquire(deadline, waiting);
        outage.succeeded();
        return permit;
      } catch (error) {
        if (error instanceof GovernorWaitTooLong || error instanceof WaitCancelled) throw error;
        if (!isConnectionError("Redis", error)) throw error;
        throw outage.failed(error);
      }
    },
    rateLimit: () => governor.rateLimit(),
  };
}
