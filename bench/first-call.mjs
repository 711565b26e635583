#!/usr/bin/env node
/**
 * The first calls after a cold start: what start-up no longer loads (undici, chrono-node and the
 * phrase readers) is loaded by the first call that needs it. Spawn → initialize → tools/list →
 * the first list_projects (the first HTTP request) → the first list_invoices with date phrases
 * (the first dates) → the same list_invoices twice more, against the sandbox; contenders
 * interleaved, medians of each step.
 *
 *   node bench/first-call.mjs [--rounds 10] [--before DIR] [--before-label TEXT] [--no-write]
 */
import { join } from "node:path";
import { flag, numberOption, option } from "./lib/args.mjs";
import { interleave } from "./lib/interleave.mjs";
import { machineLine, ms, table, writeSection } from "./lib/markdown.mjs";
import { BIN, BUNDLE, requireBuild } from "./lib/paths.mjs";
import { loadResult, saveResult } from "./lib/results.mjs";
import { startSandbox } from "./lib/sandbox.mjs";
import { median, msSince, sum } from "./lib/stats.mjs";
import { StdioClient } from "./lib/stdio-client.mjs";

requireBuild({ bundle: true });
const ROUNDS = numberOption("--rounds", 10);
const BEFORE = option("--before", undefined);
const BEFORE_LABEL = option("--before-label", "an earlier build");
const machine = machineLine();
const STEPS = ["tools/list", "1st list_projects", "1st list_invoices with dates", "2nd", "3rd"];
const DATED = { from: "last month", to: "today" };

const sandbox = await startSandbox();
const contenders = [
  ["bin", "built bin", BIN],
  ["bundle", "bundle", BUNDLE],
  ...(BEFORE
    ? [
        ["binBefore", "before: built bin", join(BEFORE, "dist", "index.js")],
        ["bundleBefore", "before: bundle", join(BEFORE, "bundle", "invoicing-mcp.mjs")],
      ]
    : []),
];

/** One fresh server; the time from spawn to the end of each step. */
async function firstCalls(file) {
  const started = process.hrtime.bigint();
  const client = new StdioClient(process.execPath, [file], {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    INVOICING_API_KEY: sandbox.keys.demo,
    INVOICING_BASE_URL: sandbox.url,
  });
  try {
    await client.initialize();
    await client.request("tools/list");
    const at = [msSince(started)];
    await client.callTool("list_projects");
    at.push(msSince(started));
    for (let i = 0; i < 3; i++) {
      await client.callTool("list_invoices", DATED);
      at.push(msSince(started));
    }
    return at;
  } finally {
    await client.kill();
  }
}

const samples = await interleave(
  contenders.map(([name, , file]) => ({ name, run: () => firstCalls(file) })),
  {
    rounds: ROUNDS,
    warmup: 1,
    onRound: (r) => r > 0 && process.stderr.write(`\rfirst calls: ${r}/${ROUNDS}`),
  },
);
process.stderr.write("\n");
await sandbox.close();

/** Median time of each step by itself (from the end of the step before). */
const steps = (runs) => STEPS.map((_, i) => median(runs.map((at) => (i === 0 ? at[0] : at[i] - at[i - 1]))));
const figures = Object.fromEntries(
  contenders.map(([name, label]) => [name, { label, steps: steps(samples.get(name)) }]),
);
const result = { machine, rounds: ROUNDS, figures };
console.log(JSON.stringify(result, null, 2));
saveResult("first-call", { ...result, figures: { bin: figures.bin, bundle: figures.bundle } });
if (BEFORE) {
  saveResult("first-call-before", {
    machine,
    rounds: ROUNDS,
    label: BEFORE_LABEL,
    date: new Date().toISOString(),
    figures: { bin: figures.binBefore, bundle: figures.bundleBefore },
    // Today's build from the same run: only figures from one run compare well on a shared machine.
    sameRun: { bin: figures.bin, bundle: figures.bundle },
  });
}

if (!flag("--no-write")) {
  const before = loadResult("first-call-before");
  const row = (f, label = f.label) => [label, ...f.steps.map((v) => ms(v)), ms(sum(f.steps))];
  const rows = ["bin", "bundle"].map((name) => row(figures[name]));
  const beforeRows = before
    ? ["bin", "bundle"].flatMap((name) => [
        row(before.sameRun[name], `${before.sameRun[name].label}, after`),
        row(before.figures[name], before.figures[name].label),
      ])
    : [];
  writeSection(
    "Cold start: the first calls",
    `What start-up no longer loads, the first call that needs it loads: a tool's own code with its first
call (from the bundle), undici with the first HTTP request, chrono-node and the phrase readers with
the first date phrase. Each step's median time by
itself, from a fresh server against the sandbox: spawn to \`tools/list\` answered, then the first
\`list_projects\` (the first request: customers and projects), then the first \`list_invoices\` with
\`from: "last month", to: "today"\` (the first date phrases, the invoice list), then the same call twice more.
${ROUNDS} interleaved rounds. Reproduce with \`node bench/first-call.mjs\`.

${table(["server", ...STEPS, "all"], rows)}

${
  before
    ? `Before and after in one interleaved run (${before.rounds} rounds, ${before.date.slice(0, 10)}; "before" is ${before.label}):

${table(["server", ...STEPS, "all"], beforeRows)}

`
    : ""
}Lazy loading moves work, it does not remove it: the first request and the first date pay for their
imports. They come when the user has asked for something and waits for the service anyway, and a
session that never reads a date never loads chrono-node. The third call shows the warm server, and
one more change: a date filter (\`from\`/\`to\` on list_invoices and list_time_entries) used to work out
its days' bounds in the zone for every row it looked at, tens of microseconds each, 166 invoices
twice; it now does so once per call (\`withinDays\`, src/mcp/date-args.ts).

Since 2026-11-29 the tool context (API client, directory, stores) and a call's own code are also
read by the first call (src/mcp/context-handle.ts, src/mcp/tool-call.ts), started as the call
arrives, beside its tool's code. The work is the same: counted by callgrind, a fresh bundle from
spawn through \`tools/list\`, the first \`list_projects\` and two \`list_invoices\` with dates ran
3.867 billion instructions, against 3.862 before (+0.1 %); in wall time the steps after the start
move by a few milliseconds either way from run to run on this shared machine. The built bin (dist/)
reads these modules file by file, so its first call pays more for them than the bundle's.

The second call with dates is the slowest, before and after these changes alike, and it is V8's
doing: V8 interprets a regular expression the first time it runs and compiles it to machine code the
second time, and chrono-node's patterns take about 200 ms to compile (a CPU profile puts it all in
chrono's \`executeParser\`; with \`node --regexp-interpret-all\` the second phrase takes about a
millisecond). The server cannot choose V8's flags for itself once running; a client's configuration
can pass that flag before the script, at some cost to every other regular expression's speed.

Machine: ${machine}.`,
  );
}
