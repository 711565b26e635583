#!/usr/bin/env node
/**
 * Where a cold start's time goes: what importing each part costs, each in a fresh process,
 * interleaved, medians. The packages alone, then our modules on top of zod and the SDK (which any
 * server on this SDK loads anyway).
 *
 *   node bench/import-cost.mjs [--rounds 15] [--no-write]
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { flag, numberOption } from "./lib/args.mjs";
import { interleave } from "./lib/interleave.mjs";
import { machineLine, ms, table, writeSection } from "./lib/markdown.mjs";
import { FIXTURES, ROOT, requireBuild } from "./lib/paths.mjs";
import { saveResult } from "./lib/results.mjs";
import { median } from "./lib/stats.mjs";

requireBuild();
const ROUNDS = numberOption("--rounds", 15);
const machine = machineLine();
const SDK = ["zod", "@modelcontextprotocol/server", "@modelcontextprotocol/server/stdio"];

/** [label, what it is, specifiers (after "--": timed), how it is loaded now]. */
const TARGETS = [
  ["zod", "schemas: ours and the SDK's", ["--", "zod"], "at start (the SDK needs it too)"],
  ["SDK", "`@modelcontextprotocol/server` and its stdio entry, zod included", ["--", ...SDK], "at start"],
  ["undici", "the HTTP client (CommonJS, ~100 files)", ["--", "undici"], "on the first request"],
  ["chrono-node", "the package index: all 16 locales", ["--", "chrono-node"], "no longer imported"],
  [
    "chrono-node/de + en",
    "the two locales we read",
    ["--", "chrono-node/de", "chrono-node/en"],
    "on the first date phrase",
  ],
  ["date-fns", "the package index: every function, ~300 files", ["--", "date-fns"], "no longer imported"],
  [
    "date-fns/format + addDays",
    "the functions the start-up path uses, one path each",
    ["--", "date-fns/format", "date-fns/addDays"],
    "at start (formatting dates in answers)",
  ],
  ["@date-fns/tz", "TZDate and zone offsets", ["--", "@date-fns/tz"], "at start"],
  [
    "dist/domain/dates/index.js",
    "our date module with its phrase readers, on top of zod + SDK",
    [...SDK, "--", "./dist/domain/dates/index.js"],
    "on the first date phrase (loadDates)",
  ],
  [
    "dist/stdio.js",
    "everything the MCP mode imports at start (tools, resources, prompts, client), on top of zod + SDK",
    [...SDK, "--", "./dist/stdio.js"],
    "at start",
  ],
];

const contenders = TARGETS.map(([label, , specifiers]) => ({
  name: label,
  run: async () =>
    Number(
      execFileSync(process.execPath, [join(FIXTURES, "import-once.mjs"), ...specifiers], {
        cwd: ROOT,
      }).toString(),
    ),
}));
const samples = await interleave(contenders, {
  rounds: ROUNDS,
  warmup: 1,
  onRound: (r) => r > 0 && process.stderr.write(`\rimport cost: round ${r}/${ROUNDS}`),
});
process.stderr.write("\n");
const medians = Object.fromEntries([...samples].map(([name, values]) => [name, median(values)]));
const result = { machine, rounds: ROUNDS, medians };
console.log(JSON.stringify(result, null, 2));
saveResult("import-cost", result);

if (!flag("--no-write")) {
  writeSection(
    "Cold start: where the time goes",
    `What importing each part costs, each in a fresh process (\`bench/fixtures/import-once.mjs\`), the
parts interleaved, ${ROUNDS} rounds, medians; Node ${process.version}. Rows "on top of zod + SDK" import those first,
untimed, and time only the rest. Before the changes recorded above, \`dist/stdio.js\` brought in the
\`chrono-node\` and \`date-fns\` indexes and undici at start. Reproduce with \`node bench/import-cost.mjs\`.

${table(
  ["part", "what it is", "import", "loaded now"],
  TARGETS.map(([label, what, , when]) => [`\`${label}\``, what, ms(medians[label]), when]),
)}

Machine: ${machine}.`,
  );
}
