#!/usr/bin/env node
/**
 * 130 time entries through log_time against a sandbox enforcing 100 requests per window: as single
 * calls from 10 callers at once, versus as batches (50, 50, 30) from one caller. The real server
 * (dist/server.js) over the SDK's in-memory transport, a real MCP client; the window is scaled from
 * 60 s to --window-ms on both sides, and each tool call's budget with it (45 s of 60 s).
 *
 * A caller does the best an agent can: a single call refused by the rate limit is repeated at the
 * time its error names ("after …"); a batch cut short is sent again at its `sendAfter`. Replays are
 * recognised either way, so repeating never duplicates.
 *
 *   node bench/time-batches.mjs [--window-ms 10000] [--no-write]
 */
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { flag, numberOption } from "./lib/args.mjs";
import { machineLine, ms, table, writeSection } from "./lib/markdown.mjs";
import { fromDist, requireBuild } from "./lib/paths.mjs";
import { saveResult } from "./lib/results.mjs";
import { startSandbox } from "./lib/sandbox.mjs";
import { msSince } from "./lib/stats.mjs";

requireBuild();
const WINDOW_MS = numberOption("--window-ms", 10_000);
const LIMIT = 100;
const ENTRIES = 130;
const CALLERS = 10;
const BATCH = 50;
const BUDGET_MS = Math.round((WINDOW_MS * 45) / 60);
const REFERENCE = Date.parse("2026-11-22T10:15:00+01:00");
const machine = machineLine();
const { createServer } = await fromDist("mcp/server.js");
const { loadConfig } = await fromDist("config.js");
const { ApiClient } = await fromDist("http/client.js");
const { RateGovernor } = await fromDist("http/governor.js");

/** 130 half-hour entries on evenings in October 2026 (after the demo's working hours), 10 a day. */
const entries = Array.from({ length: ENTRIES }, (_, i) => {
  const day = String(5 + Math.floor(i / 10)).padStart(2, "0");
  const minutes = 18 * 60 + (i % 10) * 30;
  const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  return {
    project: ["Website Relaunch", "Bestell-App", "Markenrelaunch", "Mandantenportal"][i % 4],
    start: `2026-10-${day}T${time}`,
    duration: "30 min",
    description: `Bench ${i + 1}`,
  };
});

async function connect(sandbox) {
  const config = loadConfig({ INVOICING_BASE_URL: sandbox.url, INVOICING_API_KEY: sandbox.keys.demo });
  const api = new ApiClient({
    baseUrl: sandbox.url,
    apiKey: sandbox.keys.demo,
    budgetMs: BUDGET_MS,
    governor: new RateGovernor({ windowMs: WINDOW_MS }),
  });
  const server = createServer({ config, client: api, now: () => new Date(REFERENCE), log: () => {} });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "bench", version: "0" });
  await client.connect(clientSide);
  return {
    async call(args) {
      const result = await client.callTool({ name: "log_time", arguments: args });
      return {
        isError: result.isError === true,
        text: result.content[0]?.text ?? "",
        data: result.structuredContent,
      };
    },
    async close() {
      await client.close();
      await server.close();
      await api.close();
    },
  };
}

const sleepUntil = (iso) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(iso) - Date.now())));

async function singles(mcp) {
  const stats = { calls: 0, refused: 0, otherErrors: [] };
  const logOne = async (entry) => {
    for (;;) {
      stats.calls++;
      const { isError, text } = await mcp.call(entry);
      if (!isError) return;
      const after = /\(after ([^)]+)\)/.exec(text)?.[1];
      if (!after || !/rate limit/.test(text)) {
        stats.otherErrors.push(text.slice(0, 200));
        return;
      }
      stats.refused++;
      await sleepUntil(after);
    }
  };
  await Promise.all(
    Array.from({ length: CALLERS }, async (_, caller) => {
      for (let i = caller; i < ENTRIES; i += CALLERS) await logOne(entries[i]);
    }),
  );
  return stats;
}

async function batches(mcp) {
  const stats = { calls: 0, refused: 0, otherErrors: [] };
  for (let first = 0; first < ENTRIES; first += BATCH) {
    const batch = entries.slice(first, first + BATCH);
    for (;;) {
      stats.calls++;
      const { isError, text, data } = await mcp.call({ entries: batch });
      if (isError) {
        stats.otherErrors.push(text.slice(0, 200));
        break;
      }
      if (data.batch.notSent === 0) break;
      stats.refused++;
      await sleepUntil(data.batch.sendAfter);
    }
  }
  return stats;
}

