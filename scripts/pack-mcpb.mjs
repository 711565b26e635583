// `npm run pack:mcpb`: the MCP Bundle for one-click install in Claude Desktop. Builds the bundle
// directory (scripts/bundle.mjs: the entry, its chunks and their source maps), stages it as it is
// as server/ beside manifest.json (nothing else: no node_modules), and packs that with the official
// `mcpb` CLI, which validates the manifest.
import { execFileSync } from "node:child_process";
import { copyFileSync, cpSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundle } from "./bundle.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const output = join(root, "invoicing-mcp.mcpb");
const stage = mkdtempSync(join(tmpdir(), "invoicing-mcpb-"));
try {
  const { outdir } = await bundle();
  cpSync(outdir, join(stage, "server"), { recursive: true });
  copyFileSync(join(root, "manifest.json"), join(stage, "manifest.json"));
  const mcpb = join(root, "node_modules", "@anthropic-ai", "mcpb", "dist", "cli", "cli.js");
  execFileSync(process.execPath, [mcpb, "pack", stage, output], { stdio: "inherit" });
} finally {
  rmSync(stage, { recursive: true, force: true });
}
console.error(`pack:mcpb: ${output} (${(statSync(output).size / 1024).toFixed(0)} kB)`);
