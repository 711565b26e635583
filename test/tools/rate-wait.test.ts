/**
 * Waiting for the rate window, as an agent's client meets it: a real MCP client, the sandbox
 * enforcing a scaled window (2.5 s instead of a minute), and the server's governor sized to it.
 * With a progress token a call waits and reports; without one it fails fast and says when to try
 * again; a cancelled wait sends nothing. Entries go on Saturdays, which the demo data leaves free,
 * so none is refused as an overlap.
 */
import { describe, expect, it } from "vitest";
import { RateGovernor } from "../../src/http/governor.js";
import { connect } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";

const LIMIT = 10;
const WINDOW_MS = 2_500;
/** Far below the window, so any call that must wait for it would fail without a progress token. */
const BUDGET_MS = 1_000;

describe("waiting for the rate window", () => {
  const sandbox = useSandbox({ now: Date.now, rateLimit: { limit: LIMIT, windowMs: WINDOW_MS } });

  /** A connection whose governor has just used up its window, with names already cached. */
  async function connectedWithFullWindow(warmUpStart: string) {
    const governor = new RateGovernor({ limit: LIMIT, windowMs: WINDOW_MS });
    const mcp = await connect(sandbox(), { clientOptions: { governor, budgetMs: BUDGET_MS } });
    // Caches the customers and projects, as a conversation's first call does.
    const first = await mcp.call("log_time", {
      project: "Website Relaunch",
      start: warmUpStart,
      duration: "1h",
    });
    expect(first.isError, first.text).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 50));
    // Every slot of the window taken by requests that just finished (as another caller's would be).
    while (governor.occupied() < LIMIT) (await governor.acquire()).release();
    return mcp;
  }

  const sentSince = (count: number) => sandbox().requests.slice(count);

  it("a single write costs three requests once names are cached: the replay check, the POST, and whether an invoice already bills its time", async () => {
    const mcp = await connect(sandbox(), {
      clientOptions: { governor: new RateGovernor({ limit: LIMIT, windowMs: WINDOW_MS }) },
    });
    try {
      await mcp.call("log_time", { project: "Website Relaunch", start: "2026-11-14 06:00", duration: "1h" });
      await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 50));
      const before = sandbox().requests.length;
      const answer = await mcp.call("log_time", {
        project: "Website Relaunch",
        start: "2026-11-14 07:00",
        duration: "1h",
      });
      expect(answer.isError, answer.text).toBe(false);
      expect(sentSince(before).map((r) => r.method)).toEqual(["GET", "POST", "GET"]);
    } finally {
      await mcp.close();
    }
  });

  it("without a progress token, a call that must wait fails at once and says at what time to try again", async () => {
    const mcp = await connectedWithFullWindow("2026-11-07 06:00");
    try {
      const before = sandbox().requests.length;
      const answer = await mcp.call("log_time", {
        project: "Website Relaunch",
        start: "2026-11-14 10:00",
        duration: "1h",
      });
      expect(answer.isError).toBe(true);
      expect(answer.text).toMatch(
        /rate limit is reached.*Try again in \d+ s, at \d\d:\d\d:\d\d \(Europe\/Berlin\)\./,
      );
      expect(sentSince(before)).toEqual([]);
    } finally {
      await mcp.close();
    }
  });

  it("with a progress token, a call waits for the window, reports until when, and succeeds with no 429", async () => {
    const mcp = await connectedWithFullWindow("2026-11-07 07:00");
    try {
      const before = sandbox().requests.length;
      const progress: { progress: number; message?: string | undefined }[] = [];
      const result = await mcp.client.callTool(
        {
          name: "log_time",
          arguments: { project: "Website Relaunch", start: "2026-11-14 11:00", duration: "1h" },
        },
        { onprogress: (p) => progress.push(p), resetTimeoutOnProgress: true },
      );
      expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
      expect(progress.length).toBeGreaterThanOrEqual(1);
      expect(progress[0]?.message).toMatch(
        /^Waiting for the Invoicing Service's rate limit until \d\d:\d\d:\d\d \(Europe\/Berlin\)\.$/,
      );
      const sent = sentSince(before);
      expect(sent.map((r) => r.method)).toEqual(["GET", "POST", "GET"]);
      expect(sent.filter((r) => r.status === 429)).toEqual([]);
    } finally {
      await mcp.close();
    }
  });

  it("a cancelled wait sends nothing to the service", async () => {
    const mcp = await connectedWithFullWindow("2026-11-07 08:00");
    try {
      const before = sandbox().requests.length;
      const controller = new AbortController();
      const call = mcp.client.callTool(
        {
          name: "log_time",
          arguments: { project: "Website Relaunch", start: "2026-11-14 12:00", duration: "1h" },
        },
        { onprogress: () => controller.abort("the user stopped it"), signal: controller.signal },
      );
      await expect(call).rejects.toThrow();
      expect(controller.signal.aborted).toBe(true);
      // Past the moment the window would have let the call through.
      await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 200));
      expect(sentSince(before)).toEqual([]);
    } finally {
      await mcp.close();
    }
  });
});
