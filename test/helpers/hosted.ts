import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
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
