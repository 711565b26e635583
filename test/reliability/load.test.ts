/**
 * Load over stdio: the built bin, configured like a user's (base URL and key from the environment),
 * against a sandbox with a generous rate limit, answering 1,000 mixed read calls with 20 in flight.
 * Every id is answered exactly once, stdout carries JSON-RPC only, memory stays bounded, and the
 * key (a canary: the sandbox's key for a random seed) shows up nowhere.
 */
import { randomInt } from "node:crypto";
import { readFileSync } from "node:fs";
import { type Sandbox, startSandbox } from "@invoicing-mcp/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type JsonRpcMessage, StdioSession } from "../helpers/stdio.js";
import { expectCleanStdout } from "./stdio-support.js";

const CALLS = 1_000;
const IN_FLIGHT = 20;
const RSS_LIMIT_MB = 300;

const MIX: [string, Record<string, unknown>][] = [
  ["list_projects", {}],
  ["list_customers", { query: "m" }],
  ["list_invoices", { status: "sent", limit: 5 }],
  ["time_summary", { customer: "mueller" }],
  ["customer_summary", { customer: "mueller" }],
];

function rssMb(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]) / 1024;
}

/** Runs `count` tasks, at most `width` at a time. */
async function pool<T>(count: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}

describe("load over stdio", () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({
      quiet: true,
      seed: randomInt(1, 2 ** 31),
      rateLimit: { limit: 1_000_000, windowMs: 60_000 },
    });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it(`${CALLS} mixed calls at ${IN_FLIGHT} in flight: each answered once, memory bounded, no key`, async () => {
    const key = sandbox.keys.demo;
    const session = new StdioSession([], { INVOICING_BASE_URL: sandbox.url, INVOICING_API_KEY: key });
    await session.initialize();
    for (const [name, args] of MIX)
      expect((await session.callTool(name, args)).result?.isError).toBeUndefined();
    const rssBefore = rssMb(session.child.pid!);

    const answers: JsonRpcMessage[] = await pool(CALLS, IN_FLIGHT, (i) => {
      const [name, args] = MIX[i % MIX.length]!;
      return session.callTool(name, args);
    });
    const rssAfter = rssMb(session.child.pid!);

    expect(answers.filter((a) => a.error !== undefined)).toEqual([]);
    expect(answers.filter((a) => a.result?.isError === true).map((a) => JSON.stringify(a.result))).toEqual(
      [],
    );
    const ids = new Set(answers.map((a) => a.id));
    expect(ids.size).toBe(CALLS);

    const exit = await session.endInput(2000);
    expect(exit.code).toBe(0);
    expectCleanStdout(session.stdoutLines);
    // initialize, the warm-up and the load, each answered once; nothing else on stdout.
    expect(session.stdoutLines).toHaveLength(1 + MIX.length + CALLS);

    expect(rssAfter, `RSS ${rssBefore.toFixed(0)} MB → ${rssAfter.toFixed(0)} MB`).toBeLessThan(RSS_LIMIT_MB);

    const everything = `${session.stdoutLines.join("\n")}\n${session.stderr}`;
    for (const secret of [key, key.slice(0, 8), key.slice(-12)]) expect(everything).not.toContain(secret);
  }, 120_000);
});
