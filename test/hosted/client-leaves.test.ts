import { afterEach, describe, expect, it } from "vitest";
import { type Era, type Hosted, httpClient, startHosted, textOf } from "../helpers/hosted.js";
import { REFERENCE_DATE, useSandbox } from "../helpers/sandbox.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A client that leaves (closes its HTTP request) cancels its call in the hosted mode: a call still
 * waiting for a slot of the key's governor stops waiting, and nothing is sent for it. Four calls
 * take the 4 API requests in flight the governor allows (the service hangs on them until their
 * 2 s attempt timeout, then answers the retry); a fifth, for paid invoices, waits behind them and
 * its client leaves. Once the four are answered, a sixth call for paid invoices is the only one
 * the service sees: the fifth, first in line, would have gone before it.
 */
describe("serve: a client that leaves cancels its call", () => {
  const sandbox = useSandbox({ referenceDate: REFERENCE_DATE, now: Date.now });
  let hosted: Hosted | undefined;

  afterEach(async () => {
    await hosted?.stop();
    hosted = undefined;
  });

  for (const era of ["legacy", "modern"] as Era[]) {
    it(`stops its wait for the rate governor, and nothing is sent for it (${era} era)`, async () => {
      hosted = await startHosted({
        tenants: [{ id: "acme", apiKeyEnv: "ACME_KEY", baseUrl: sandbox().url }],
        env: { ACME_KEY: sandbox().keys.demo, INVOICING_TIMEOUT_MS: "2000" },
      });
      const { token } = hosted;
      sandbox().faults.add({ action: { kind: "hang" }, path: "/api/v1/invoices", times: 4 });
      const before = sandbox().requests.length;
      const invoiceReads = (status: string) =>
        sandbox()
          .requests.slice(before)
          .filter((r) => r.path === "/api/v1/invoices" && r.query === `status=${status}`);

      const call = (id: number, status: string, signal?: AbortSignal) =>
        fetch(`${hosted!.url}/mcp`, {
          method: "POST",
          headers: callHeaders(token, era),
          body: JSON.stringify(callBody(id, era, { status })),
          ...(signal ? { signal } : {}),
        }).then(async (response) => ({ status: response.status, text: await response.text() }));

      const holding = [1, 2, 3, 4].map((id) => call(id, "sent"));
      while (invoiceReads("sent").length < 4) await sleep(20);
      const leaving = new AbortController();
      const left = call(5, "paid", leaving.signal).catch((error: Error) => error.name);
      await sleep(300); // the fifth call is in, and waits for a slot
      leaving.abort();
      expect(await left).toBe("AbortError");

      for (const answer of await Promise.all(holding)) {
        expect(answer.status).toBe(200);
        expect(answer.text).toContain("inv_");
      }
      expect(invoiceReads("sent")).toHaveLength(8); // each hung once, then answered

      const client = await httpClient(hosted.url, token, era);
      const result = await client.callTool({ name: "list_invoices", arguments: { status: "paid" } });
      expect(textOf(result)).toMatch(/^Invoices 1–\d+ of \d+/);
      await client.close();
      expect(invoiceReads("paid")).toHaveLength(1);
    }, 30_000);
  }
});

function callHeaders(token: string, era: Era): Record<string, string> {
  return {
    Authorization: `Bearer ${token}`,
    "Content-Type": "application/json",
    Accept: "application/json, text/event-stream",
    "MCP-Protocol-Version": era === "modern" ? "2026-07-28" : "2025-11-25",
    ...(era === "modern" ? { "Mcp-Method": "tools/call", "Mcp-Name": "list_invoices" } : {}),
  };
}

function callBody(id: number, era: Era, args: Record<string, unknown>) {
  const params: Record<string, unknown> = { name: "list_invoices", arguments: args };
  if (era === "modern") {
    params._meta = {
      "io.modelcontextprotocol/protocolVersion": "2026-07-28",
      "io.modelcontextprotocol/clientCapabilities": {},
      "io.modelcontextprotocol/clientInfo": { name: "leaving", version: "0" },
    };
  }
  return { jsonrpc: "2.0", id, method: "tools/call", params };
}
