/**
 * What arrives on stdin is not always well-formed, and the process must end when told to even with
 * a call stuck on the API. test/e2e/stdio.test.ts covers a garbage line, a non-JSON-RPC object and
 * a plain SIGTERM and EOF; this adds the rest: each input below is followed by a ping that must be
 * answered, and stdout must carry nothing but JSON-RPC, each id answered once.
 */

import { type Sandbox, startSandbox } from "@invoicing-mcp/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type JsonRpcMessage, StdioSession } from "../helpers/stdio.js";
import { waitFor } from "../helpers/wait-for.js";
import { expectCleanStdout, waitForLine } from "./stdio-support.js";

/** Inputs, written as is; `answered` ids must get an answer (raw ids from 1001, clear of the session's). */
const HOSTILE_INPUTS: { label: string; bytes: (string | Buffer)[]; answered?: number[] }[] = [
  { label: "JSON that is not an object", bytes: ['42\n"text"\nnull\ntrue\n{}\n'] },
  {
    label: "objects that are almost JSON-RPC",
    bytes: [
      '{"jsonrpc":"1.0","id":1001,"method":"ping"}\n',
      '{"jsonrpc":"2.0","id":{"nested":1},"method":"ping"}\n',
      '{"jsonrpc":"2.0","method":42}\n',
      '{"jsonrpc":"2.0","id":1002,"result":{}}\n',
    ],
  },
  {
    label: "a JSON-RPC batch",
    bytes: ['[{"jsonrpc":"2.0","id":1003,"method":"ping"},{"jsonrpc":"2.0","id":1004,"method":"ping"}]\n'],
  },
  { label: "a 5 MB line", bytes: [`${"a".repeat(5 * 1024 * 1024)}\n`] },
  { label: "invalid UTF-8", bytes: [Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xa0, 0xa1, 0x0a])] },
  {
    label: "invalid UTF-8 inside a tool argument",
    bytes: [
      Buffer.concat([
        Buffer.from(
          '{"jsonrpc":"2.0","id":1005,"method":"tools/call","params":{"name":"list_customers","arguments":{"query":"m',
        ),
        Buffer.from([0xc3, 0x28, 0xff]),
        Buffer.from('"}}}\n'),
      ]),
    ],
    answered: [1005],
  },
  {
    label: "a request in three pieces, then two in one write, CRLF-terminated",
    bytes: [
      '{"jsonrpc":"2.0","id":10',
      '06,"method":"pi',
      'ng"}\n{"jsonrpc":"2.0","id":1007,"method":"ping"}\r\n{"jsonrpc":"2.0","id":1008,"method":"ping"}\n',
    ],
    answered: [1006, 1007, 1008],
  },
  {
    label: "an unknown method and arguments that are not an object",
    bytes: [
      '{"jsonrpc":"2.0","id":1009,"method":"no/such/method"}\n',
      '{"jsonrpc":"2.0","id":1010,"method":"tools/call","params":{"name":"list_customers","arguments":[1]}}\n',
      '{"jsonrpc":"2.0","id":1011,"method":"tools/call","params":{"name":"no_such_tool","arguments":{}}}\n',
    ],
    answered: [1009, 1010, 1011],
  },
  { label: "empty and blank lines", bytes: ["\n\n   \n\t\n"] },
];

/** What each answered id must get: a JSON-RPC error or an ordinary result, never silence. */
const EXPECTED_ANSWERS: Record<number, (message: JsonRpcMessage) => void> = {
  // The replaced characters are just part of the query: an ordinary answer, no crash.
  1005: (m) => {
    expect(m.result?.isError).toBeUndefined();
    expect(JSON.stringify(m.result?.content)).toMatch(/Customers \d/);
  },
  1009: (m) => expect(m.error?.code).toBe(-32601),
  1010: (m) => expect(m.error?.code).toBe(-32602),
  1011: (m) => expect(m.error?.code).toBe(-32602),
};

describe("framing: hostile input on stdin", () => {
  let session: StdioSession;
  beforeAll(async () => {
    session = new StdioSession(["--sandbox"]);
    await session.initialize();
  });
  afterAll(async () => {
    const exit = await session.endInput(2000);
    expect(exit.code).toBe(0);
    expectCleanStdout(session.stdoutLines);
  });

  it.each(HOSTILE_INPUTS)("$label: no crash, still answering", async ({ bytes, answered = [] }) => {
    for (const piece of bytes) {
      session.child.stdin.write(piece);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const pong = await session.request("ping", {}, 10_000);
    expect(pong.result).toEqual({});
    for (const id of answered) {
      const message = await waitForLine(session, (m) => m.id === id);
      EXPECTED_ANSWERS[id]?.(message);
    }
    // A response nobody asked for (id 1002) is never answered.
    const unasked = session.stdoutLines.filter((line) => line.includes('"id":1002'));
    expect(unasked).toEqual([]);
    expect(session.child.exitCode).toBeNull();
  });

  it("answers a tool call afterwards as usual", async () => {
    const answer = await session.callTool("list_customers", { query: "mueller" });
    expect(answer.result?.isError).toBeUndefined();
    expect(JSON.stringify(answer.result)).toContain("Müller & Söhne GmbH");
  });
});

describe("framing: a line beyond the SDK's 10 MB read buffer", () => {
  it("ends the process instead of leaving it alive and deaf", async () => {
    const session = new StdioSession(["--sandbox"]);
    await session.initialize();
    session.child.stdin.on("error", () => undefined); // the server may close its end first
    session.child.stdin.write(`${"a".repeat(11 * 1024 * 1024)}\n`);
    // Reading 11 MB through the pipe takes seconds on a loaded machine; what matters is that it ends.
    const exit = await session.waitForExit(10_000);
    expect(exit.code).toBe(0);
    expectCleanStdout(session.stdoutLines);
    expect(session.stderr).toMatch(/ReadBuffer exceeded maximum size/);
  });
});

describe("lifecycle: ending while a call waits on a hung API", () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ quiet: true, rateLimit: { limit: 1_000_000, windowMs: 60_000 } });
    sandbox.faults.add({ path: /^\/api\/v1\//, times: 1_000_000, action: { kind: "hang" } });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  // Side by side: each case is a process of its own, and most of its time is waiting for the exit.
  // A key each (faults answer before any key check), to see which process's request has arrived.
  it.concurrent.each([
    ["stdin EOF", "demo", (s: StdioSession) => s.child.stdin.end()],
    ["SIGTERM", "other", (s: StdioSession) => s.child.kill("SIGTERM")],
    ["SIGINT", "noPro", (s: StdioSession) => s.child.kill("SIGINT")],
  ] as const)("%s ends the process within 2 s", async (_label, key, end) => {
    const apiKey = sandbox.keys[key];
    const session = new StdioSession([], { INVOICING_BASE_URL: sandbox.url, INVOICING_API_KEY: apiKey });
    await session.initialize();
    void session.callTool("list_invoices").catch(() => undefined);
    await waitFor(() => sandbox.requests.some((r) => r.key === apiKey));
    end(session);
    const exit = await session.waitForExit(2000);
    expect(exit.code === 0 || exit.signal !== null).toBe(true);
    expectCleanStdout(session.stdoutLines);
  });
});