async function run(name, strategy) {
  const sandbox = await startSandbox({
    referenceDate: REFERENCE,
    rateLimit: { limit: LIMIT, windowMs: WINDOW_MS },
  });
  const mcp = await connect(sandbox);
  const started = process.hrtime.bigint();
  const stats = await strategy(mcp);
  const totalMs = msSince(started);
  await mcp.close();
  const requests = sandbox.requests;
  const posts = requests.filter((r) => r.method === "POST" && r.path === "/api/v1/time-entries");
  await sandbox.close();
  const sent = requests.length;
  // A fixed window admits LIMIT requests; the last of `sent` can go no earlier than the start of
  // its window: the least time the limit allows for this many requests.
  const minimumMs = (Math.ceil(sent / LIMIT) - 1) * WINDOW_MS;
  return {
    name,
    totalMs,
    minimumMs,
    sent,
    listings: requests.filter((r) => r.method === "GET" && r.path === "/api/v1/time-entries").length,
    posts: posts.length,
    created: posts.filter((r) => r.status >= 200 && r.status < 300).length,
    tooMany: requests.filter((r) => r.status === 429).length,
    ...stats,
  };
}

process.stderr.write("time batches: singles…");
const single = await run(`${ENTRIES} single calls, ${CALLERS} callers`, singles);
process.stderr.write(" batches…");
const batched = await run(`${Math.ceil(ENTRIES / BATCH)} batches of up to ${BATCH}, one caller`, batches);
process.stderr.write(" done\n");

const runs = [single, batched];
const asReal = (value) => `${((value / WINDOW_MS) * 60).toFixed(0)} s`;
const met =
  batched.tooMany === 0 &&
  batched.created === ENTRIES &&
  batched.posts === ENTRIES &&
  batched.otherErrors.length === 0 &&
  batched.sent < single.sent;
const goals = [
  {
    figure: `log_time: ${ENTRIES} entries at ${LIMIT} requests a minute (window scaled), batches vs singles`,
    goal: "batches: 1 POST per entry, no 429, all created, fewer requests than singles",
    result: `batches ${batched.sent} requests (${batched.posts} POSTs, ${batched.listings} listings), ${asReal(batched.totalMs)} for a ${asReal(batched.minimumMs)} minimum, ${batched.tooMany} × 429; singles ${single.sent} requests, ${asReal(single.totalMs)} for ${asReal(single.minimumMs)}`,
    met,
  },
];
const result = { machine, windowMs: WINDOW_MS, budgetMs: BUDGET_MS, runs, goals };
console.log(JSON.stringify(result, null, 2));
saveResult("time-batches", result);

if (!flag("--no-write")) {
  const scale = (value) => `${ms(value, 0)} (≙ ${((value / WINDOW_MS) * 60).toFixed(0)} s)`;
  writeSection(
    "Time entries: batches and singles",
    `${ENTRIES} half-hour entries through \`log_time\`, the real server from dist/ over the SDK's in-memory
transport, against a sandbox enforcing ${LIMIT} requests per fixed window, the window scaled from 60 s to
${WINDOW_MS / 1000} s on both sides and each call's budget with it (${BUDGET_MS} ms ≙ 45 s). Singles: ${CALLERS} callers
at once, each logging its share one call at a time; a call refused by the rate limit is repeated at the
time its error names. Batches: ${Math.ceil(ENTRIES / BATCH)} calls of up to ${BATCH} entries in turn; a batch cut short is sent
again at its \`sendAfter\`. "Minimum" is the least time the limit allows for the requests sent (whole
windows); "≙" converts to the real 60 s window. One run each. Reproduce with \`node bench/time-batches.mjs\`.

${table(
  [
    "how",
    "requests sent",
    "listings",
    "POSTs",
    "created",
    "429s",
    "tool calls",
    "refused by the limit",
    "other errors",
    "time",
    "minimum for those requests",
  ],
  runs.map((r) => [
    r.name,
    String(r.sent),
    String(r.listings),
    String(r.posts),
    `${r.created} / ${ENTRIES}`,
    String(r.tooMany),
    String(r.calls),
    String(r.refused),
    String(r.otherErrors.length),
    scale(r.totalMs),
    scale(r.minimumMs),
  ]),
)}

A single call costs two requests (its listing for the replay and overlap checks, then the POST):
${single.sent} requests for ${ENTRIES} entries, more than one window holds, so the last entries wait for a later window
and ${single.refused} calls were refused by the limit and repeated. A batch lists each week it touches once and then
only POSTs: ${batched.sent} requests${batched.refused ? `; ${batched.refused} batch was cut short by the window and completed by sending it again` : ""}.${
      single.otherErrors.length + batched.otherErrors.length > 0
        ? `\n\nOther errors: ${[...single.otherErrors, ...batched.otherErrors].join(" | ")}`
        : ""
    }

Written on: ${machine}.`,
  );
}
