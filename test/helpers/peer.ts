/**
 * A small stand-in for the service on loopback, for answers the sandbox would never give (absurd
 * amounts, hostile text): `data(path, url)` returns the `data` of a 200 envelope, or undefined for a
 * 404. A real MCP client is connected to our server, and our server to this peer.
 */
import { createServer, type Server } from "node:http";
import type { Sandbox } from "@invoicing-mcp/sandbox";
import { connect } from "./mcp.js";

export const PEER_KEY = "k_peer_small_0123456789";

export async function startPeer(data: (path: string, url: URL) => unknown, now = Date.now()) {
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://peer");
      const found = data(url.pathname, url);
      const [status, body] =
        found === undefined
          ? [404, { data: null, meta: null, error: "Not found" }]
          : [200, { data: found, meta: Array.isArray(found) ? { total: found.length } : null, error: null }];
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  // connect() needs only the address and a key from a "sandbox".
  const peer = { url: `http://127.0.0.1:${port}`, keys: { demo: PEER_KEY } } as unknown as Sandbox;
  const mcp = await connect(peer, { now });
  return {
    mcp,
    async close() {
      await mcp.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
