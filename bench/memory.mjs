#!/usr/bin/env node
/**
 * Memory: the built bin's resident set (VmRSS from /proc/<pid>/status) after start, after 100 and
 * then every 250 mixed tool calls over stdio against the sandbox, and beside it the live heap after
 * a full garbage collection (through the V8 inspector of a second server process, so that the
 * forced collections do not touch the first one's RSS). The two servers take the calls in turn.
 * Linux only (/proc).
 *
 *   node bench/memory.mjs [--calls 3000] [--plain] [--no-write]
 *
 * The server starts with the node options manifest.json gives it (--max-semi-space-size); --plain
 * starts it without, as `npx invoicing-mcp` does.
 */
import { flag, numberOption } from "./lib/args.mjs";
import { connectInspector } from "./lib/inspector.mjs";
import { manifestNodeArgs } from "./lib/manifest-launch.mjs";
import { machineLine, table, verdict, writeSection } from "./lib/markdown.mjs";
import { memoryMix } from "./lib/memory-mix.mjs";
import { requireBuild } from "./lib/paths.mjs";
import { rssMiB } from "./lib/proc.mjs";
import { saveResult } from "./lib/results.mjs";
import { startSandbox, startServer } from "./lib/sandbox.mjs";
import { slope } from "./lib/stats.mjs";

/** A leak of a quarter kilobyte per call, or more, shows as at least this slope of the live heap. */
const GOAL_MIB_PER_1000 = 0.25;
/** The trend is judged from here on: by then every kind of call has run a hundred times and more. */
const TREND_FROM = 1000;

requireBuild();
const CALLS = numberOption("--calls", 3000);
const machine = machineLine();

const sandbox = await startSandbox();
// As the .mcpb starts it (its node options), or with none (--plain), as `npx` does.
const nodeArgs = flag("--plain") ? [] : manifestNodeArgs();
const server = await startServer(sandbox, { nodeArgs });
const probed = await startServer(sandbox, { nodeArgs: [...nodeArgs, "--inspect=127.0.0.1:0"] });
const inspector = await connectInspector(probed);
await server.request("tools/list");
await probed.request("tools/list");

const mix = await memoryMix(server);

const sample = async (calls) => ({
  calls,
  rssMiB: rssMiB(server.pid),
  heapMiB: await inspector.heapAfterGcMiB(),
});
const samples = [await sample(0)];
for (let call = 1; call <= CALLS; call++) {
  const [name, args] = mix[call % mix.length];
  await server.callTool(name, args);
  await probed.callTool(name, args);
  if (call === 100 || call % 250 === 0) {
    samples.push(await sample(call));
    process.stderr.write(`\rmemory: ${call}/${CALLS}`);
  }
}
process.stderr.write("\n");
inspector.close();
await server.close();
await probed.close();
await sandbox.close();

const at = (n) => samples.find((s) => s.calls === n);
/** Least-squares slope over the samples from `from` calls on, in MiB per 1,000 calls. */
const trend = (key, from) => {
  const tail = samples.filter((s) => s.calls >= from);
  return (
    slope(
      tail.map((s) => s.calls),
      tail.map((s) => s[key]),
    ) * 1000
  );
};
const rss100to2000 = ((at(2000).rssMiB - at(100).rssMiB) / 1900) * 1000;
const heapTrend = trend("heapMiB", TREND_FROM);
const rssTrend = trend("rssMiB", TREND_FROM);
const goals = [
  {
    figure: `memory: live heap after full GC, slope over ${TREND_FROM.toLocaleString("en")}–${CALLS.toLocaleString("en")} mixed calls`,
    goal: `< ${GOAL_MIB_PER_1000} MiB per 1,000 calls`,
    result: `${heapTrend.toFixed(2)} MiB per 1,000 calls (RSS: ${rssTrend.toFixed(2)}; RSS 100 → 2,000: ${rss100to2000.toFixed(2)})`,
    met: heapTrend < GOAL_MIB_PER_1000,
  },
];
const result = { machine, samples, rss100to2000, rssTrend, heapTrend, goals };
console.log(JSON.stringify(result, null, 2));
saveResult("memory", result);

