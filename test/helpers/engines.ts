/**
 * Real Redis and PostgreSQL for the hosted mode's tests, each on a free loopback port in a fresh
 * temporary folder, stopped afterwards. When an engine cannot start, the test fails with the
 * reason: these tests never skip (.ci/run installs the Debian packages when they are missing).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { POSTGRES_ROOTS, postgresBinDir } from "./requirements.js";

export interface Engine {
  url: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A Redis on a free port, or on `port` (to start it again where it was, after a stop). */
export async function startRedis(port?: number): Promise<Engine & { port: number }> {
  const dir = mkdtempSync(join(tmpdir(), "invoicing-redis-"));
  port ??= await freePort();
  let child: ChildProcess;
  try {
    child = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "", "--appendonly", "no"],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
  } catch (error) {
    throw new Error(
      `redis-server could not start (is the redis-server package installed?): ${String(error)}`,
    );
  }
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const spawnError = new Promise<never>((_, reject) =>
    child.on("error", (error) => reject(new Error(`redis-server could not start: ${error.message}`))),
  );
  await Promise.race([
    spawnError,
    waitFor(
      () => output.includes("Ready to accept connections"),
      10_000,
      () => `redis-server did not start:\n${output}`,
    ),
  ]);
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return; // stopped already
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** PostgreSQL's server binaries: initdb on the PATH, or Debian's, Homebrew's or Postgres.app's folder. */
function postgresBin(): string {
  const bin = postgresBinDir();
  if (bin !== undefined) return bin;
  throw new Error(
    `PostgreSQL is not installed: no initdb on the PATH or in ${POSTGRES_ROOTS.map((root) => `${root}/*/bin`).join(", ")} (apt-get install postgresql, brew install postgresql@17)`,
  );
}

/**
 * initdb and postgres refuse to run as root; as root, they run as the package's `postgres` user,
 * which then owns the temporary folder. setpriv execs the command itself (no process in between),
 * so our stop signal reaches postgres directly.
 */
function asServerUser(command: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [command, args];
  return ["setpriv", ["--reuid=postgres", "--regid=postgres", "--init-groups", command, ...args]];
}

export async function startPostgres(): Promise<Engine> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), "invoicing-pg-"));
  chmodSync(dir, 0o777);
  const data = join(dir, "data");
  const port = await freePort();
  const root = process.getuid?.() === 0;
  if (root) execFileSync("chown", ["postgres", dir]);
  const [initdb, initArgs] = asServerUser(join(bin, "initdb"), [
    "-D",
    data,
    "-U",
    "invoicing",
    "--auth=trust",
    "--encoding=UTF8",
    "--no-sync",
  ]);
  try {
    execFileSync(initdb, initArgs, { stdio: "pipe" });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
    throw new Error(`initdb failed: ${stderr}`);
  }
  const [postgres, args] = asServerUser(join(bin, "postgres"), [
    "-D",
    data,
    "-p",
    String(port),
    "-h",
    "127.0.0.1",
    "-k",
    dir,
    "-c",
    "fsync=off",
    "-c",
    "max_connections=50",
  ]);
  const child = spawn(postgres, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  await waitFor(
    () => output.includes("ready to accept connections"),
    20_000,
    () => `postgres did not start:\n${output}`,
  );
  return {
    url: `postgres://invoicing@127.0.0.1:${port}/postgres`,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGINT"); // fast shutdown
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitFor(done: () => boolean, timeoutMs: number, describe: () => string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > until) throw new Error(describe());
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
