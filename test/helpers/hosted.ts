import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll } from "vitest";
import { type Engine, startPostgres } from "./engines.js";
import { BIN } from "./stdio.js";

export type Era = "legacy" | "modern";

export interface ServeProcess {
  child: ChildProcess;
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  stderr(): string;
  stop(): Promise<number | null>;
}

/** A tenants file in a fresh temporary folder; returns its path (tokens.json goes beside it). */
export function writeTenantsFile(tenants: Record<string, unknown>[], dir?: string): string {
  const folder = dir ?? mkdtempSync(join(tmpdir(), "invoicing-hosted-"));
  const path = join(folder, "tenants.json");
  writeFileSync(path, JSON.stringify({ tenants }, null, 2));
  return path;
}

/** `invoicing-mcp tokens create --tenant ID`, as an operator runs it: the token on stdout. */
export function createTokenCli(
  tenantsPath: string,
  tenant: string,
  env: Record<string, string> = {},
): string {
  return execFileSync(
    process.execPath,
    [BIN, "tokens", "create", "--tenant", tenant, "--tenants", tenantsPath],
    {
      env: { PATH: process.env.PATH, ...env },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    },
  ).trim();
}

/** Tenants in a fresh tenants file, each with a token from `tokens create` (run with `env`). */
export function writeTenantsWithTokens(
  tenants: Record<string, unknown>[],
  env: Record<string, string>,
): { tenantsPath: string; tokens: Record<string, string> } {
  const tenantsPath = writeTenantsFile(tenants);
  const tokens: Record<string, string> = {};
  for (const { id } of tenants) tokens[String(id)] = createTokenCli(tenantsPath, String(id), env);
  return { tenantsPath, tokens };
}

export interface HostedOptions {
  /** The tenants file's entries; each tenant gets a token. */
  tenants: Record<string, unknown>[];
  /** The servers' environment (the tenants' key variables among it); `tokens create` runs with it too. */
  env: Record<string, string>;
  /** How many `serve --tenants` instances on the one file (default 1). */
  instances?: number;
}

/** The hosted start as an operator does it: a tenants file, a token per tenant, `serve --tenants`. */
export interface Hosted {
  tenantsPath: string;
  env: Record<string, string>;
  /** Each tenant's token, by its id. */
  tokens: Record<string, string>;
  /** The first tenant's token. */
  token: string;
  /** The first instance, and its URL. */
  serve: ServeProcess;
  url: string;
  instances: ServeProcess[];
  stop(): Promise<void>;
}

export async function startHosted(options: HostedOptions): Promise<Hosted> {
  const { tenantsPath, tokens } = writeTenantsWithTokens(options.tenants, options.env);
  const instances: ServeProcess[] = [];
  const stop = async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
  };
  try {
    for (let i = 0; i < (options.instances ?? 1); i++)
      instances.push(await startServe(["--tenants", tenantsPath], options.env));
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    tenantsPath,
    env: options.env,
    tokens,
    token: tokens[String(options.tenants[0]?.id)]!,
    serve: instances[0]!,
    url: instances[0]!.url,
    instances,
    stop,
  };
}

/**
 * Something started before the enclosing describe block's tests and stopped after them (also when
 * it started only in part: `start` cleans up after itself when it throws).
 */
export function useStarted<T extends { stop(): Promise<unknown> }>(
  what: string,
  start: () => Promise<T>,
): () => T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  }, 60_000);
  afterAll(async () => {
    await started?.stop();
  });
  return () => {
    if (!started) throw new Error(`${what} not started`);
    return started;
  };
}

/** startHosted for the enclosing describe block; `options` is read when it starts (after the sandbox). */
export function useHosted(options: () => HostedOptions): () => Hosted {
  return useStarted("the hosted server", () => startHosted(options()));
}

/** `serve` with these arguments for the enclosing describe block; `env` is read when it starts. */
export function useServe(args: string[], env: () => Record<string, string>): () => ServeProcess {
  return useStarted(`serve ${args.join(" ")}`, () => startServe(args, env()));
}

/** `invoicing-mcp db migrate`, as an operator runs it before the first start. */
export function migrate(databaseUrl: string): void {
  execFileSync(process.execPath, [BIN, "db", "migrate"], {
    env: { PATH: process.env.PATH, INVOICING_DATABASE_URL: databaseUrl },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** A PostgreSQL of its own, migrated. */
export async function startMigratedPostgres(): Promise<Engine> {
  const postgres = await startPostgres();
  try {
    migrate(postgres.url);
  } catch (error) {
    await postgres.stop();
    throw error;
  }
  return postgres;
}

/** Runs the bin to its end, or kills it after 10 s (a start that hangs fails the test). */
export async function runToExit(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  const code = await new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
  clearTimeout(timer);
  return { code, stderr };
}

/** `invoicing-mcp serve` on a free loopback port; resolves once it listens. */
export async function startServe(args: string[], env: Record<string, string> = {}): Promise<ServeProcess> {
  const child = spawn(process.execPath, [BIN, "serve", "--port", "0", ...args], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${stderr}`)), 15_000);
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /serving MCP at (http:\/\/\S+)\/mcp/.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited (${code}) before listening:\n${stderr}`));
    });
  });
  return {
    child,
    url,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/** A real SDK client over Streamable HTTP, in the chosen protocol era, presenting `token`. */
export async function httpClient(url: string, token: string | undefined, era: Era): Promise<Client> {
  const client = new Client(
    { name: "hosted-test", version: "0" },
    era === "modern" ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {},
  );
  const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
    requestInit: token === undefined ? {} : { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

/** The text of a tool result. */
export function textOf(result: unknown): string {
  const content = (result as { content: { type: string; text?: string }[] }).content;
  return content
    .filter((c) => c.type === "text")
    .map((c) => c.text)
    .join("\n");
}
