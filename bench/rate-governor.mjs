#!/usr/bin/env node
/**
 * Rate governor: 250 reads issued all at once through the real ApiClient (dist/http/client.js),
 * against a sandbox that enforces 100 requests per fixed window, with the window scaled from 60 s
 * to 2 s on both sides. Each run has a fresh sandbox (a fresh window) and a fresh client (a fresh
 * governor).
 *
 *   node bench/rate-governor.mjs [--runs 3] [--window-ms 2000] [--no-write]
 */
import { flag, numberOption } from "./lib/args.mjs";
import { machineLine, ms, table, verdict, writeSection } from "./lib/markdown.mjs";
import { fromDist, requireBuild } from "./lib/paths.mjs";
import { saveResult } from "./lib/results.mjs";
import { startSandbox } from "./lib/sandbox.mjs";
import { median, msSince } from "./lib/stats.mjs";

requireBuild();
const RUNS = numberOption("--runs", 3);
const WINDOW_MS = numberOption("--window-ms", 2000);
const LIMIT = 100;
const READS = 250;
const machine = machineLine();
const { ApiClient } = await fromDist("http/client.js");
const { listProjects } = await fromDist("api/projects.js");

/** The earliest the last of READS requests may arrive after the first: whole windows only. */
const serverMinimumMs = (Math.ceil(READS / LIMIT) - 1) * WINDOW_MS;

async function runOnce() {
  const sandbox = await startSandbox({ rateLimit: { limit: LIMIT, windowMs: WINDOW_MS } });
  const client = new ApiClient({ baseUrl: sandbox.url, apiKey: sandbox.keys.demo, rateWindowMs: WINDOW_MS });
  const started = process.hrtime.bigint();
  const answeredAt = [];
  const outcomes = await Promise.allSettled(
    Array.from({ length: READS }, async () => {
      const callStarted = process.hrtime.bigint();
      await listProjects(client);
      answeredAt.push({ at: msSince(started), took: msSince(callStarted) });
    }),
  );
  const totalMs = msSince(started);
  await client.close();
  await sandbox.close();
  const times = answeredAt.map((a) => a.at).sort((a, b) => a - b);
  return {
    totalMs,
    answered: outcomes.filter((o) => o.status === "fulfilled").length,
    failed: outcomes.filter((o) => o.status === "rejected").map((o) => String(o.reason?.message ?? o.reason)),
    requests: sandbox.requests.length,
    tooMany: sandbox.requests.filter((r) => r.status === 429).length,
    firstAnswerMs: times[0],
    fiftiethAnswerMs: times[READS - 2 * LIMIT - 1],
  };
}

/**
 * What the governor's rule allows, given how fast this run's first wave was answered: request
 * n > LIMIT is admitted one window (+1 ms) after request n − LIMIT was answered, so the last is
 * answered about 2 × (W + 1 ms) after the 50th answer of the first wave, plus the round trips of
 * the two requests in between (the 150th and the 250th itself), taken as long as the first one's.
 */
const governorMinimum = (run) => 2 * (WINDOW_MS + 1) + run.fiftiethAnswerMs + 2 * run.firstAnswerMs;

/** Imports, JIT and the first connection, so that the first measured run is not also the first use. */
async function warmUp() {
  const sandbox = await startSandbox();
  const client = new ApiClient({ baseUrl: sandbox.url, apiKey: sandbox.keys.demo });
  for (let i = 0; i < 20; i++) await listProjects(client);
  await client.close();
  await sandbox.close();
}

await warmUp();
const runs = [];
for (let i = 0; i < RUNS; i++) {
  runs.push(await runOnce());
  process.stderr.write(`\rrate governor: run ${i + 1}/${RUNS}`);
}
process.stderr.write("\n");

const total = median(runs.map((r) => r.totalMs));
const firstAnswer = median(runs.map((r) => r.firstAnswerMs));
const fiftieth = median(runs.map((r) => r.fiftiethAnswerMs));
const governorMinimumMs = median(runs.map(governorMinimum));
const overServer = total / serverMinimumMs - 1;
const all429 = runs.reduce((n, r) => n + r.tooMany, 0);
const allAnswered = runs.every((r) => r.answered === READS && r.requests === READS);
const met = overServer <= 0.1 && all429 === 0 && allAnswered;
const goals = [
  {
    figure: `rate governor: ${READS} reads at ${LIMIT} per ${WINDOW_MS / 1000} s window, total time vs the minimum`,
    goal: "≤ +10 %, no 429, all answered",
    result: `${(total / 1000).toFixed(3)} s = +${(overServer * 100).toFixed(1)} %, ${all429} × 429, ${allAnswered ? "all answered" : "NOT all answered"}`,
    met,
  },
];
const result = { machine, runs, serverMinimumMs, governorMinimumMs, totalMs: total, goals };
console.log(JSON.stringify(result, null, 2));
saveResult("rate-governor", result);

