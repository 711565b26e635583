/**
 * The node options the .mcpb starts the server with (manifest.json's mcp_config.args before the
 * entry point), so a benchmark measures the process a client actually runs.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./paths.mjs";

export function manifestNodeArgs() {
  const manifest = JSON.parse(readFileSync(join(ROOT, "manifest.json"), "utf8"));
  return manifest.server.mcp_config.args.slice(0, -1);
}
