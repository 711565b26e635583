#!/usr/bin/env node
/**
 * OAuth in the hosted mode: (1) the cost of the per-call token check (an access token looked up
 * by its hash in PostgreSQL through oidc-provider, the person's sealed key opened from the cache),
 * p50/p99 in-process; (2) calls per second and p50/p99 latency with 32 concurrent clients holding
 * OAuth tokens, on one `serve --oauth` instance and on two sharing PostgreSQL and Redis. Uses the
 * local PostgreSQL (INVOICING_BENCH_PG, default postgres://postgres@127.0.0.1:5432/postgres) for a
 * throwaway database. Short runs; the machine is shared, so read the figures as rough.
 *
 *   node bench/oauth.mjs [--calls 2000] [--burst 1600]
 */
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { numberOption } from "./lib/args.mjs";
import { httpClient, startRedis } from "./lib/hosted.mjs";
import { machineLine } from "./lib/markdown.mjs";
import { BIN, fromDist, requireBuild } from "./lib/paths.mjs";
import { saveResult } from "./lib/results.mjs";
import { startSandbox } from "./lib/sandbox.mjs";
import { msSince } from "./lib/stats.mjs";

requireBuild();
const CHECKS = numberOption("--calls", 2000);
const BURST = numberOption("--burst", 1600);
const CONCURRENT = 32;
const admin = process.env.INVOICING_BENCH_PG ?? "postgres://postgres@127.0.0.1:5432/postgres";
const database = `bench_oauth_${process.pid}`;
const adminClient = new pg.Client({ connectionString: admin });
await adminClient.connect();
await adminClient.query(`CREATE DATABASE ${database}`);
const dbUrl = Object.assign(new URL(admin), { pathname: `/${database}` }).toString();

const sandbox = await startSandbox();
const redis = await startRedis();
const publicUrl = "http://127.0.0.1:9";
const env = {
  PATH: process.env.PATH,
  INVOICING_DATABASE_URL: dbUrl,
  INVOICING_BASE_URL: sandbox.url,
  INVOICING_PUBLIC_URL: publicUrl,
  INVOICING_OAUTH_KEYS: `k1:${randomBytes(32).toString("base64")}`,
  INVOICING_RATE_WINDOW_MS: "1",
};
execFileSync(process.execPath, [BIN, "db", "migrate"], { env, stdio: "ignore" });

// Tokens minted the way the token endpoint does, for this server's /mcp.
const { openPool } = await fromDist("hosted/pg/pool.js");
const { parseDataKeys } = await fromDist("hosted/oauth/keys.js");
const { People } = await fromDist("hosted/oauth/people.js");
const { createProvider } = await fromDist("hosted/oauth/provider.js");
const { sharedSigningKey } = await fromDist("hosted/oauth/signing-key.js");
const { oauthTokenCheck } = await fromDist("hosted/oauth/token-check.js");
const pool = await openPool(dbUrl);
const keys = parseDataKeys(env.INVOICING_OAUTH_KEYS);
const people = new People(pool, keys);
const resource = `${publicUrl}/mcp`;
const provider = createProvider({
  issuer: publicUrl,
  resource,
  pool,
  keys,
  signingKey: await sharedSigningKey(pool, keys),
});
const accountId = await people.save(sandbox.url, sandbox.keys.demo);
const grant = new provider.Grant({ accountId, clientId: "bench" });
grant.addResourceScope(resource, "read write");
const grantId = await grant.save();
async function mint() {
  const token = new provider.AccessToken({ accountId, clientId: "bench", grantId, scope: "read write" });
  token.aud = resource;
  return token.save();
}
const token = await mint();

// (1) The token check alone.
const check = oauthTokenCheck(provider, people, resource, {
  timeZone: "Europe/Berlin",
  defaultTaxRate: 19,
  readOnly: false,
});
const checks = [];
for (let i = 0; i < CHECKS + 100; i++) {
  const started = process.hrtime.bigint();
  const outcome = await check(token);
  if (!outcome.ok) throw new Error(`token refused: ${outcome.description}`);
  if (i >= 100) checks.push(msSince(started));
}

// (2) 32 clients, each its own token and connection, calling list_invoices back to back.
function startOAuthServe() {
  const child = spawn(process.execPath, [BIN, "serve", "--oauth", "--port", "0"], {
    env: { ...env, INVOICING_REDIS_URL: redis.url },
    stdio: ["ignore", "ignore", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let stderr = "";
    child.on("exit", (code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
      const match = /serving MCP at (\S+\/mcp)/.exec(stderr);
      if (match)
        resolve({
          url: match[1],
          stop: () => new Promise((done) => child.once("exit", done) && child.kill("SIGTERM")),
        });
    });
  });
}
async function burst(urls) {
  const clients = [];
  for (let i = 0; i < CONCURRENT; i++) clients.push(await httpClient(urls[i % urls.length], await mint()));
  let next = 0;
  const latencies = [];
  const started = process.hrtime.bigint();
  await Promise.all(
    clients.map(async (client) => {
      while (next < BURST) {
        next++;
        const t = process.hrtime.bigint();
        const result = await client.callTool({ name: "list_invoices", arguments: {} });
        latencies.push(msSince(t));
        if (result.isError) throw new Error(result.content[0]?.text);
      }
    }),
  );
  const seconds = msSince(started) / 1000;
  for (const client of clients) await client.close();
  return { callsPerSecond: BURST / seconds, ...percentiles(latencies) };
}
const throughput = {};
{
  const one = await startOAuthServe();
  throughput.one = await burst([one.url]);
  await one.stop();
}
{
  const two = [await startOAuthServe(), await startOAuthServe()];
  throughput.two = await burst(two.map((s) => s.url));
  for (const s of two) await s.stop();
}

await pool.end();
await redis.stop();
await sandbox.close();
await adminClient.query(`DROP DATABASE ${database} WITH (FORCE)`);
await adminClient.end();

const result = {
  machine: machineLine(),
  checks: CHECKS,
  burst: BURST,
  concurrent: CONCURRENT,
  tokenCheck: percentiles(checks),
  throughput,
};
saveResult("oauth", result);
console.log(JSON.stringify(result, null, 2));

function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p99: at(0.99) };
}
