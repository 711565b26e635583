#!/usr/bin/env node
/**
 * `invoicing-sandbox [--port N] [--host H] [--seed N]`: the sandbox on its own, without the MCP
 * server. `invoicing-mcp sandbox` runs the same code.
 */
import { runSandbox } from "./main.js";

runSandbox(process.argv.slice(2), process.env).catch((error: unknown) => {
  process.stderr.write(`invoicing-sandbox: ${error instanceof Error ? error.message : String(error)}\n`);
  const code = (error as { exitCode?: unknown }).exitCode;
  process.exitCode = typeof code === "number" ? code : 1;
});
