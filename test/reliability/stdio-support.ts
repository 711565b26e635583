/** Checks on what the built bin wrote to stdout, shared by the stdio reliability tests. */
import { expect } from "vitest";
import type { JsonRpcMessage, StdioSession } from "../helpers/stdio.js";

/** Every stdout line is one JSON-RPC 2.0 message, and no request id is answered twice. */
export function expectCleanStdout(lines: string[]): void {
  const answered = new Map<string, number>();
  for (const line of lines) {
    let message: JsonRpcMessage;
    try {
      message = JSON.parse(line) as JsonRpcMessage;
    } catch {
      throw new Error(`stdout line is not JSON: ${line.slice(0, 200)}`);
    }
    expect(message.jsonrpc, line.slice(0, 200)).toBe("2.0");
    const isAnswer = "result" in message || "error" in message;
    if (isAnswer && message.id !== null && message.id !== undefined) {
      const key = JSON.stringify(message.id);
      answered.set(key, (answered.get(key) ?? 0) + 1);
    }
  }
  const twice = [...answered].filter(([, count]) => count > 1).map(([id]) => id);
  expect(twice, "ids answered more than once").toEqual([]);
}

/** Waits until a stdout line parses to a message matching `predicate`. */
export async function waitForLine(
  session: StdioSession,
  predicate: (message: JsonRpcMessage) => boolean,
  withinMs = 10_000,
): Promise<JsonRpcMessage> {
  const until = Date.now() + withinMs;
  for (let seen = 0; ; ) {
    for (; seen < session.stdoutLines.length; seen++) {
      try {
        const message = JSON.parse(session.stdoutLines[seen]!) as JsonRpcMessage;
        if (predicate(message)) return message;
      } catch {
        // not JSON: expectCleanStdout reports it
      }
    }
    if (Date.now() > until)
      throw new Error(`no matching stdout line within ${withinMs} ms\n${session.stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
