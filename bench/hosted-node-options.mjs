#!/usr/bin/env node
/**
 * `invoicing-mcp serve` started with different Node options, side by side under the same load, for
 * telling what a runtime setting does to the CPU a hosted call costs (e.g. the young generation's
 * size, which V8 fixes when Node starts): each variant in its own process, the load generator
 * (bench/lib/load-generator.mjs, 32 clients) in another, rounds interleaved with the order rotating;
 * per variant the median CPU per call (/proc/<pid>/stat) and the RSS at the end. Nothing is recorded.
 *
 *   node bench/hosted-node-options.mjs [--options "|--max-semi-space-size=32"] [--tool list_invoices]
 *        [--rounds 8] [--seconds 4]
 *
 * --options: the variants, separated by "|", each a space-separated list of Node options; an empty
 * one is Node's defaults.
 */
import { numberOption, option } from "./lib/args.mjs";
import { runLoad, startServe, tenantWithToken } from "./lib/hosted.mjs";
import { requireBuild } from "./lib/paths.mjs";
import { cpuMs, rssMiB } from "./lib/proc.mjs";
import { startSandbox } from "./lib/sandbox.mjs";
import { median } from "./lib/stats.mjs";

requireBuild();
const VARIANTS = option("--options", "|--max-semi-space-size=32")
  .split("|")
  .map((text) => text.trim().split(/\s+/).filter(Boolean));
const TOOL = option("--tool", "list_invoices");
const ROUNDS = numberOption("--rounds", 8);
const SECONDS = numberOption("--seconds", 4);

const sandbox = await startSandbox();
const tenant = tenantWithToken(sandbox);
// As bench/hosted-vs-minimal.mjs: the pacing's window short enough not to bind.
const servers = [];
for (const nodeArgs of VARIANTS) {
  servers.push({
    name: nodeArgs.join(" ") || "(defaults)",
    server: await startServe(tenant, { INVOICING_RATE_WINDOW_MS: "1000" }, nodeArgs),
    perCall: [],
  });
}
const load = (server, seconds) => runLoad({ url: server.url, token: tenant.token, tool: TOOL, seconds });
for (const { server } of servers) await load(server, 5); // warm-up (JIT, caches), not counted
for (let round = 0; round < ROUNDS; round++) {
  for (let k = 0; k < servers.length; k++) {
    const entry = servers[(k + round) % servers.length];
    const before = cpuMs(entry.server.pid);
    const figures = await load(entry.server, SECONDS);
    entry.perCall.push((cpuMs(entry.server.pid) - before) / figures.calls);
    sandbox.requests.length = 0; // the sandbox records every request; none is needed
    if (figures.errors > 0)
      throw new Error(`${entry.name}: ${figures.errors} errors, first: ${figures.firstError}`);
  }
}
console.log(`${TOOL}, ${ROUNDS} rounds of ${SECONDS} s, median CPU per call:`);
const base = median(servers[0].perCall);
for (const { name, server, perCall } of servers) {
  const cpu = median(perCall);
  console.log(
    `  ${name}: ${cpu.toFixed(3)} ms (${(cpu / base).toFixed(2)}×) [${perCall.map((v) => v.toFixed(2)).join(" ")}], RSS ${rssMiB(server.pid).toFixed(0)} MiB`,
  );
}
for (const { server } of servers) await server.stop();
await sandbox.close();
tenant.cleanup();
