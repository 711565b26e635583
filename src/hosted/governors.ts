/**
 * One rate governor per API key, shared by everything that uses the key. In memory, that is this
 * process (the stdio mode's governor); with Redis, every instance of the hosted server.
 */
import { createHash } from "node:crypto";
import { type Governor, governorFor } from "../http/governor.js";

export interface GovernorSource {
  governor(baseUrl: string, apiKey: string): Governor;
  /** Throws when the backing engine cannot be reached (for /readyz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The key's identity for rate purposes, never the key itself: a hash of base URL and key. */
export function keyIdentity(baseUrl: string, apiKey: string): string {
  return createHash("sha256").update(`${baseUrl}\n${apiKey}`).digest("hex");
}

export function memoryGovernors(windowMs: number | undefined): GovernorSource {
  return {
    governor: (baseUrl, apiKey) =>
      governorFor(keyIdentity(baseUrl, apiKey), windowMs === undefined ? {} : { windowMs }),
    ping: async () => undefined,
    close: async () => undefined,
  };
}
