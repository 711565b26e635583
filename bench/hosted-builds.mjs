#!/usr/bin/env node
/**
 * Builds of `invoicing-mcp serve` side by side, for telling what a change does to the CPU a hosted
 * call costs: each build (a `dist` folder, e.g. a copy of main's beside this checkout's
 * node_modules, or another worktree's) and optionally the minimal server, each in its own process
 * pinned to the first core, while the sandbox, this process and the load generator share the
 * second (taskset, where there is one and two cores or more). Rounds are interleaved, the order
 * rotating; per build the median CPU per call over the rounds, and each against the last one named.
 * Pinning gives every server the same quiet core, so a difference of a few percent shows; the
 * calls per second it gives are not the product's (the other core bounds them): for those, see
 * bench/hosted-vs-minimal.mjs. Nothing is recorded.
 *
 * A build may also be a bin file (`bundle/invoicing-mcp.mjs`, what the package installs) instead of a
 * `dist` folder.
 *
 * `minimal:N` is the minimal server with N connections to the API instead of 16: `minimal:4` holds
 * it to the 4 API requests in flight our governor allows per key.
 *
 *   node bench/hosted-builds.mjs --builds /tmp/before/dist,dist[,minimal:4][,minimal] [--tool list_invoices]
 *        [--rounds 5] [--seconds 5] [--warm 15] [--era legacy|modern]
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpus } from "node:os";
import { join, resolve } from "node:path";
import { numberOption, option } from "./lib/args.mjs";
import { runLoad, startMinimal, startServe, tenantWithToken } from "./lib/hosted.mjs";
import { requireBuild } from "./lib/paths.mjs";
import { cpuMs } from "./lib/proc.mjs";
import { startSandbox } from "./lib/sandbox.mjs";
import { median } from "./lib/stats.mjs";

requireBuild();
const BUILDS = option("--builds", "dist").split(",");
const TOOL = option("--tool", "list_invoices");
const ROUNDS = numberOption("--rounds", 5);
const SECONDS = numberOption("--seconds", 5);
const WARM = numberOption("--warm", 15);
const ERA = option("--era", "legacy");

/** Every thread of `pid` on `core`; false when taskset is missing or there is one core. */
function pin(pid, core) {
  if (cpus().length < 2) return false;
  try {
    execFileSync("taskset", ["-a", "-p", "-c", String(core), String(pid)], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

const pinned = pin(process.pid, 1); // children started from here inherit the second core
const sandbox = await startSandbox();
const tenant = tenantWithToken(sandbox);
const minimalToken = randomBytes(24).toString("hex");
const servers = {};
for (const build of BUILDS) {
  const server =
    build === "minimal" || build.startsWith("minimal:")
      ? { ...(await startMinimal(sandbox, minimalToken, build.split(":")[1])), token: minimalToken }
      : {
          ...(await startServe(
            tenant,
            { INVOICING_RATE_WINDOW_MS: "1000" },
            [],
            build.endsWith(".mjs") ? resolve(build) : join(resolve(build), "index.js"),
          )),
          token: tenant.token,
        };
  if (pinned) pin(server.pid, 0);
  servers[build] = server;
}

async function measure(build, seconds) {
  const server = servers[build];
  const before = cpuMs(server.pid);
  const figures = await runLoad({ url: server.url, token: server.token, tool: TOOL, era: ERA, seconds });
  sandbox.requests.length = 0; // the sandbox records every request; none is needed here
  if (figures.errors > 0) throw new Error(`${build}: ${figures.errors} errors, first: ${figures.firstError}`);
  return (cpuMs(server.pid) - before) / figures.calls;
}

for (const build of BUILDS) await measure(build, WARM); // JIT and caches, not counted
const perCall = Object.fromEntries(BUILDS.map((build) => [build, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const build of BUILDS.map((_, i) => BUILDS[(i + round) % BUILDS.length])) {
    perCall[build].push(await measure(build, SECONDS));
  }
}
for (const server of Object.values(servers)) await server.stop();
await sandbox.close();
tenant.cleanup();

const last = median(perCall[BUILDS.at(-1)]);
console.log(
  `${TOOL}, ${ERA} era, ${ROUNDS} rounds of ${SECONDS} s${pinned ? ", servers pinned to core 0" : ""}:`,
);
for (const build of BUILDS) {
  const rounds = perCall[build].map((ms) => ms.toFixed(2)).join(" ");
  const mid = median(perCall[build]);
  console.log(`  ${build}: ${mid.toFixed(3)} ms CPU per call (${(mid / last).toFixed(2)}×) [${rounds}]`);
}
