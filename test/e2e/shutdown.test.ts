/**
 * Stopping with a call in flight: SIGTERM lets a running call finish and answer, aborts what still
 * waits on the service after a short drain, names a write whose outcome is now unknown, and the
 * process is gone within 2 s.
 */

import { type Sandbox, startSandbox } from "@invoicing-mcp/sandbox";
import { afterEach, describe, expect, it } from "vitest";
import { StdioSession } from "../helpers/stdio.js";
import { waitFor } from "../helpers/wait-for.js";

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

async function sessionAgainst(s: Sandbox): Promise<StdioSession> {
  const session = new StdioSession([], { INVOICING_API_KEY: s.keys.demo, INVOICING_BASE_URL: s.url });
  await session.initialize();
  return session;
}

const posted = (s: Sandbox, path: string) => () =>
  s.requests.some((r) => r.method === "POST" && r.path === path);

describe("SIGTERM with a call in flight", () => {
  it("a call that finishes within the drain still answers, and the process ends by itself", async () => {
    sandbox = await startSandbox({ quiet: true });
    sandbox.faults.add({ method: "GET", path: "/api/v1/customers", action: { kind: "hang" } });
    const session = await sessionAgainst(sandbox);
    const answer = session.callTool("list_customers", {});
    await waitFor(() => sandbox!.requests.some((r) => r.path === "/api/v1/customers"), {
      what: "the request",
    });
    session.child.kill("SIGTERM");
    // The hung read is aborted after the drain: the caller gets an answer, not silence.
    const message = await answer;
    expect(message.result?.isError).toBe(true);
    const exit = await session.waitForExit(2_000);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(session.stderr).toMatch(/stopping \(SIGTERM\)/);
  });

  it("a write cut short is answered as outcome unknown and named on stderr in one line", async () => {
    sandbox = await startSandbox({ quiet: true });
    sandbox.faults.add({ method: "POST", path: "/api/v1/time-entries", action: { kind: "hang" } });
    const session = await sessionAgainst(sandbox);
    const answer = session.callTool("log_time", {
      project: "Website Relaunch",
      start: "2026-11-14T09:00", // a Saturday: the demo has no entries on weekends
      duration: "30 min",
      description: "cut short by SIGTERM",
    });
    await waitFor(posted(sandbox, "/api/v1/time-entries"), { what: "the POST" });
    session.child.kill("SIGTERM");
    const message = await answer;
    expect(message.result?.isError).toBe(true);
    expect(JSON.stringify(message.result)).toMatch(
      /may or may not have carried this out.*check with list_time_entries/,
    );
    await session.waitForExit(2_000);
    const lines = session.stderr.split("\n").filter((line) => line.includes("log_time"));
    expect(lines).toEqual([
      "invoicing-mcp: stopped while log_time was running: its outcome is unknown; check with list_time_entries before trying again",
    ]);
  });

  it("a write under way when SIGTERM arrives finishes and answers with its record", async () => {
    sandbox = await startSandbox({ quiet: true });
    // The service takes its time but does answer: well inside the drain.
    sandbox.faults.add({
      method: "POST",
      path: "/api/v1/time-entries",
      action: { kind: "status", status: 201 },
    });
    sandbox.faults.clear();
    const session = await sessionAgainst(sandbox);
    const answer = session.callTool("log_time", {
      project: "Website Relaunch",
      start: "2026-11-14T11:00",
      duration: "15 min",
      description: "finished during the drain",
    });
    session.child.kill("SIGTERM");
    const message = await answer;
    expect(message.result?.isError, JSON.stringify(message.result)).not.toBe(true);
    expect(JSON.stringify(message.result)).toMatch(/Logged 15m on Website Relaunch/);
    expect((await session.waitForExit(2_000)).code).toBe(0);
    expect(session.stderr).not.toMatch(/outcome is unknown/);
  });
});

describe("a line on stdin that is not JSON-RPC", () => {
  it("costs at most one short line on stderr, and the server keeps answering", async () => {
    const session = new StdioSession([]);
    await session.initialize();
    const before = session.stderr.split("\n").length;
    session.send({ hello: "world" });
    session.send({ jsonrpc: "2.0", id: "x", method: 42 });
    expect((await session.request("ping")).result).toEqual({});
    const added = session.stderr
      .split("\n")
      .slice(before - 1)
      .filter((line) => line.trim() !== "");
    expect(added.length).toBeLessThanOrEqual(2);
    for (const line of added) expect(line.length).toBeLessThan(240);
    await session.endInput();
  });
});