if (!flag("--no-write")) {
  writeSection(
    "Rate governor",
    `${READS} reads (\`GET /api/v1/projects\` through \`listProjects\`, the real \`ApiClient\` from dist/) issued at
once, against a sandbox enforcing ${LIMIT} requests per fixed window per key, with the window scaled from
60 s to ${WINDOW_MS / 1000} s on both sides (sandbox \`rateLimit\`, client \`rateWindowMs\`). ${RUNS} runs, each with a fresh
sandbox and client, after a warm-up run (imports, JIT, first connection); one contender, so the runs
follow each other. Reproduce with \`node bench/rate-governor.mjs\`.

${table(
  ["run", "total", "over the minimum", "governor's rule allows", "429s", "answered", "requests sent"],
  runs.map((r, i) => [
    String(i + 1),
    ms(r.totalMs, 0),
    `+${((r.totalMs / serverMinimumMs - 1) * 100).toFixed(1)} %`,
    `≈ ${ms(governorMinimum(r), 0)}`,
    String(r.tooMany),
    `${r.answered} / ${READS}`,
    String(r.requests),
  ]),
)}

${table(
  ["goal", "target", "median of the runs", ""],
  [
    [
      "total time vs the fixed window's minimum",
      `≤ ${ms(serverMinimumMs * 1.1, 0)} (+10 %)`,
      `${ms(total, 0)} (+${(overServer * 100).toFixed(1)} %)`,
      verdict(overServer <= 0.1),
    ],
    ["429 answers", "0", String(all429), verdict(all429 === 0)],
    [
      "every call answered, one request each",
      `${READS} / ${READS}`,
      allAnswered ? `${READS} / ${READS}` : "no",
      verdict(allAnswered),
    ],
  ],
)}

**The minimum the limit allows.** The sandbox's window opens at a key's first request and admits
${LIMIT}; the next opens at the first request after it ends. So request 101 cannot arrive before
one window after the first, request 201 not before two: the last of ${READS} arrives at the earliest
(⌈${READS}/${LIMIT}⌉ − 1) × ${WINDOW_MS} ms = **${ms(serverMinimumMs, 0)}** after the first (plus its own round trip).
A sliding window, which the service might use instead, allows the same.

**What our governor's rule allows.** The client cannot see when a request arrives, only when it was
sent and when its answer came. It therefore counts a request against the limit from admission
until one window after its answer, +1 ms (src/http/governor.ts): request n + ${LIMIT} is admitted
${WINDOW_MS} + 1 ms after request n was answered. Chaining that twice, the ${READS}th answer comes at
least 2 × (${WINDOW_MS} + 1) ms after the ${READS - 2 * LIMIT}th answer of the first wave (${ms(fiftieth, 0)} here, the
first wave running at most 4 requests in flight) plus two round trips (${ms(firstAnswer, 1)} for the first
answer), median over the runs: **≈ ${ms(governorMinimumMs, 0)}**. That is the rule's price for never sending a request the
service might count in a full window; it is the gap between the two minimums.

**What the governor believes.** The service's rate-limit headers steer the governor only within
bounds: a limit is taken from 1 up to 10,000 a window (a service claiming 10⁹ would otherwise turn
pacing off), and no pause it asks for, by \`Retry-After\` after a 429 or by
\`X-RateLimit-Remaining: 0\` with a reset time, lasts longer than an hour (a \`Retry-After\` of 10⁹ s
would otherwise stop every tool until a restart). The figures above are unaffected: the sandbox
announces its real limit, and none of its waits come near the cap.

${notes()}

Machine: ${machine}.`,
  );
}

/** Why the measured time sits where it does, and for a missed goal what to change. */
function notes() {
  const parts = [
    `The measured time sits between the two minimums: the fixed window would allow ${ms(serverMinimumMs, 0)},
the governor's rule ≈ ${ms(governorMinimumMs, 0)}, of which ${ms(2 * (WINDOW_MS + 1) - serverMinimumMs, 0)} is the rule's 1 ms per window and
the rest the first wave's own pace (${LIMIT} requests at most 4 in flight). At the real limit (100 a
minute) the rule costs the same few tens of milliseconds, on top of 2 minutes.`,
  ];
  if (overServer > 0.1) {
    parts.push(`**Missed: within 10 %.** The gap beyond the governor's own minimum is where to look: a slow
first wave (a busy machine stretches the ${LIMIT} answers the next wave waits on) or a pause after
\`X-RateLimit-Remaining: 0\`. Counting a slot from the request's send instead of its answer would
save one round trip per window, but would let a request that took long to arrive land in a window
the service already counts as full.`);
  }
  if (all429 > 0) {
    parts.push(`**Missed: no 429.** The service counted more requests in a window than the governor allowed:
look for requests that bypass the shared governor (another ApiClient with another key identity).`);
  }
  return parts.join("\n\n");
}