if (!flag("--no-write")) {
  writeSection(
    "Memory",
    `The built bin, started against the sandbox as a client starts it, over ${CALLS.toLocaleString("en")} tool calls in turn from a
mix of ${mix.length}: ${[...new Set(mix.map(([n]) => `\`${n}\``))].join(", ")} (list_invoices once
plain and once with "last month" … "today", list_time_entries "this month", eur_report "last year",
create_invoice as a dry run, so the data and the answers' sizes stay the same throughout). RSS is
VmRSS from /proc/<pid>/status. The live heap is V8's used heap after two full collections, read
through the inspector of a second server process (\`--inspect\`) that gets every call right after the
first one (A B A B …), so that forcing collections does not change the RSS being measured. One call
in flight. Both start with the node options the .mcpb gives them${nodeArgs.length === 0 ? " (here none: --plain)" : ` (\`${nodeArgs.join(" ")}\`)`}. Reproduce with \`node bench/memory.mjs\`.

${table(
  ["after", "RSS", "live heap after full GC"],
  samples.map((s) => [
    s.calls === 0 ? "start (initialize, tools/list)" : `${s.calls.toLocaleString("en")} calls`,
    `${s.rssMiB.toFixed(1)} MiB`,
    `${s.heapMiB.toFixed(2)} MiB`,
  ]),
)}

${table(
  ["figure", "goal", "measured", ""],
  [
    [
      `live heap after full GC: slope over ${TREND_FROM.toLocaleString("en")}–${CALLS.toLocaleString("en")} calls (least squares)`,
      `< ${GOAL_MIB_PER_1000} MiB per 1,000 calls (a leak of a quarter kilobyte a call would show)`,
      `${heapTrend.toFixed(2)} MiB per 1,000 calls`,
      verdict(heapTrend < GOAL_MIB_PER_1000),
    ],
    [
      `RSS: slope over ${TREND_FROM.toLocaleString("en")}–${CALLS.toLocaleString("en")} calls (least squares)`,
      "(for reference)",
      `${rssTrend.toFixed(2)} MiB per 1,000 calls`,
      "",
    ],
    [
      "RSS: slope from 100 to 2,000 calls",
      "(for reference)",
      `${rss100to2000.toFixed(2)} MiB per 1,000 calls`,
      "",
    ],
  ],
)}

${notes()}

Machine: ${machine}.`,
  );
}

/** What the curves show, and for a missed goal where to look. */
function notes() {
  const parts = [
    `**What grew, and the cap (issue 29, item 18).** Before, started without node options as the
.mcpb then did (commit 3085ecf, 2,600 calls, 2026-11-26): RSS 127.2 MiB after 100 calls, 136.7 MiB
after 1,000 and 141.8 MiB after 2,500 (RSS slope 3.05 MiB per 1,000 calls over 1,000–2,500; 151.7
MiB after 1,500 calls in a second run), while the live heap after full GC stayed at 27–28 MiB.
\`process.memoryUsage()\` of the server, read through its inspector every 250 calls, showed RSS
moving with \`heapTotal\` (64.7 → 81.4 MiB over 250 → 1,500 calls; \`external\` flat at 4 MiB): V8
growing its young generation under the allocation rate (semi-spaces up to 16 MiB each) and with it
the old generation's slack, not objects of ours. A heap-snapshot diff (\`node bench/heap-diff.mjs\`,
calls 400 → 1,400) found 0.8 MB of growth, all compiled code and its deoptimization data. With
\`--max-semi-space-size=4\`, which manifest.json now passes, the same 1,500 calls ended at 116.6 MiB
(\`heapTotal\` 45.8 MiB, flat from call 1,250) for 5.56 s of server CPU instead of 5.29 s
(\`--max-semi-space-size=2\`: 116.1 MiB, 5.66 s). \`npx\` and the installed command get it from
\`NODE_OPTIONS\` (README).`,
    `RSS grows most in the first hundred calls, by ${(at(100).rssMiB - at(0).rssMiB).toFixed(0)} MiB here, and keeps creeping up for a
while after: the modules loaded on first use (undici on the first request, chrono-node and the phrase
readers on the first date), the code V8 compiles and then optimizes as calls repeat, and V8 growing
its heap's capacity, which it gives back to the system only under pressure. None of that is a leak,
and the live heap tells them apart: what the server still holds after a full collection. That is the
figure the goal is about, judged from ${TREND_FROM.toLocaleString("en")} calls on, when every kind of call has run a hundred times.
Over 100 → 2,000 calls RSS rose ${rss100to2000.toFixed(2)} MiB per 1,000 calls: by the letter a growth, by its
shape (steep at first, flattening) warm-up.

Where the live heap does creep (by about 0.1 MiB per 1,000 calls over a run of 8,000), it is not
our objects. Two heap snapshots of the server 6,000 calls apart (in-process, after 3,000 and 9,000 calls, 2026-11-22) differ by about 0.5 MB of V8's
compiled code and deoptimization data, undici's pool of timers, and one array grown by 59 kB,
consistent with the rate governor's list of occupied slots, which holds one entry per request of the
last window (60 s) and so grows with the request rate up to that bound; no object of ours grew in
number.`,
  ];
  if (heapTrend >= GOAL_MIB_PER_1000) {
    parts.push(`**Missed: no growth trend.** The live heap grew ${heapTrend.toFixed(2)} MiB per 1,000 calls after the first
${TREND_FROM.toLocaleString("en")}. Caches are the usual suspects (the directory keeps one account's customers and
projects; the rate governor keeps at most one slot per request of the last window), then listeners
added per call. Two heap snapshots of the server (\`node --heapsnapshot-signal=SIGUSR2 dist/index.js\`)
some thousand calls apart show what accumulates.`);
  }
  return parts.join("\n\n");
}
