import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Engine, startRedis } from "../helpers/engines.js";
import { type Hosted, httpClient, startHosted, textOf } from "../helpers/hosted.js";
import { REFERENCE_DATE, useSandbox } from "../helpers/sandbox.js";

/**
 * Two `serve` instances share one API key's rate budget through Redis. The sandbox enforces the
 * documented limit of 100 requests per window, with the window scaled down to one second so 300
 * calls take seconds, not minutes.
 */
const WINDOW_MS = 1_000;
const CALLS = 300;

describe("two instances on one Redis share the key's rate budget", () => {
  const sandbox = useSandbox({
    referenceDate: REFERENCE_DATE,
    now: Date.now,
    rateLimit: { limit: 100, windowMs: WINDOW_MS },
  });
  let redis: Engine;
  let hosted: Hosted;

  beforeAll(async () => {
    redis = await startRedis();
    hosted = await startHosted({
      tenants: [{ id: "busy", apiKeyEnv: "BUSY_KEY", baseUrl: sandbox().url }],
      env: {
        BUSY_KEY: sandbox().keys.demo,
        INVOICING_REDIS_URL: redis.url,
        INVOICING_RATE_WINDOW_MS: String(WINDOW_MS),
      },
      instances: 2,
    });
  }, 30_000);
  afterAll(async () => {
    await hosted?.stop();
    await redis?.stop();
  });

  it(`answers a burst of ${CALLS} calls spread over both, and the sandbox sends no 429`, async () => {
    const clients: Client[] = [];
    for (const instance of hosted.instances) {
      clients.push(await httpClient(instance.url, hosted.token, "legacy"));
      clients.push(await httpClient(instance.url, hosted.token, "modern"));
    }
    const before = sandbox().requests.length;
    const results = await Promise.all(
      Array.from({ length: CALLS }, (_, i) =>
        clients[i % clients.length]!.callTool(
          { name: "list_invoices", arguments: { limit: 5 } },
          { timeout: 60_000 },
        ),
      ),
    );
    const failed = results.filter((result) => result.isError === true).map(textOf);
    expect(failed).toEqual([]);
    const seen = sandbox().requests.slice(before);
    expect(seen.filter((r) => r.status === 429)).toHaveLength(0);
    expect(seen.length).toBeGreaterThanOrEqual(CALLS);
    for (const client of clients) await client.close();
    expect(await hosted.instances[0]!.child.exitCode).toBe(null);
  }, 60_000);

  it("reports Redis on /readyz", async () => {
    const ready = (await (await fetch(`${hosted.instances[0]!.url}/readyz`)).json()) as {
      checks: Record<string, string>;
    };
    expect(ready.checks.redis).toBe("ok");
  });
});
