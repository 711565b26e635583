// `npm run inspect`: the built server driven by a client we did not write, the MCP Inspector's CLI,
// against the embedded sandbox: tools/list, one tool call, resources/list and prompts/list.
// The Inspector declares Node >= 22.19, but its --cli mode runs on Node 20 (checked on 20.20.2),
// so CI runs this too. Exits non-zero when a call fails or answers the wrong shape.
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
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
for (const check of checks) {
  const label = check.args.filter((a) => !a.startsWith("--")).join(" ");
  try {
    const { stdout } = await run(process.execPath, [inspector, "--cli", ...server, ...check.args], {
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
process.exitCode = failed > 0 ? 1 : 0;
