// CI: the packed .mcpb as Claude Desktop receives it. Unpacks invoicing-mcp.mcpb (`npm run pack:mcpb`)
// into an empty folder outside the repository (no node_modules above it), reads its manifest.json,
// fills in `${__dirname}` and each `${user_config.NAME}` with the MCP Bundle reference implementation
// (@anthropic-ai/mcpb's getMcpConfigForManifest: the user's values, else the manifest's defaults, else
// the placeholder left as it stands), and spawns exactly command + args with env, `node` being the
// given Node binary (the host's Node runs the bundle). Then, against a sandbox on a free port:
//   - every field set: initialize in both protocol eras, tools/list, one read call, a create_invoice dry run;
//   - read_only true: no write tool listed, a read call still answers;
//   - every optional field left unset (as the reference host leaves it), and cleared (""): the server
//     treats each as unset, says so on stderr, and offers no events tool;
//   - no account at all, only "Try it on the built-in sandbox" switched on: the bundle's own embedded
//     sandbox serves, the same calls answer, and a ZUGFeRD PDF is made with the fonts the pack carries.
// Usage: node scripts/check-mcpb.mjs [--node /path/to/node] [--mcpb file]. Prints one line; exits non-zero on failure.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { getMcpConfigForManifest, unpackExtension } from "@anthropic-ai/mcpb";
import {
  DOCUMENT_CALLS,
  ERAS,
  madePdf,
  probe,
  SANDBOX_CALLS,
  startSandbox,
  WRITE_TOOLS,
} from "./lib/probe.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const { values } = parseArgs({
  options: {
    node: { type: "string", default: process.execPath },
    mcpb: { type: "string", default: join(root, "invoicing-mcp.mcpb") },
  },
});
const node = values.node;
const nodeVersion = execFileSync(node, ["--version"], { encoding: "utf8" }).trim();

