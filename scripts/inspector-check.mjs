// `npm run inspect`: the built server driven by a client we did not write, the MCP Inspector's CLI,
// against the embedded sandbox: tools/list, one tool call, resources/list and prompts/list; first
// over stdio, then over Streamable HTTP against `invoicing-mcp serve` with a tenant's token.
// The Inspector declares Node >= 22.19, but its --cli mode runs on Node 20 (checked on 20.20.2),
// so CI runs this too. Exits non-zero when a call fails or answers the wrong shape.
import { execFile, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
const root = fileURLToPath(new URL("..", import.meta.url));
const inspectorPackage = createRequire(import.meta.url).resolve(
  "@modelcontextprotocol/inspector/package.json",
);
const inspector = join(dirname(inspectorPackage), "clients", "launcher", "build", "index.js");
const server = [process.execPath, join(root, "dist", "index.js"), "--sandbox"];

const checks = [
  { args: ["--method", "tools/list"], ok: (r) => r.tools?.some((t) => t.name === "list_customers") },
  {
    args: ["--method", "tools/call", "--tool-name", "list_customers", "--tool-arg", "query=mueller"],
    ok: (r) => !r.isError && r.content?.[0]?.text?.includes("Müller & Söhne GmbH"),
  },
  { args: ["--method", "resources/list"], ok: (r) => Array.isArray(r.resources) },
  { args: ["--method", "prompts/list"], ok: (r) => Array.isArray(r.prompts) },
];

let failed = 0;
async function runChecks(target, transport) {
  for (const check of checks) {
    const label = `${transport}: ${check.args.filter((a) => !a.startsWith("--")).join(" ")}`;
    try {
      const { stdout } = await run(process.execPath, [inspector, "--cli", ...target, ...check.args], {
        cwd: root,
        timeout: 60_000,
      });
      const answer = JSON.parse(stdout);
      if (!check.ok(answer)) throw new Error(`unexpected answer: ${stdout.slice(0, 300)}`);
      console.error(`inspector: ${label}: ok`);
    } catch (error) {
      failed++;
      console.error(`inspector: ${label}: FAILED\n${error instanceof Error ? error.message : error}`);
    }
  }
}

await runChecks(server, "stdio");

// Over HTTP: a sandbox, a tenants file naming it, a token from `tokens create`, and `serve`.
const { startSandbox } = await import("@invoicing-mcp/sandbox");
const sandbox = await startSandbox({ quiet: true });
const dir = mkdtempSync(join(tmpdir(), "invoicing-inspector-"));
const tenants = join(dir, "tenants.json");
writeFileSync(
  tenants,
  JSON.stringify({ tenants: [{ id: "demo", apiKeyEnv: "DEMO_KEY", baseUrl: sandbox.url }] }),
);
const env = { PATH: process.env.PATH, DEMO_KEY: sandbox.keys.demo };
const bin = join(root, "dist", "index.js");
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
try {
  const url = await new Promise((resolve, reject) => {
    let stderr = "";
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${stderr}`)), 15_000);
    serve.stderr.on("data", (chunk) => {
      stderr += chunk;
      const match = /serving MCP at (\S+\/mcp)/.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
  await runChecks([url, "--transport", "http", "--header", `Authorization: Bearer ${token}`], "http");
} catch (error) {
  failed++;
  console.error(`inspector: http: FAILED\n${error instanceof Error ? error.message : error}`);
} finally {
  serve.kill("SIGTERM");
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = failed > 0 ? 1 : 0;
