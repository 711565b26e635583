/**
 * What one address may do to `serve --oauth`, counted once for all instances (two instances behind
 * one balancer, one Redis, one PostgreSQL): sign-in form posts, and registrations. What one
 * registration may store is bounded, and a registration that never leads to a grant expires.
 */
import { execFileSync } from "node:child_process";
import pg from "pg";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Engine, startPostgres, startRedis } from "../../helpers/engines.js";
import type { ServeProcess } from "../../helpers/hosted.js";
import {
  authorizeInBrowser,
  authorizeUrl,
  type Balancer,
  freePort,
  launchBrowser,
  oauthKeys,
  pkce,
  type RedirectTarget,
  startBalancer,
  startOAuthServe,
  startRedirectTarget,
} from "../../helpers/oauth.js";
import { REFERENCE_DATE, useSandbox } from "../../helpers/sandbox.js";
import { BIN } from "../../helpers/stdio.js";

const ATTEMPTS = 4;
const REGISTRATIONS = 6;

describe("per-address limits across instances, and what registrations may store", () => {
  const sandbox = useSandbox({ referenceDate: REFERENCE_DATE, now: Date.now });
  let redis: Engine;
  let postgres: Engine;
  let balancer: Balancer;
  let a: ServeProcess;
  let b: ServeProcess;
  let redirect: RedirectTarget;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;

  const query = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => {
    const db = new pg.Client({ connectionString: postgres.url });
    await db.connect();
    try {
      return (await db.query<T>(sql, params)).rows;
    } finally {
      await db.end();
    }
  };

  beforeAll(async () => {
    [redis, postgres] = await Promise.all([startRedis(), startPostgres()]);
    execFileSync(process.execPath, [BIN, "db", "migrate"], {
      env: { PATH: process.env.PATH, INVOICING_DATABASE_URL: postgres.url },
      stdio: ["ignore", "pipe", "pipe"],
    });
    balancer = await startBalancer(await freePort());
    const env = {
      INVOICING_REDIS_URL: redis.url,
      INVOICING_DATABASE_URL: postgres.url,
      INVOICING_BASE_URL: sandbox().url,
      INVOICING_OAUTH_KEYS: oauthKeys(),
      INVOICING_OAUTH_ATTEMPTS: String(ATTEMPTS),
      INVOICING_OAUTH_REGISTRATIONS: String(REGISTRATIONS),
      INVOICING_TRUST_PROXY: "true",
    };
    [a, b] = await Promise.all([startOAuthServe(balancer.url, env), startOAuthServe(balancer.url, env)]);
    balancer.backends.push(a.url, b.url);
    redirect = await startRedirectTarget();
    ({ browser, close: closeBrowser } = await launchBrowser());
  }, 60_000);
  afterAll(async () => {
    await closeBrowser?.();
    await redirect?.close();
    await a?.stop();
    await b?.stop();
    await balancer?.close();
    await redis?.stop();
    await postgres?.stop();
  });

  /** A registration as a client sends it; `from` is the address the balancer reports. */
  const register = (metadata: Record<string, unknown> = {}, from = "203.0.113.7") =>
    fetch(`${balancer.url}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-test-client-address": from },
      body: JSON.stringify({
        client_name: "Limits App",
        redirect_uris: [redirect.url],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "none",
        ...metadata,
      }),
    });

  it(`allows ${ATTEMPTS} sign-in posts per address in all, not per instance`, async () => {
    const statuses: number[] = [];
    // Each request goes to the other instance: without a shared count each would allow ATTEMPTS.
    for (let attempt = 0; attempt < ATTEMPTS * 2; attempt++) {
      const response = await fetch(`${balancer.url}/oauth/interaction/unknown-${attempt}`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-test-client-address": "198.51.100.9",
        },
        body: "csrf=x",
      });
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status !== 429)).toHaveLength(ATTEMPTS);
    expect(statuses.slice(ATTEMPTS)).toEqual(Array(ATTEMPTS).fill(429));
    // Another address has its own count.
    const other = await fetch(`${balancer.url}/oauth/interaction/unknown`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-test-client-address": "198.51.100.10",
      },
      body: "csrf=x",
    });
    expect(other.status).not.toBe(429);
  });

  it(`allows ${REGISTRATIONS} registrations per address in all, and stores nothing past them`, async () => {
    const count = async () =>
      Number(
        (await query<{ n: string }>("SELECT count(*) AS n FROM oauth_records WHERE model = 'Client'"))[0]!.n,
      );
    const before = await count();
    const statuses: number[] = [];
    for (let i = 0; i < REGISTRATIONS + 4; i++) statuses.push((await register({}, "203.0.113.50")).status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(REGISTRATIONS);
    const refused = await register({}, "203.0.113.50");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await count()).toBe(before + REGISTRATIONS);
    expect((await register({}, "203.0.113.51")).status).toBe(201);
  });

  it("refuses a registration larger than the bound, and measures what the largest allowed one stores", async () => {
    const huge = await register({ client_name: "x".repeat(60_000) }, "203.0.113.60");
    expect(huge.status).toBe(413);
    // The largest a client can make it: long names and URIs up to the bound.
    const big = await register(
      {
        client_name: "n".repeat(2_000),
        client_uri: `https://example.com/${"u".repeat(1_500)}`,
        redirect_uris: Array.from({ length: 3 }, (_, i) => `${redirect.url}?n=${i}${"r".repeat(900)}`),
      },
      "203.0.113.61",
    );
    expect(big.status).toBe(201);
    const [largest] = await query<{ bytes: number }>(
      "SELECT max(octet_length(payload::text)) AS bytes FROM oauth_records WHERE model = 'Client'",
    );
    expect(largest!.bytes).toBeLessThanOrEqual(10 * 1024);
    // Only the client is stored: no registration access token beside it.
    expect(
      await query("SELECT model FROM oauth_records WHERE model = 'RegistrationAccessToken' LIMIT 1"),
    ).toEqual([]);
  });

  it("a registration expires after a day unless it leads to a grant, which keeps it as long as the grant", {
    timeout: 60_000,
  }, async () => {
    const expiry = async (clientId: string) =>
      (
        await query<{ days: number | null }>(
          `SELECT extract(epoch FROM expires_at - now()) / 86400 AS days FROM oauth_records
           WHERE model = 'Client' AND id_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`,
          [clientId],
        )
      )[0]?.days;
    const unused = (await (await register({}, "203.0.113.70")).json()) as { client_id: string };
    expect(Number(await expiry(unused.client_id))).toBeCloseTo(1, 1);
    const used = (await (await register({}, "203.0.113.71")).json()) as { client_id: string };
    const { challenge } = pkce();
    const params = await authorizeInBrowser(
      browser,
      authorizeUrl(balancer.url, { clientId: used.client_id, redirectUri: redirect.url, challenge }),
      sandbox().keys.demo,
      "read",
      redirect,
    );
    // The authorization went through: a code came back, no error.
    expect(params.get("error")).toBeNull();
    expect(params.get("code")).toMatch(/^[\w-]{20,}$/);
    expect(Number(await expiry(used.client_id))).toBeGreaterThan(80); // the grant's 90 days
  });
});
