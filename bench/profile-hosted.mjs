#!/usr/bin/env node
/**
 * A CPU profile of `invoicing-mcp serve`, or of the minimal server (bench/fixtures/minimal-hosted-server.mjs,
 * `--server minimal`), under the load generator (bench/lib/load-generator.mjs), for finding where a
 * call's CPU goes: the same load on both tells what ours spends that the SDK's simplest server does
 * not. Writes a .cpuprofile per run to --dir and prints the server's CPU per call and the top
 * self-time functions. Not a benchmark: no figures are recorded.
 *
 *   node bench/profile-hosted.mjs [--server ours|minimal] [--tool list_invoices] [--seconds 8]
 *        [--dir /tmp/prof] [--no-profile] [--top 40] [--minimal-connections 16]
 *        [--connections 32]
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { flag, numberOption, option } from "./lib/args.mjs";
import { runLoad, startMinimal, startServe, tenantWithToken } from "./lib/hosted.mjs";
import { requireBuild } from "./lib/paths.mjs";
import { cpuSplitMs } from "./lib/proc.mjs";
import { startSandbox } from "./lib/sandbox.mjs";

requireBuild();
const TOOL = option("--tool", "list_invoices");
const SECONDS = numberOption("--seconds", 8);
const DIR = option("--dir", "/tmp/invoicing-mcp-profiles");
const PROFILE = !flag("--no-profile");
const SERVER = option("--server", "ours");
const TOP = numberOption("--top", 40);
const MINIMAL_CONNECTIONS = option("--minimal-connections", undefined);
// 1: calls one after the other, so what a call costs does not depend on how many share a wake-up.
const CONNECTIONS = numberOption("--connections", 32);
if (SERVER !== "ours" && SERVER !== "minimal") throw new Error("--server is ours or minimal");

mkdirSync(DIR, { recursive: true });
const before = new Set(readdirSync(DIR));
const sandbox = await startSandbox();
const tenant = tenantWithToken(sandbox);
const nodeArgs = PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${DIR}`] : [];
const minimalToken = randomBytes(24).toString("hex");
// The same settings as bench/hosted-vs-minimal.mjs: the pacing's window short enough not to bind.
const serve =
  SERVER === "ours"
    ? await startServe(tenant, { INVOICING_RATE_WINDOW_MS: "1000" }, nodeArgs)
    : await startMinimal(sandbox, minimalToken, MINIMAL_CONNECTIONS, nodeArgs);
const token = SERVER === "ours" ? tenant.token : minimalToken;

function load(seconds) {
  return runLoad({ url: serve.url, token, tool: TOOL, seconds, connections: CONNECTIONS });
}

const warm = await load(3); // warm-up
const cpu0 = cpuSplitMs(serve.pid);
const figures = await load(SECONDS);
const cpu1 = cpuSplitMs(serve.pid);
const [user, system] = [cpu1.user - cpu0.user, cpu1.system - cpu0.system];
const cpu = user + system;
sandbox.requests.length = 0;
await serve.stop();
await sandbox.close();
tenant.cleanup();
console.log(
  `${SERVER} ${TOOL}: ${figures.calls} calls (${(figures.calls / figures.seconds).toFixed(0)}/s), ${figures.errors} errors, ` +
    `${(cpu / figures.calls).toFixed(3)} ms CPU/call (user ${(user / figures.calls).toFixed(3)}, system ${(system / figures.calls).toFixed(3)})`,
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
// The profile covers the warm-up too: per call is over both runs' calls.
const profiled = warm.calls + figures.calls;
console.log(
  `${join(DIR, file)}; busy ${(total / 1000).toFixed(0)} ms over ${profiled} calls, ${(total / 1000 / profiled).toFixed(3)} ms per call`,
);
for (const [key, micros] of [...self].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
  console.log(`${((100 * micros) / total).toFixed(1).padStart(5)} %  ${key}`);
}
