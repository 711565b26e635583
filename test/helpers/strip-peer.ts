/**
 * A peer that chooses differently where the API document says "not shown": it answers every
 * request as the sandbox does, but its invoice lists leave out what the document does not list
 * (periodStart, periodEnd, notes). The tools must then fall back to what they can know.
 */
import { createServer, type Server } from "node:http";
import type { Sandbox } from "@invoicing-mcp/sandbox";
import { afterAll, beforeAll } from "vitest";
import { type Connected, connect } from "./mcp.js";

const NOT_LISTED = ["periodStart", "periodEnd", "notes"];

export async function startStripPeer(sandbox: Sandbox): Promise<{ peer: Sandbox; close(): Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers: Record<string, string> = {};
    for (const name of ["authorization", "content-type"]) {
      const value = req.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    const upstream = await fetch(`${sandbox.url}${req.url}`, {
      method: req.method ?? "GET",
      headers,
      ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
    });
    let body = await upstream.text();
    if (req.method === "GET" && req.url?.split("?")[0] === "/api/v1/invoices" && upstream.ok) {
      const envelope = JSON.parse(body) as { data: Record<string, unknown>[] };
      for (const item of envelope.data) for (const field of NOT_LISTED) delete item[field];
      body = JSON.stringify(envelope);
    }
    res.writeHead(upstream.status, { "content-type": "application/json" });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  // connect() needs only an address and the keys; requests and faults stay on the real sandbox.
  const peer = { ...sandbox, url: `http://127.0.0.1:${port}` } as Sandbox;
  return {
    peer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One connection through a strip peer in front of the suite's sandbox, for the enclosing describe block. */
export function useStripPeerMcp(sandbox: () => Sandbox): () => Connected {
  let peer: Awaited<ReturnType<typeof startStripPeer>> | undefined;
  let connected: (Connected & { close(): Promise<void> }) | undefined;
  beforeAll(async () => {
    peer = await startStripPeer(sandbox());
    connected = await connect(peer.peer);
  });
  afterAll(async () => {
    await connected?.close();
    await peer?.close();
  });
  return () => {
    if (!connected) throw new Error("not connected");
    return connected;
  };
}
