// `npm run pack:mcpb`: the MCP Bundle for one-click install in Claude Desktop. Builds the bundle
// directory (scripts/bundle.mjs: the entry, its chunks and their source maps), stages it as it is
// as server/ beside manifest.json (nothing else: no node_modules), and packs that with the official
// `mcpb` CLI, which validates the manifest.
import { execFileSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { BUNDLE_ENTRY_NAME, bundle, MCPB_SERVER_DIR } from "./bundle.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const output = join(root, "invoicing-mcp.mcpb");
const stage = mkdtempSync(join(tmpdir(), "invoicing-mcpb-"));
try {
  const { outdir } = await bundle();
  cpSync(outdir, join(stage, MCPB_SERVER_DIR), { recursive: true });
  copyFileSync(join(root, "manifest.json"), join(stage, "manifest.json"));
  checkEntry(stage);
  const mcpb = join(root, "node_modules", "@anthropic-ai", "mcpb", "dist", "cli", "cli.js");
  execFileSync(process.execPath, [mcpb, "pack", stage, output], { stdio: "inherit" });
} finally {
  rmSync(stage, { recursive: true, force: true });
}
console.error(`pack:mcpb: ${output} (${(statSync(output).size / 1024).toFixed(0)} kB)`);

/** The manifest must start the file the bundle wrote; a pack that could not start is no pack. */
function checkEntry(dir) {
  const { server } = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
  const expected = `${MCPB_SERVER_DIR}/${BUNDLE_ENTRY_NAME}`;
  const args = JSON.stringify(server.mcp_config?.args);
  const problems = [];
  if (server.entry_point !== expected)
    problems.push(`entry_point is "${server.entry_point}", not "${expected}"`);
  if (args !== JSON.stringify([`\${__dirname}/${expected}`]))
    problems.push(`mcp_config.args ${args} do not start ${expected}`);
  if (!existsSync(join(dir, expected))) problems.push(`the bundle holds no ${expected}`);
  if (problems.length > 0)
    throw new Error(`pack:mcpb: manifest.json does not start the bundle: ${problems.join("; ")}`);
}
