import { type Sandbox, type SandboxOptions, startSandbox } from "@invoicing-mcp/sandbox";
import { afterAll, beforeAll } from "vitest";
import { ApiClient, type ApiClientOptions } from "../../src/http/client.js";
import { RateGovernor } from "../../src/http/governor.js";

/** The reference "today" of the demo data in tests: a Sunday in November 2026, Berlin time. */
export const REFERENCE_DATE = Date.parse("2026-11-22T10:15:00+01:00");

/** Starts one sandbox on port 0 for the enclosing describe block, quiet and with pinned demo data. */
export function useSandbox(options: SandboxOptions = {}): () => Sandbox {
  let sandbox: Sandbox | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox({
      quiet: true,
      referenceDate: REFERENCE_DATE,
      now: () => REFERENCE_DATE,
      // The pinned clock never turns a rate window; tests of the limit pass their own.
      rateLimit: { limit: 1_000_000, windowMs: 60_000 },
      ...options,
    });
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  return () => {
    if (!sandbox) throw new Error("sandbox not started");
    return sandbox;
  };
}

/** A client of its own (own governor, so tests never share rate state), talking to the sandbox. */
export function clientFor(sandbox: Sandbox, options: Partial<ApiClientOptions> = {}): ApiClient {
  return new ApiClient({
    baseUrl: sandbox.url,
    apiKey: sandbox.keys.demo,
    governor: new RateGovernor(),
    ...options,
  });
}

/** A clock that moves only when the code under test sleeps; records every sleep. */
export function fakeClock(start = REFERENCE_DATE) {
  let now = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
  };
}
