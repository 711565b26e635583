#!/usr/bin/env node
/**
 * The hosted mode: (1) per-call overhead of a tool call over Streamable HTTP against the same call
 * over stdio, both from the SDK's client to the built bin, interleaved; (2) calls per second with
 * 32 concurrent clients on one `serve` instance and on two sharing one Redis; (3) the extra cost of
 * the Redis reservation: acquire + release on the shared governor against the in-memory one.
 *
 *   node bench/hosted.mjs [--calls 300] [--burst 1600] [--no-write]
 */
import { flag, numberOption } from "./lib/args.mjs";
import { httpClient, startRedis, startServe, stdioClient, tenantWithToken } from "./lib/hosted.mjs";
import { interleave } from "./lib/interleave.mjs";
import { int, machineLine, ms, table, writeSection } from "./lib/markdown.mjs";
import { fromDist, requireBuild } from "./lib/paths.mjs";
import { saveResult } from "./lib/results.mjs";
import { startSandbox } from "./lib/sandbox.mjs";
import { median, msSince } from "./lib/stats.mjs";

requireBuild();
const CALLS = numberOption("--calls", 300);
const BURST = numberOption("--burst", 1600);
const CONCURRENT = 32;
const WARMUP = 20;
const machine = machineLine();

const sandbox = await startSandbox();
const redis = await startRedis();
const tenant = tenantWithToken(sandbox);

// (1) Per-call overhead, one call in flight at a time.
const single = await startServe(tenant);
const overHttp = await httpClient(single.url, tenant.token, "legacy");
const overHttpModern = await httpClient(single.url, tenant.token, "modern");
const overStdio = await stdioClient(sandbox);
const timed = (name, fn) => ({
  name,
  run: async () => {
    const started = process.hrtime.bigint();
    await fn();
    return msSince(started);
  },
});
const call = (client, name) => () => client.callTool({ name, arguments: {} });
const samples = await interleave(
  [
    timed("stdioProjects", call(overStdio, "list_projects")),
    timed("httpProjects", call(overHttp, "list_projects")),
    timed("modernProjects", call(overHttpModern, "list_projects")),
    timed("stdioInvoices", call(overStdio, "list_invoices")),
    timed("httpInvoices", call(overHttp, "list_invoices")),
    timed("modernInvoices", call(overHttpModern, "list_invoices")),
  ],
  {
    rounds: CALLS,
    warmup: WARMUP,
    onRound: (r) => r % 50 === 0 && process.stderr.write(`\rhosted per-call: ${r}/${CALLS}`),
  },
);
process.stderr.write("\n");
const med = Object.fromEntries([...samples].map(([name, values]) => [name, median(values)]));
for (const client of [overHttp, overHttpModern, overStdio]) await client.close();
await single.stop();

// (2) Throughput: 32 clients, each with its own connection, calling list_invoices back to back.
async function burst(urls) {
  const clients = [];
  for (let i = 0; i < CONCURRENT; i++) clients.push(await httpClient(urls[i % urls.length], tenant.token));
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    clients.map(async (client) => {
      while (next < BURST) {
        next++;
        const result = await client.callTool({ name: "list_invoices", arguments: {} });
        if (result.isError) throw new Error(result.content[0]?.text);
      }
    }),
  );
  const seconds = msSince(started) / 1000;
  for (const client of clients) await client.close();
  return BURST / seconds;
}
const redisEnv = { INVOICING_REDIS_URL: redis.url };
const throughput = {};
{
  const one = await startServe(tenant);
  throughput.oneMemory = await burst([one.url]);
  await one.stop();
}
{
  const one = await startServe(tenant, redisEnv);
  throughput.oneRedis = await burst([one.url]);
  await one.stop();
}
{
  const two = [await startServe(tenant, redisEnv), await startServe(tenant, redisEnv)];
  throughput.twoRedis = await burst(two.map((s) => s.url));
  for (const s of two) await s.stop();
}

