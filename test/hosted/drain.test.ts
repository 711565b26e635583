import { describe, expect, it } from "vitest";
import { httpClient, startHosted, textOf } from "../helpers/hosted.js";
import { REFERENCE_DATE, useSandbox } from "../helpers/sandbox.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * SIGTERM during a rolling deploy: the call in flight (here one waiting out a 429's Retry-After: 2,
 * its answer an event stream that reports the wait)
 * is answered, /healthz says 503 meanwhile, new MCP requests are sent elsewhere with a 503, the
 * listen stream ends only after the call, and the process exits 0.
 */
describe("serve drains on SIGTERM", () => {
  const sandbox = useSandbox({ referenceDate: REFERENCE_DATE, now: Date.now });

  it("answers the running call, says draining on /healthz, then ends listen streams and exits 0", async () => {
    const { serve, token } = await startHosted({
      tenants: [{ id: "acme", apiKeyEnv: "ACME_KEY", baseUrl: sandbox().url }],
      env: { ACME_KEY: sandbox().keys.demo },
    });
    const client = await httpClient(serve.url, token, "modern");
    const listener = await httpClient(serve.url, token, "modern");
    const subscription = await listener.listen({ toolsListChanged: true });
    let listenEndedAt = 0;
    void subscription.closed.then(() => {
      listenEndedAt = Date.now();
    });
    // The service answers the first attempt 429 with Retry-After: 2; the read waits, then is answered.
    sandbox().faults.add({
      action: { kind: "status", status: 429, retryAfter: "2" },
      path: "/api/v1/invoices",
    });
    const before = sandbox().requests.length;
    let answeredAt = 0;
    // A client that asks for progress: the answer becomes an event stream (the wait is reported on it).
    const progress: unknown[] = [];
    const running = client
      .callTool({ name: "list_invoices", arguments: {} }, { onprogress: (p) => progress.push(p) })
      .then((result) => {
        answeredAt = Date.now();
        return result;
      });
    while (
      !sandbox()
        .requests.slice(before)
        .some((r) => r.path === "/api/v1/invoices")
    ) {
      await sleep(20);
    }
    const exited = serve.stop(); // SIGTERM now, with the call waiting out the Retry-After
    await sleep(500);
    // Draining, not gone: the health check is answered, and says so.
    const health = await fetch(`${serve.url}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: "draining" });
    // A new MCP request is turned away with a definite answer, to be sent again elsewhere.
    const fresh = await fetch(`${serve.url}/mcp`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(fresh.status).toBe(503);
    expect(fresh.headers.get("retry-after")).toBe("1");
    expect(listenEndedAt).toBe(0); // the listen stream stays while the call runs

    const result = await running;
    expect(progress.length).toBeGreaterThan(0);
    expect(result.isError).not.toBe(true);
    expect(textOf(result)).toMatch(/invoices?/i);
    expect(await exited).toBe(0);
    await subscription.closed;
    expect(listenEndedAt).toBeGreaterThanOrEqual(answeredAt);
    expect(serve.stderr()).not.toMatch(/UND_ERR_CLOSED|Unexpected internal error/);
    await Promise.allSettled([client.close(), listener.close()]);
  }, 30_000);
});
