import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { runDoctor } from "../../src/doctor/index.js";

/** Runs doctor as a function with this environment and no command line; returns its exit code and report. */
export async function doctor(
  env: Record<string, string>,
  options: { now?: () => number; argv?: string[] } = {},
): Promise<{ code: number; out: string }> {
  let out = "";
  const code = await runDoctor({
    env,
    argv: options.argv ?? [],
    write: (text) => {
      out += text;
    },
    ...(options.now ? { now: options.now } : {}),
  });
  return { code, out };
}

/** A small HTTP server on loopback that is not the Invoicing Service: answers however the test says. */
export async function startFakeService(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(handler);
  const sockets = new Set<Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

/** A loopback port nothing listens on (one that was just free). */
export async function closedPort(): Promise<number> {
  const fake = await startFakeService(() => {});
  const port = Number(new URL(fake.url).port);
  await fake.close();
  return port;
}
