/**
 * A canary key must never come back out: not on stdout, not on stderr, not in any result, not even
 * its first characters. The built bin runs with the canary against the sandbox (which refuses it:
 * 401), and faults, which answer before any key check, make the service echo the key back in every
 * place an answer can carry text. The in-process fault matrix checks each of its answers the same
 * way, and the load test does it for a key that works.
 */
import { randomBytes } from "node:crypto";
import { type FaultAction, type Sandbox, startSandbox } from "@invoicing-mcp/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type JsonRpcMessage, StdioSession } from "../helpers/stdio.js";
import { faultKinds } from "./faults.js";
import { expectCleanStdout } from "./stdio-support.js";

const CANARY = `sk_live_CANARY_${randomBytes(16).toString("hex")}`;
const b64 = (text: string) => Buffer.from(text).toString("base64");
const TRACES = [
  CANARY,
  CANARY.slice(0, 8),
  CANARY.slice(15, 23),
  CANARY.slice(-8),
  CANARY.toLowerCase(),
  CANARY.toUpperCase(),
  CANARY.toLowerCase().slice(8, 16),
  b64(CANARY).slice(4, 16),
  b64(`Bearer ${CANARY}`).slice(12, 24),
];

/** The service echoing the key where an error message, or the start of a body, would show it. */
const ECHOES: [string, FaultAction][] = [
  ["an error message", { kind: "status", status: 500, message: `Key ${CANARY} is not allowed here` }],
  ["a 200 with an error", { kind: "status", status: 200, message: `token=${CANARY}` }],
  ["a body excerpt", { kind: "not-envelope", body: { note: "x".repeat(40), key: CANARY } }],
  // The key starts inside the 120-character excerpt and is cut off by it.
  [
    "a body excerpt cut inside the key",
    { kind: "not-envelope", body: { padding: "p".repeat(83), key: CANARY } },
  ],
  ["a 404 message, twice", { kind: "status", status: 404, message: `${CANARY}/${CANARY}` }],
  ["lower case", { kind: "status", status: 400, message: `unknown key ${CANARY.toLowerCase()}` }],
  ["upper case", { kind: "status", status: 500, message: `KEY=${CANARY.toUpperCase()}` }],
  ["a prefix", { kind: "status", status: 400, message: `key starting ${CANARY.slice(0, 20)} is wrong` }],
  ["URL-encoded", { kind: "status", status: 400, message: `url=/x?k=${encodeURIComponent(`${CANARY}+/=`)}` }],
  ["base64", { kind: "status", status: 500, message: `auth=${b64(`Bearer ${CANARY}`)}` }],
  [
    "base64 url",
    { kind: "status", status: 500, message: `t=${Buffer.from(`x:${CANARY}`).toString("base64url")}` },
  ],
];

function textOf(answer: JsonRpcMessage): string {
  const content = (answer.result?.content ?? []) as { text?: string }[];
  return content.map((c) => c.text ?? "").join("\n");
}

describe("the key never leaves the server", () => {
  let sandbox: Sandbox;
  let session: StdioSession;

  beforeAll(async () => {
    sandbox = await startSandbox({ quiet: true, rateLimit: { limit: 1_000_000, windowMs: 60_000 } });
    session = new StdioSession([], {
      INVOICING_BASE_URL: sandbox.url,
      INVOICING_API_KEY: CANARY,
      INVOICING_TIMEOUT_MS: "500",
    });
    await session.initialize();
  });
  afterAll(async () => {
    if (session.child.exitCode === null) session.child.kill("SIGKILL");
    await sandbox.close();
  });

  /** eur_report (one request, so one fault answers it) with the fault on every request. */
  async function callUnder(action: FaultAction) {
    sandbox.faults.add({ path: /^\/api\/v1\//, times: 1_000, action });
    try {
      const answer = await session.callTool("eur_report", { year: 2025 });
      expectNoTrace([JSON.stringify(answer), session.stderr, ...session.stdoutLines]);
      return answer;
    } finally {
      sandbox.faults.clear();
    }
  }

  it("the sandbox refuses the canary: 401, said without the key", async () => {
    const answer = await session.callTool("list_invoices");
    expectNoTrace([JSON.stringify(answer), session.stderr, ...session.stdoutLines]);
    expect(JSON.stringify(answer.result)).toMatch(/did not accept the API key \(401\)/);
  });

  // Without the 429s: with the bin's real 45 s budget, a Retry-After is waited out (and pauses the
  // server for the cells after it); the in-process matrix covers them.
  const matrix = faultKinds(CANARY).filter((f) => !f.label.startsWith("429"));
  it.each(matrix.map((f) => [f.label, f] as const))("fault matrix over stdio: %s", async (_label, fault) => {
    const answer = await callUnder(fault.action);
    expect(answer.result?.isError).toBe(true);
    expect(textOf(answer)).toMatch(fault.read);
  });

  it.each(ECHOES)("the service echoing it in %s", async (_label, action) => {
    const answer = await callUnder(action);
    expect(answer.result?.isError).toBe(true);
    expect(textOf(answer)).toContain("[redacted]");
    expect(textOf(answer).toLowerCase()).not.toContain("sk_live");
    expect(textOf(answer)).not.toContain(b64(CANARY).slice(4, 16));
  });

  it("a session's whole output, after it ends, holds no trace of it", async () => {
    // A session of its own, so this holds whatever order the tests above ran in.
    const own = new StdioSession([], {
      INVOICING_BASE_URL: sandbox.url,
      INVOICING_API_KEY: CANARY,
      INVOICING_TIMEOUT_MS: "500",
    });
    await own.initialize();
    const results = [await own.callTool("list_invoices")];
    for (const [, action] of ECHOES) {
      sandbox.faults.add({ path: /^\/api\/v1\//, times: 1_000, action });
      try {
        results.push(await own.callTool("eur_report", { year: 2025 }));
      } finally {
        sandbox.faults.clear();
      }
    }
    expect(results.every((answer) => answer.result?.isError === true)).toBe(true);
    const exit = await own.endInput(2000);
    expect(exit.code).toBe(0);
    expectCleanStdout(own.stdoutLines);
    expectNoTrace([...own.stdoutLines, own.stderr, ...results.map((a) => JSON.stringify(a))]);
  });
});

function expectNoTrace(texts: string[]): void {
  const everything = texts.join("\n");
  for (const trace of TRACES) expect(everything).not.toContain(trace);
}
