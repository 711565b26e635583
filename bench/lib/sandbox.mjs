/**
 * The sandbox API in the benchmark's own process (the built @invoicing-mcp/sandbox package), and our
 * built bin started against it over stdio, as an MCP client would start it.
 */
import { BIN } from "./paths.mjs";
import { StdioClient } from "./stdio-client.mjs";

/** A rate limit no benchmark reaches, where the limit itself is not what is measured. */
export const UNLIMITED = { limit: 1_000_000, windowMs: 60_000 };

export async function startSandbox(options = {}) {
  const { startSandbox } = await import("@invoicing-mcp/sandbox");
  return startSandbox({ quiet: true, rateLimit: UNLIMITED, ...options });
}

/** The built bin with the sandbox's demo key, initialized; close it with `client.close()`. */
export async function startServer(sandbox, { env = {}, args = [], bin = BIN, nodeArgs = [] } = {}) {
  const client = new StdioClient(process.execPath, [...nodeArgs, bin, ...args], {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    INVOICING_API_KEY: sandbox.keys.demo,
    INVOICING_BASE_URL: sandbox.url,
    ...env,
  });
  await client.initialize();
  return client;
}
