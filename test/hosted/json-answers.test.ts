/**
 * A 2025-era request that can only get one message back is answered as plain JSON, with its length;
 * anything that may send more before its answer (a call with a progress token, a tool that writes
 * and may ask to confirm, a batch) or a 2026-era request is answered as the SDK answers it. The
 * answer itself is the same either way, and a client on the SDK reads both.
 */
import { describe, expect, it } from "vitest";
import { announcedIn } from "../../src/hosted/session-id.js";
import { SERVER_INFO } from "../../src/mcp/identity.js";
import { httpClient, textOf, useHosted } from "../helpers/hosted.js";
import { REFERENCE_DATE, useSandbox } from "../helpers/sandbox.js";

describe("serve: plain JSON answers where no other message could come first", () => {
  const sandbox = useSandbox({ referenceDate: REFERENCE_DATE, now: Date.now });
  const hosted = useHosted(() => ({
    tenants: [{ id: "acme", apiKeyEnv: "ACME_KEY", baseUrl: sandbox().url }],
    env: { ACME_KEY: sandbox().keys.demo },
  }));

  const post = async (body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${hosted().url}/mcp`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${hosted().token}`,
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        "MCP-Protocol-Version": "2025-11-25",
        ...headers,
      },
      body: JSON.stringify(body),
    });
    return { response, text: await response.text() };
  };
  const call = (id: number, name: string, args: object, meta?: object) => ({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name, arguments: args, ...(meta ? { _meta: meta } : {}) },
  });
  /** The one JSON-RPC message of an answer, in either form. */
  const messageOf = (contentType: string | null, text: string) =>
    JSON.parse(
      contentType?.startsWith("text/event-stream") ? text.split("data: ")[1]!.split("\n")[0]! : text,
    );

  it("a read tool's call: JSON with a length, the same answer as over SSE", async () => {
    const plain = await post(call(1, "list_invoices", { status: "paid" }));
    expect(plain.response.headers.get("content-type")).toBe("application/json");
    expect(plain.response.headers.get("content-length")).toBe(String(Buffer.byteLength(plain.text)));
    const streamed = await post(call(1, "list_invoices", { status: "paid" }, { progressToken: "p1" }));
    expect(streamed.response.headers.get("content-type")).toBe("text/event-stream");
    const message = messageOf(plain.response.headers.get("content-type"), plain.text);
    expect(message.result.content[0].text).toMatch(/^Invoices 1–\d+ of \d+/);
    expect(message).toEqual(messageOf("text/event-stream", streamed.text));
  });

  it("tools/list and initialize: JSON too, initialize with its session id", async () => {
    const list = await post({ jsonrpc: "2.0", id: 2, method: "tools/list" });
    expect(list.response.headers.get("content-type")).toBe("application/json");
    expect(JSON.parse(list.text).result.tools.length).toBeGreaterThan(5);
    const init = await post({
      jsonrpc: "2.0",
      id: 3,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "0" } },
    });
    expect(init.response.headers.get("content-type")).toBe("application/json");
    // The session id carries what the client announced (no views here), readable by any instance.
    expect(announcedIn(init.response.headers.get("mcp-session-id") ?? undefined)).toEqual({ views: false });
    const result = JSON.parse(init.text).result;
    expect(result.serverInfo).toMatchObject({ name: SERVER_INFO.name, version: SERVER_INFO.version });
    expect(result.protocolVersion).toBe("2025-11-25");
  });

  it("a write tool's call and a batch: an event stream, as before", async () => {
    const write = await post(call(4, "create_customer", { name: "" }));
    expect(write.response.headers.get("content-type")).toBe("text/event-stream");
    const batch = await post([call(5, "list_projects", {}), call(6, "list_projects", {})]);
    expect(batch.response.headers.get("content-type")).toBe("text/event-stream");
  });

  it("the checks of the SDK's transport still answer: an Accept without event streams is refused", async () => {
    const refused = await post(call(7, "list_invoices", {}), { Accept: "application/json" });
    expect(refused.response.status).toBe(406);
  });

  it("a call the SDK's transport would refuse is refused as it does", async () => {
    const unknownVersion = await post(call(8, "list_invoices", {}), { "MCP-Protocol-Version": "1999-01-01" });
    expect(unknownVersion.response.status).toBe(400);
    expect(unknownVersion.text).toContain("Unsupported protocol version");
    const notJsonRpc = await post({
      jsonrpc: "1.0",
      id: 9,
      method: "tools/call",
      params: { name: "list_invoices" },
    });
    expect(notJsonRpc.response.status).toBe(400);
    expect(JSON.parse(notJsonRpc.text).error.code).toBe(-32600);
  });

  it("a client on the SDK reads the answers of both eras", async () => {
    for (const era of ["legacy", "modern"] as const) {
      const client = await httpClient(hosted().url, hosted().token, era);
      const result = await client.callTool({ name: "list_invoices", arguments: { status: "sent" } });
      expect(textOf(result)).toMatch(/^Invoices 1–\d+ of \d+/);
      await client.close();
    }
  });
});
