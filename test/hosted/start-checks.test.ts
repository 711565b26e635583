import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Engine, freePort, startRedis } from "../helpers/engines.js";
import { runToExit, startMigratedPostgres, writeTenantsFile } from "../helpers/hosted.js";
import { oauthKeys } from "../helpers/oauth.js";

describe("serve refuses a wrong configuration at once, whatever the engines", () => {
  let redis: Engine;
  let postgres: Engine;
  /** A database nobody migrated. */
  let fresh: string;
  const keyless = writeTenantsFile([
    { id: "acme", apiKeyEnv: "ACME_KEY_NOT_SET", baseUrl: "http://127.0.0.1:9" },
  ]);

  beforeAll(async () => {
    [redis, postgres] = await Promise.all([startRedis(), startMigratedPostgres()]);
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query("CREATE DATABASE fresh");
    await admin.end();
    fresh = postgres.url.replace(/\/postgres$/, "/fresh");
  }, 60_000);
  afterAll(async () => {
    await redis?.stop();
    await postgres?.stop();
  });

  const oauthEnv = () => ({
    INVOICING_REDIS_URL: redis.url,
    INVOICING_DATABASE_URL: postgres.url,
    INVOICING_PUBLIC_URL: "https://mcp.example.com",
    INVOICING_BASE_URL: "https://invoicing.example.com",
    INVOICING_OAUTH_KEYS: oauthKeys(),
  });

  const cases: { name: string; args: string[]; env: () => Record<string, string>; says: RegExp }[] = [
    {
      name: "the tenants file does not exist",
      args: ["--tenants", "/nonexistent/tenants.json"],
      env: () => ({}),
      says: /^invoicing-mcp: the tenants file \/nonexistent\/tenants\.json cannot be read \(ENOENT: there is no such file; write one as README\.md shows[^\n]*\n$/,
    },
    {
      name: "a tenant's key variable is not set (Redis configured)",
      args: ["--tenants", keyless],
      env: () => ({ INVOICING_REDIS_URL: redis.url }),
      says: /ACME_KEY_NOT_SET is not set/,
    },
    {
      name: "a tenant's key variable is not set (PostgreSQL configured)",
      args: ["--tenants", keyless],
      env: () => ({ INVOICING_DATABASE_URL: postgres.url }),
      says: /ACME_KEY_NOT_SET is not set/,
    },
    {
      name: "INVOICING_OAUTH_KEYS is missing",
      args: ["--oauth"],
      env: () => {
        const { INVOICING_OAUTH_KEYS: _keys, ...env } = oauthEnv();
        return env;
      },
      says: /INVOICING_OAUTH_KEYS/,
    },
    {
      name: "INVOICING_OAUTH_KEYS is malformed",
      args: ["--oauth"],
      env: () => ({ ...oauthEnv(), INVOICING_OAUTH_KEYS: "k1:tooshort" }),
      says: /INVOICING_OAUTH_KEYS/,
    },
    {
      name: "INVOICING_PUBLIC_URL is not an https origin",
      args: ["--oauth"],
      env: () => ({ ...oauthEnv(), INVOICING_PUBLIC_URL: "http://mcp.example.com" }),
      says: /INVOICING_PUBLIC_URL/,
    },
    {
      name: "INVOICING_PUBLIC_URL has a path",
      args: ["--oauth"],
      env: () => ({ ...oauthEnv(), INVOICING_PUBLIC_URL: "https://mcp.example.com/invoicing" }),
      says: /INVOICING_PUBLIC_URL/,
    },
    {
      name: "the base URL is not a URL",
      args: ["--oauth"],
      env: () => ({ ...oauthEnv(), INVOICING_BASE_URL: "invoicing dot example" }),
      says: /is not a URL/,
    },
    {
      name: "the tests' loopback allowance in a deployment that is not on loopback",
      args: ["--oauth"],
      env: () => ({ ...oauthEnv(), INVOICING_OAUTH_TEST_LOOPBACK_CIMD: "1" }),
      says: /INVOICING_OAUTH_TEST_LOOPBACK_CIMD/,
    },
    {
      name: "the operator's name carries a control character",
      args: ["--oauth"],
      env: () => ({ ...oauthEnv(), INVOICING_OPERATOR_NAME: "Kanzlei\u202EBeispiel" }),
      says: /INVOICING_OPERATOR_NAME must be plain text/,
    },
    {
      name: "the database was never migrated (Redis configured)",
      args: ["--oauth"],
      env: () => ({ ...oauthEnv(), INVOICING_DATABASE_URL: fresh }),
      says: /db migrate/,
    },
    {
      name: "the database was never migrated (tenants mode, Redis configured)",
      args: ["--tenants", writeTenantsFile([{ id: "acme", apiKey: "sk_x", baseUrl: "http://127.0.0.1:9" }])],
      env: () => ({ INVOICING_REDIS_URL: redis.url, INVOICING_DATABASE_URL: fresh }),
      says: /db migrate/,
    },
  ];
  for (const { name, args, env, says } of cases) {
    it(`${name}: exit 1 with the message, never listening`, async () => {
      const { code, stderr } = await runToExit(["serve", "--port", "0", ...args], env());
      expect({ code, stderr }).toMatchObject({ code: 1 });
      expect(stderr).toMatch(says);
      expect(stderr).not.toContain("serving MCP");
    }, 15_000);
  }

  it("PostgreSQL unreachable while Redis answers: exit 1 naming PostgreSQL", async () => {
    const port = await freePort();
    const { code, stderr } = await runToExit(["serve", "--port", "0", "--oauth"], {
      ...oauthEnv(),
      INVOICING_DATABASE_URL: `postgres://invoicing@127.0.0.1:${port}/x`,
    });
    expect(code).toBe(1);
    expect(stderr).toContain(`PostgreSQL at postgres://127.0.0.1:${port}`);
    expect(stderr).not.toContain("serving MCP");
  }, 15_000);
});
