import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../helpers/engines.js";
import { useSandbox } from "../helpers/sandbox.js";
import { BIN } from "../helpers/stdio.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const readme = readFileSync(join(root, "README.md"), "utf8");
/** The real Claude Code CLI, a pinned devDependency (its native binary for this platform). */
const CLAUDE = join(root, "node_modules/.bin/claude");

/** One README section: from its heading to the next heading of the same level or above. */
function section(heading: string): string {
  const from = readme.indexOf(`\n${heading}\n`);
  expect(from, heading).toBeGreaterThanOrEqual(0);
  const rest = readme.slice(from + heading.length + 2);
  const next = rest.search(/\n#{2,3} /);
  return next < 0 ? rest : rest.slice(0, next);
}

/** The shell commands of a section's ```sh blocks, a line continued with `\` joined to the next. */
function shellCommands(text: string): string[] {
  const blocks = [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
  return blocks.flatMap((block) =>
    block
      .replace(/\\\n\s*/g, "")
      .split("\n")
      .filter((line) => line.trim() !== ""),
  );
}

/** Every `claude mcp add…` line of the whole README, so a new one cannot escape these runs. */
const claudeLines = shellCommands(readme).filter((line) => /^claude mcp add/.test(line.trim()));

/**
 * The README's Claude Code lines, run verbatim by the real Claude Code CLI in a scratch HOME, with
 * only the placeholders filled in (the clone's path, a sandbox key and address, a free port, the
 * token the README's own command printed), then `claude mcp list`, which starts or reaches each
 * server and says whether it connected. A line the CLI cannot parse fails here as it fails for a
 * user, whatever we believe about its options.
 */
describe("the README's Claude Code lines, run by Claude Code", () => {
  const sandbox = useSandbox();
  const scratch: string[] = [];
  const servers: ChildProcess[] = [];
  let shims: string;

  beforeAll(() => {
    // `invoicing-mcp` on PATH, as `npm install -g` of the tarball leaves it.
    shims = mkdtempSync(join(tmpdir(), "invoicing-readme-bin-"));
    scratch.push(shims);
    symlinkSync(BIN, join(shims, "invoicing-mcp"));
  });
  afterAll(() => {
    for (const server of servers) server.kill("SIGTERM");
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  });

  /** A new user: an empty HOME and a working folder in it. */
  function newUser(): { home: string; cwd: string; env: NodeJS.ProcessEnv } {
    const home = mkdtempSync(join(tmpdir(), "invoicing-readme-home-"));
    scratch.push(home);
    const cwd = join(home, "work");
    mkdirSync(cwd);
    const env = {
      HOME: home,
      PATH: [shims, dirname(CLAUDE), dirname(process.execPath), process.env.PATH].join(":"),
      // No telemetry or update checks from a CLI run in tests (this machine has no internet anyway).
      DISABLE_TELEMETRY: "1",
      DISABLE_AUTOUPDATER: "1",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    };
    return { home, cwd, env };
  }

  function fill(line: string, values: Record<string, string>): string {
    let filled = line.replaceAll("/path/to/invoicing-mcp", root);
    for (const [placeholder, value] of Object.entries(values)) filled = filled.replaceAll(placeholder, value);
    return filled;
  }

  function run(line: string, user: ReturnType<typeof newUser>): string {
    try {
      return execFileSync("bash", ["-c", line], {
        cwd: user.cwd,
        env: user.env,
        encoding: "utf8",
        stdio: "pipe",
      });
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      throw new Error(`The README's line failed: ${line}\n${stdout ?? ""}${stderr ?? ""}`);
    }
  }

  /** `claude mcp list`'s verdict per server name. */
  function listed(user: ReturnType<typeof newUser>): Map<string, string> {
    const output = run("claude mcp list", user);
    return new Map(
      [...output.matchAll(/^([\w-]+): .* - (.+)$/gm)].map((m) => [m[1]!, m[2]!.trim()] as [string, string]),
    );
  }

  it("the README has Claude Code lines, and each is run below", () => {
    expect(claudeLines.length).toBeGreaterThanOrEqual(2);
    const covered = [
      ...shellCommands(section("### Claude Code")),
      ...shellCommands(section("### Any client over HTTP: `serve`")),
    ];
    for (const line of claudeLines) expect(covered).toContain(line);
  });

  it("Claude Code: the stdio line adds the server, and claude mcp list shows it connected", () => {
    const user = newUser();
    const values = {
      "your-key": sandbox().keys.demo,
      "https://your-invoicing-service.example": sandbox().url,
    };
    const lines = shellCommands(section("### Claude Code"));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) run(fill(line, values), user);
    const config = readFileSync(join(user.home, ".claude.json"), "utf8");
    expect(config).toContain(sandbox().keys.demo); // the key went where the README says
    expect(listed(user).get("invoicing")).toBe("✔ Connected");
  }, 60_000);

  it("serve: the tenants file, the token and the server as shown, then claude mcp add over HTTP connects", async () => {
    const user = newUser();
    const text = section("### Any client over HTTP: `serve`");
    const [, tenantsJson] = text.match(/`tenants\.json`[\s\S]*?```json\n([\s\S]*?)```/) ?? [];
    expect(tenantsJson, "the section shows the tenants file").toBeDefined();
    const port = String(await freePort());
    const values = {
      "your-key": sandbox().keys.demo,
      "https://your-invoicing-service.example": sandbox().url,
      "8080": port,
    };
    writeFileSync(join(user.cwd, "tenants.json"), fill(tenantsJson!, values));
    let token: string | undefined;
    for (const line of shellCommands(text)) {
      if (/ serve /.test(line)) {
        const server = spawn("bash", ["-c", fill(line, values)], { cwd: user.cwd, env: user.env });
        servers.push(server);
        await listening(server);
      } else if (/tokens create/.test(line)) {
        token = run(fill(line, values), user).trim();
        expect(token).toMatch(/^\S{20,}$/);
      } else {
        expect(token, "the token comes before the line that uses it").toBeDefined();
        run(fill(line, { ...values, "<token>": token! }), user);
      }
    }
    expect(listed(user).get("invoicing")).toBe("✔ Connected");
  }, 60_000);
});

/** Resolves once `serve` says where it listens; fails with its output if it exits first. */
function listening(server: ChildProcess): Promise<void> {
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${output}`)), 15_000);
    server.stderr!.on("data", (chunk: Buffer) => {
      output += chunk;
      if (/serving MCP at http/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    });
    server.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited (${code}) before listening:\n${output}`));
    });
  });
}
