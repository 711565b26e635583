#!/usr/bin/env node
/**
 * A CPU profile of `invoicing-mcp serve` under the load generator (bench/lib/load-generator.mjs), for
 * finding where a call's CPU goes. Writes a .cpuprofile per run to --dir and prints the
 * server's CPU per call and the top self-time functions. Not a benchmark: no figures are recorded.
 *
 *   node bench/profile-hosted.mjs [--tool list_invoices] [--seconds 8] [--dir /tmp/prof] [--no-profile]
 */
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { flag, numberOption, option } from "./lib/args.mjs";
import { runLoad, startServe, tenantWithToken } from "./lib/hosted.mjs";
import { requireBuild } from "./lib/paths.mjs";
import { cpuMs } from "./lib/proc.mjs";
import { startSandbox } from "./lib/sandbox.mjs";

requireBuild();
const TOOL = option("--tool", "list_invoices");
const SECONDS = numberOption("--seconds", 8);
const DIR = option("--dir", "/tmp/invoicing-mcp-profiles");
const PROFILE = !flag("--no-profile");

mkdirSync(DIR, { recursive: true });
const before = new Set(readdirSync(DIR));
const sandbox = await startSandbox();
const tenant = tenantWithToken(sandbox);
const serve = await startServe(
  tenant,
  { INVOICING_RATE_WINDOW_MS: "1000" },
  PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${DIR}`] : [],
);

function load(seconds) {
  return runLoad({ url: serve.url, token: tenant.token, tool: TOOL, seconds });
}

await load(3); // warm-up
const cpu0 = cpuMs(serve.pid);
const figures = await load(SECONDS);
const cpu = cpuMs(serve.pid) - cpu0;
sandbox.requests.length = 0;
await serve.stop();
await sandbox.close();
tenant.cleanup();
console.log(
  `${TOOL}: ${figures.calls} calls, ${figures.errors} errors, ${(cpu / figures.calls).toFixed(3)} ms CPU/call`,
);
if (!PROFILE) process.exit(0);

const file = readdirSync(DIR).find((name) => !before.has(name) && name.endsWith(".cpuprofile"));
const profile = JSON.parse(readFileSync(join(DIR, file), "utf8"));
const self = new Map();
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const dt = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
let total = 0;
for (const [id, micros] of dt) {
  const { callFrame } = byId.get(id);
  if (callFrame.functionName === "(idle)" || callFrame.functionName === "(program)") continue;
  const where = callFrame.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/(dist|src)\//, "$1/");
  const key = `${callFrame.functionName || "(anonymous)"} ${where}:${callFrame.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + micros);
  total += micros;
}
console.log(`${join(DIR, file)}; busy ${(total / 1000).toFixed(0)} ms`);
for (const [key, micros] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
  console.log(`${((100 * micros) / total).toFixed(1).padStart(5)} %  ${key}`);
}