const dir = mkdtempSync(join(tmpdir(), "invoicing-mcpb-check-"));
const sandbox = await startSandbox();
try {
  if (!existsSync(values.mcpb))
    throw new Error(`${values.mcpb} does not exist: run \`npm run pack:mcpb\` first`);
  const extension = join(dir, "extension");
  if (!(await unpackExtension({ mcpbPath: values.mcpb, outputDir: extension, silent: true }))) {
    throw new Error(`could not unpack ${values.mcpb}`);
  }
  for (let up = extension; up !== dirname(up); up = dirname(up)) {
    if (existsSync(join(up, "node_modules"))) throw new Error(`${up} has a node_modules: not a clean place`);
  }
  const manifest = JSON.parse(readFileSync(join(extension, "manifest.json"), "utf8"));
  const inbox = join(dir, "inbox.jsonl");
  writeFileSync(inbox, "");
  // The account: optional in the form (the built-in sandbox needs none), given in every case but the last.
  const required = { api_key: sandbox.keys.demo, base_url: sandbox.url };
  const optional = Object.entries(manifest.user_config)
    .filter(([name, option]) => !option.required && !(name in required))
    .map(([name]) => name);

  /** What the host would start for these user settings: command, args and env, filled in. */
  async function launch(userConfig) {
    const config = await getMcpConfigForManifest({
      manifest,
      extensionPath: extension,
      systemDirs: {
        HOME: homedir(),
        DESKTOP: join(homedir(), "Desktop"),
        DOCUMENTS: join(homedir(), "Documents"),
      },
      userConfig,
      pathSeparator: sep,
    });
    if (!config) throw new Error("the reference host would not start the server with these settings");
    if (config.command !== "node") throw new Error(`the manifest starts "${config.command}", not node`);
    return {
      command: node,
      args: config.args,
      // The host's environment is not ours to copy: a PATH, a HOME, and what the manifest sets.
      env: { PATH: "/usr/bin:/bin", HOME: dir, ...config.env },
      cwd: dir,
    };
  }
  const listedWrites = (tools) => tools.filter((tool) => WRITE_TOOLS.includes(tool));

  // 1. Every field set, both eras.
  const full = { ...required, time_zone: "Europe/Vienna", read_only: false, inbox };
  const eras = [];
  for (const era of ERAS) {
    const answered = await probe({ ...(await launch(full)), era, calls: SANDBOX_CALLS });
    if (listedWrites(answered.tools).length !== WRITE_TOOLS.length)
      throw new Error(`${era}: write tools missing`);
    if (!answered.tools.includes("recent_events")) throw new Error(`${era}: with an inbox, no recent_events`);
    eras.push(`${answered.version}: ${answered.tools.length} tools, ${answered.answers.join(" + ")}`);
  }

  // 2. Read-only: no write tool. With a file where the temp directory should be, so on Node 22.8+
  //    the compile cache (turned on in the entry, under the temp directory) cannot be made.
  const notADirectory = join(dir, "not-a-directory");
  writeFileSync(notADirectory, "");
  const readOnlyLaunch = await launch({ ...required, read_only: true });
  const readOnly = await probe({
    ...readOnlyLaunch,
    env: { ...readOnlyLaunch.env, TMPDIR: notADirectory },
    era: ERAS[0],
    calls: SANDBOX_CALLS.slice(0, 1),
  });
  if (/cache|warning/i.test(readOnly.stderr))
    throw new Error(`an unusable temp directory showed on stderr:\n${readOnly.stderr}`);
  if (listedWrites(readOnly.tools).length > 0)
    throw new Error(`read_only lists ${listedWrites(readOnly.tools)}`);

  // 3. Optional fields unset (the reference host: defaults where the manifest has them, the
  //    placeholder otherwise) and cleared in the form (""): never a path, one stderr line each.
  const unsetChecks = [];
  for (const [label, userConfig] of [
    ["unset", required],
    ["cleared", { ...required, ...Object.fromEntries(optional.map((name) => [name, ""])) }],
  ]) {
    const launched = await launch(userConfig);
    const unfilled = Object.entries(launched.env).filter(([, value]) => value === "" || /\$\{/.test(value));
    const answered = await probe({ ...launched, era: ERAS[0], calls: SANDBOX_CALLS });
    if (answered.tools.includes("recent_events"))
      throw new Error(`${label}: recent_events listed without an inbox`);
    if (listedWrites(answered.tools).length !== WRITE_TOOLS.length)
      throw new Error(`${label}: write tools missing`);
    for (const [name] of unfilled) {
      const lines = answered.stderr.split("\n").filter((line) => line.includes(`${name} is`));
      if (lines.length !== 1)
        throw new Error(`${label}: ${lines.length} stderr lines about ${name}, not 1:\n${answered.stderr}`);
    }
    unsetChecks.push(
      `${label} (${unfilled.map(([name]) => name).join(", ") || "none"}): ${answered.tools.length} tools`,
    );
  }

  // 4. No account, the sandbox switched on: the bundle carries the sandbox and starts it in-process.
  const trial = await launch({ sandbox: true });
  const tried = await probe({ ...trial, era: ERAS[1], calls: [...SANDBOX_CALLS, ...DOCUMENT_CALLS] });
  const pdf = madePdf(join(dir, "Documents", "Invoicing"));
  if (!/serving the sandbox at http:\/\/127\.0\.0\.1:\d+ with demo data/.test(tried.stderr))
    throw new Error(`with sandbox on, no word of the embedded sandbox on stderr:\n${tried.stderr}`);
  if (tried.stderr.includes(sandbox.url)) throw new Error("with sandbox on, the outside sandbox was used");

  const files = readdirSync(extension, { recursive: true }).length;
  console.log(
    `mcpb on Node ${nodeVersion}: unpacked ${values.mcpb.slice(root.length)} (${files} entries) into an empty folder and started ${manifest.server.mcp_config.args.join(" ")} as the manifest says; ` +
      `${eras.join("; ")}; read_only (temp directory unusable): ${readOnly.tools.length} tools, no write tool; optional fields ${unsetChecks.join(", ")}, no recent_events, one stderr line each; no account with sandbox on: the embedded sandbox served ${tried.tools.length} tools, ${tried.answers.join(" + ")}, and wrote ${pdf}`,
  );
} catch (error) {
  console.error(`mcpb on Node ${nodeVersion}: FAILED: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
}
