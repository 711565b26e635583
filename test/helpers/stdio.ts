import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";

/** What `npx invoicing-mcp` starts: the package's bin (the bundle, built by the global setup). */
export const BIN = new URL(
  `../../${JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")).bin["invoicing-mcp"]}`,
  import.meta.url,
).pathname;

export interface JsonRpcMessage {
  jsonrpc: string;
  id?: number | string | null;
  method?: string;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

/**
 * The built bin over stdio, driven by hand: newline-delimited JSON-RPC, every stdout line kept so
 * a test can check that nothing but JSON-RPC was written.
 */
export class StdioSession {
  readonly child: ChildProcessWithoutNullStreams;
  readonly stdoutLines: string[] = [];
  stderr = "";
  private nextId = 1;
  private readonly waiting = new Map<number, (message: JsonRpcMessage) => void>();
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(args: string[], env: Record<string, string | undefined> = {}) {
    this.child = spawn(process.execPath, [BIN, ...args], {
      env: { PATH: process.env.PATH, ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    this.child.stderr.on("data", (chunk: Buffer) => {
      this.stderr += chunk.toString();
    });
    createInterface({ input: this.child.stdout }).on("line", (line) => {
      this.stdoutLines.push(line);
      try {
        const message = JSON.parse(line) as JsonRpcMessage;
        if (typeof message.id === "number") this.waiting.get(message.id)?.(message);
      } catch {
        // Kept in stdoutLines; the test asserts every line is JSON-RPC.
      }
    });
    this.exited = new Promise((resolve) =>
      this.child.on("exit", (code, signal) => resolve({ code, signal })),
    );
  }

  send(message: unknown): void {
    this.child.stdin.write(`${typeof message === "string" ? message : JSON.stringify(message)}\n`);
  }

  request(method: string, params: Record<string, unknown> = {}, timeoutMs = 15_000): Promise<JsonRpcMessage> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no answer to ${method} within ${timeoutMs} ms\n${this.stderr}`)),
        timeoutMs,
      );
      this.waiting.set(id, (message) => {
        clearTimeout(timer);
        resolve(message);
      });
      this.send({ jsonrpc: "2.0", id, method, params });
    });
  }

  async initialize(): Promise<JsonRpcMessage> {
    const answer = await this.request("initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "e2e", version: "0" },
    });
    this.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    return answer;
  }

  callTool(name: string, args: Record<string, unknown> = {}) {
    return this.request("tools/call", { name, arguments: args });
  }

  /** Closes stdin and waits for the exit, failing after `withinMs`. */
  async endInput(withinMs = 2000) {
    this.child.stdin.end();
    return this.waitForExit(withinMs);
  }

  async waitForExit(withinMs: number) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`process still running after ${withinMs} ms`)), withinMs);
    });
    try {
      return await Promise.race([this.exited, timeout]);
    } finally {
      clearTimeout(timer);
      if (this.child.exitCode === null) this.child.kill("SIGKILL");
    }
  }
}
