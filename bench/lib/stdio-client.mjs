/**
 * A minimal MCP client over stdio for benchmarks: newline-delimited JSON-RPC written and read by
 * hand, so the client itself adds as little as possible to what is measured (no SDK, no schema
 * validation on our side).
 */
import { spawn } from "node:child_process";
import { once } from "node:events";

export const PROTOCOL_VERSION = "2025-06-18";

export class StdioClient {
  /**
   * @param {string} command  usually process.execPath
   * @param {string[]} args
   * @param {Record<string, string | undefined>} env  the whole environment of the child
   */
  constructor(command, args, env) {
    this.child = spawn(command, args, { env, stdio: ["pipe", "pipe", "pipe"] });
    this.stderr = "";
    this.nextId = 1;
    this.waiting = new Map();
    this.exited = once(this.child, "exit");
    this.child.stderr.setEncoding("utf8");
    this.child.stderr.on("data", (chunk) => {
      // Keep the end only: a long run must not grow this process's memory.
      this.stderr = (this.stderr + chunk).slice(-20_000);
    });
    let buffer = "";
    this.child.stdout.setEncoding("utf8");
    this.child.stdout.on("data", (chunk) => {
      buffer += chunk;
      for (let end = buffer.indexOf("\n"); end !== -1; end = buffer.indexOf("\n")) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 1);
        if (line.trim() !== "") this.receive(line);
      }
    });
    this.child.once("exit", (code, signal) => {
      for (const { reject } of this.waiting.values()) {
        reject(new Error(`server exited (${signal ?? code}) before answering\n${this.stderr}`));
      }
      this.waiting.clear();
    });
  }

  get pid() {
    return this.child.pid;
  }

  receive(line) {
    const message = JSON.parse(line);
    const waiter = this.waiting.get(message.id);
    if (!waiter) return; // a notification, or an answer nobody waits for
    this.waiting.delete(message.id);
    if (message.error)
      waiter.reject(new Error(`JSON-RPC error ${message.error.code}: ${message.error.message}`));
    else waiter.resolve(message.result);
  }

  notify(method, params = {}) {
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method, params })}\n`);
  }

  request(method, params = {}) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    });
  }

  /** `initialize`, then the `initialized` notification; resolves with the initialize result. */
  async initialize() {
    const result = await this.request("initialize", {
      protocolVersion: PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: { name: "invoicing-mcp-bench", version: "0" },
    });
    this.notify("notifications/initialized");
    return result;
  }

  /** A tools/call whose answer must not be an error; resolves with the CallToolResult. */
  async callTool(name, args = {}) {
    const result = await this.request("tools/call", { name, arguments: args });
    if (result.isError) throw new Error(`${name} answered isError: ${result.content?.[0]?.text}`);
    return result;
  }

  /** Closes stdin (how a client dismisses a stdio server) and waits for the exit; kills after 3 s. */
  async close() {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 3000);
    this.child.stdin.end();
    await this.exited;
    clearTimeout(timer);
  }

  /** Ends the process at once (cold-start runs do not need a graceful stop). */
  async kill() {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill("SIGKILL");
    await this.exited;
  }
}
