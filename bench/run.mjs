#!/usr/bin/env node
/**
 * `npm run bench` (after the build, which bundles too): every benchmark in its own process, one after
 * the other, each writing its section of docs/benchmarks.md; then the summary at the top.
 *
 *   node bench/run.mjs [--only cold-start,per-call,…]
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { option } from "./lib/args.mjs";
import { machineLine, table, verdict, writeSection } from "./lib/markdown.mjs";
import { ROOT } from "./lib/paths.mjs";
import { loadAllResults } from "./lib/results.mjs";

const BENCHMARKS = [
  "cold-start",
  "import-cost",
  "first-call",
  "per-call",
  "rate-governor",
  "time-batches",
  "memory",
  "text-size",
  "tool-list-size",
  "webhook-ack",
  "hosted",
  "hosted-vs-minimal",
  "einvoice",
];
const only = option("--only", undefined)?.split(",");
const machine = machineLine();

// Memory reads /proc; elsewhere it is left out rather than failing the whole run.
const skipped = process.platform === "linux" ? [] : ["memory"];
for (const name of BENCHMARKS.filter((b) => (!only || only.includes(b)) && !skipped.includes(b))) {
  process.stderr.write(`\n== ${name}\n`);
  const started = Date.now();
  const run = spawnSync(process.execPath, [join(ROOT, "bench", `${name}.mjs`)], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (run.status !== 0) throw new Error(`bench/${name}.mjs failed (exit ${run.status ?? run.signal})`);
  process.stderr.write(`== ${name}: ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
}

// In the order of the sections below.
const goals = loadAllResults()
  .sort((a, b) => BENCHMARKS.indexOf(a.name) - BENCHMARKS.indexOf(b.name))
  .flatMap((r) => r.goals ?? []);
writeSection(
  "Summary",
  `\`npm run bench\` builds, bundles, runs every benchmark below in its own process (each writes its
section) and then this summary. Where contenders are compared they run interleaved (A B A B …, the
order rotating each round) and the figures are medians; absolute times on a shared machine mean
less than the ratios beside them. No benchmark is a pass/fail test: a missed goal is reported here
with the reason in its section. Every section names the machine it ran on.

${table(
  ["figure", "goal", "measured", ""],
  goals.map((g) => [g.figure, g.goal, g.result, verdict(g.met)]),
)}

The webhook receiver's figures (last section) have no goal: they compare the receiver with a bare
node:http server on the same machine.

Summary written on: ${machine}.`,
);
process.stderr.write("docs/benchmarks.md written\n");
