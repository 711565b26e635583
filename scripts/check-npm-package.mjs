// CI: the npm package as its user receives it. `npm pack` (prepack builds), install the tarball into an
// empty prefix outside the repository (`npm install -g --prefix`, as `npm install -g invoicing-mcp`
// would), then run the installed bin: --version, --sandbox (initialize, tools/list, one call, a
// ZUGFeRD PDF with the fonts the package carries), and
// doctor against the installed bin's own `sandbox` on a free port. The tarball must hold what the bin
// needs and nothing else.
// Prints one line saying what it started and what answered; exits non-zero on any failure.
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { bundle } from "./bundle.mjs";
import { DOCUMENT_CALLS, ERAS, madePdf, probe, SANDBOX_CALLS } from "./lib/probe.mjs";

const run = promisify(execFile);
const root = fileURLToPath(new URL("..", import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/**
 * What the tarball may hold: the bin's directory (entry, chunks, their maps, the PDFs' fonts and
 * their licence), and npm's own files.
 */
const ALLOWED = [
  /^package\.json$/,
  /^README\.md$/,
  /^LICENSE(\.md)?$/i,
  /^bundle\/[\w./-]+\.mjs(\.map)?$/,
  /^bundle\/fonts\/(DejaVuSans(-Bold)?\.ttf|LICENSE)$/,
];

const work = mkdtempSync(join(tmpdir(), "invoicing-npm-check-"));
let sandbox;
try {
  // The tarball ships bundle/ alone; .ci/run's build step ran `npm run build` (prepack) already, so
  // only the bundle is made fresh here (seconds, not tsc's minute) before packing without scripts.
  await bundle();
  const { stdout: packed } = await run(
    npm,
    ["pack", "--ignore-scripts", "--json", "--pack-destination", work],
    {
      cwd: root,
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  const [{ filename, files, size, unpackedSize }] = JSON.parse(packed.slice(packed.indexOf("[")));
  const tarball = join(work, filename);
  const stray = files.map((file) => file.path).filter((path) => !ALLOWED.some((re) => re.test(path)));
  if (stray.length > 0) throw new Error(`the tarball holds files the bin does not need: ${stray.join(", ")}`);
  if (!files.some((file) => file.path === pkg.bin["invoicing-mcp"])) {
    throw new Error(`the tarball holds no ${pkg.bin["invoicing-mcp"]}, the bin`);
  }

  const prefix = join(work, "prefix");
  await run(npm, ["install", "-g", "--prefix", prefix, "--no-audit", "--no-fund", tarball], { cwd: work });
  const bin = join(prefix, "bin", "invoicing-mcp");
  // The bin's hashbang finds node on PATH, as in a user's shell; nothing else from this environment.
  const env = { PATH: `${dirname(process.execPath)}:/usr/bin:/bin`, HOME: work };

  const { stdout: version } = await run(bin, ["--version"], { cwd: work, env });
  if (version.trim() !== pkg.version)
    throw new Error(`--version answered "${version.trim()}", not ${pkg.version}`);

  const served = await probe({
    command: bin,
    args: ["--sandbox"],
    env,
    cwd: work,
    era: ERAS[0],
    calls: [...SANDBOX_CALLS.slice(0, 1), ...DOCUMENT_CALLS],
  });
  const pdf = madePdf(join(work, "Documents", "Invoicing"));

  sandbox = await startInstalledSandbox(bin, { cwd: work, env });
  const doctor = await run(bin, ["doctor"], {
    cwd: work,
    env: { ...env, INVOICING_API_KEY: sandbox.keys.demo, INVOICING_BASE_URL: sandbox.url },
  }).catch((error) => {
    throw new Error(`doctor exited ${error.code}:\n${error.stdout}${error.stderr}`);
  });
  const checks = doctor.stdout.split("\n").filter((line) => /^\s*ok\s/.test(line)).length;

  console.log(
    `npm package: ${filename} (${(size / 1024).toFixed(0)} kB packed, ${(unpackedSize / 1024).toFixed(0)} kB in ${files.length} files) installed into an empty prefix; ` +
      `invoicing-mcp --version answered ${version.trim()}; --sandbox answered ${served.version}, ${served.tools.length} tools, ${served.answers.join(", ")}, and wrote ${pdf}; ` +
      `doctor against its own \`sandbox\` answered ${checks} ok, exit 0 (Node ${process.version})`,
  );
} catch (error) {
  console.error(`npm package: FAILED: ${error instanceof Error ? error.message : error}`);
  if (error?.stderr) console.error(String(error.stderr));
  process.exitCode = 1;
} finally {
  sandbox?.child.kill();
  rmSync(work, { recursive: true, force: true });
}

/** The installed bin's `invoicing-mcp sandbox --port 0`: its URL and demo key, read from its stderr. */
function startInstalledSandbox(bin, options) {
  const child = spawn(bin, ["sandbox", "--port", "0"], { ...options, stdio: ["ignore", "ignore", "pipe"] });
  return new Promise((resolve, reject) => {
    let stderr = "";
    const timer = setTimeout(
      () => reject(new Error(`invoicing-mcp sandbox did not start:\n${stderr}`)),
      15_000,
    );
    child.on("exit", (code) => reject(new Error(`invoicing-mcp sandbox exited ${code}:\n${stderr}`)));
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
      const url = /listening on (http:\/\/\S+)/.exec(stderr)?.[1];
      const key = /demo account.*?(sk_sandbox_demo_\w+)/.exec(stderr)?.[1];
      if (url && key) {
        clearTimeout(timer);
        resolve({ child, url, keys: { demo: key } });
      }
    });
  });
}