// (3) The reservation itself: acquire + release, one at a time, interleaved.
const { RateGovernor } = await fromDist("http/governor.js");
const { RedisGovernor, withGovernorScripts } = await fromDist("hosted/redis-governor.js");
const { Redis } = await import("ioredis");
const connection = withGovernorScripts(new Redis(redis.url));
const unlimited = { limit: 1_000_000, windowMs: 60_000 };
const memory = new RateGovernor(unlimited);
const shared = new RedisGovernor(connection, "bench-identity", unlimited);
const reserve = (governor) => async () => (await governor.acquire()).release({ status: 200 });
const reservations = await interleave([timed("memory", reserve(memory)), timed("redis", reserve(shared))], {
  rounds: 2_000,
  warmup: 100,
});
const reservation = { memory: median(reservations.get("memory")), redis: median(reservations.get("redis")) };
connection.disconnect();

await redis.stop();
await sandbox.close();
tenant.cleanup();

const result = {
  machine,
  calls: CALLS,
  burst: BURST,
  concurrent: CONCURRENT,
  medians: med,
  throughput,
  reservation,
};
console.log(JSON.stringify(result, null, 2));
saveResult("hosted", result);

if (!flag("--no-write")) {
  writeSection(
    "Hosted mode (serve)",
    `Per call: ${CALLS} calls of each kind after ${WARMUP} warm-up rounds, one in flight at a time, the
kinds taking turns; medians. Every client is the SDK's \`Client\`: over stdio it starts the built bin
(as a desktop client does), over HTTP it talks to one \`invoicing-mcp serve\` with a tenant's token
(2025 era: the \`initialize\` handshake, then one stateless POST per call; 2026-07-28 era: one POST
per call with its envelope). \`list_projects\` is answered from the directory cache (no API request),
so it shows the transport alone; \`list_invoices\` makes one API request to the sandbox. Over HTTP
each request gets a fresh \`McpServer\` for its tenant (stateless: any instance answers any
request), made from registrations and schemas built once per tenant; that and the HTTP exchange
are the difference to stdio, where one server lives for the session. Against a minimal server on
the same SDK, see "Hosted mode against a minimal server".

${table(
  ["call", "stdio", "HTTP, 2025 era", "HTTP, 2026-07-28 era", "HTTP − stdio (2025 / 2026)"],
  [
    [
      "`list_projects`",
      ms(med.stdioProjects, 2),
      ms(med.httpProjects, 2),
      ms(med.modernProjects, 2),
      `${ms(med.httpProjects - med.stdioProjects, 2)} / ${ms(med.modernProjects - med.stdioProjects, 2)}`,
    ],
    [
      "`list_invoices`",
      ms(med.stdioInvoices, 2),
      ms(med.httpInvoices, 2),
      ms(med.modernInvoices, 2),
      `${ms(med.httpInvoices - med.stdioInvoices, 2)} / ${ms(med.modernInvoices - med.stdioInvoices, 2)}`,
    ],
  ],
)}

Throughput: ${CONCURRENT} clients (each its own HTTP connection) call \`list_invoices\` back to back
until ${int(BURST)} calls are answered, all on one tenant's key, the sandbox's limit out of reach. All
calls on one key share that key's governor, which lets 4 requests per instance be in flight at
once (the same courtesy to the service as over stdio), so this measures one busy key, not the
server's capacity across tenants; and on this 2-core machine, shared with other jobs, the
benchmark, the sandbox and the instances compete for the same cores, so a second instance cannot
add a second machine's worth. What the rows do show: the shared governor costs no throughput
against the in-memory one.

${table(
  ["instances", "rate governor", "calls per second"],
  [
    ["1", "in memory", int(throughput.oneMemory)],
    ["1", "Redis", int(throughput.oneRedis)],
    ["2", "Redis (shared)", int(throughput.twoRedis)],
  ],
)}

The Redis reservation itself: \`acquire()\` + \`release()\` one at a time, 2,000 rounds interleaved
with the in-memory governor, against a local redis-server: ${ms(reservation.redis, 3)} against
${ms(reservation.memory, 3)}, so **${ms(reservation.redis - reservation.memory, 3)} more per API request**
(one script round trip to reserve; the release is sent without waiting).

Reproduce with \`node bench/hosted.mjs\`. Machine: ${machine}.`,
  );
}
