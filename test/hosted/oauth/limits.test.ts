import pg from "pg";
import { describe, expect, it } from "vitest";
import {
  authorizeInBrowser,
  authorizeUrl,
  pkce,
  registerFrom,
  sharedLimits,
  useOAuthServers,
} from "../../helpers/oauth.js";
import { REFERENCE_DATE, useSandbox } from "../../helpers/sandbox.js";

const ATTEMPTS = 4;
const REGISTRATIONS = 6;

describe("per-address limits across instances, and what registrations may store", () => {
  const sandbox = useSandbox({ referenceDate: REFERENCE_DATE, now: Date.now });
  const oauth = useOAuthServers(sandbox, sharedLimits(ATTEMPTS, REGISTRATIONS));
  const query = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => {
    const db = new pg.Client({ connectionString: oauth().postgres.url });
    await db.connect();
    try {
      return (await db.query<T>(sql, params)).rows;
    } finally {
      await db.end();
    }
  };

  /** A registration as a client sends it; `from` is the address the balancer reports. */
  const register = (metadata: Record<string, unknown> = {}, from = "203.0.113.7") =>
    registerFrom(oauth(), from, metadata);

  it(`allows ${ATTEMPTS} sign-in posts per address in all, not per instance`, async () => {
    const statuses: number[] = [];
    // Each request goes to the other instance: without a shared count each would allow ATTEMPTS.
    for (let attempt = 0; attempt < ATTEMPTS * 2; attempt++) {
      const response = await fetch(`${oauth().url}/oauth/interaction/unknown-${attempt}`, {
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
    const other = await fetch(`${oauth().url}/oauth/interaction/unknown`, {
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
        redirect_uris: Array.from(
          { length: 3 },
          (_, i) => `${oauth().redirect.url}?n=${i}${"r".repeat(900)}`,
        ),
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
      oauth().browser,
      authorizeUrl(oauth().url, { clientId: used.client_id, redirectUri: oauth().redirect.url, challenge }),
      sandbox().keys.demo,
      "read",
      oauth().redirect,
    );
    // The authorization went through: a code came back, no error.
    expect(params.get("error")).toBeNull();
    expect(params.get("code")).toMatch(/^[\w-]{20,}$/);
    expect(Number(await expiry(used.client_id))).toBeGreaterThan(80); // the grant's 90 days
  });
});
