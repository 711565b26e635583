/**
 * An experiment for the cold-start benchmark, not what ships: the bundle as scripts/bundle.mjs
 * builds it (same entry, platform, target and require banner), but split into chunks, so that code
 * only `import()`ed later (undici, chrono-node, the sandbox, doctor, webhooks) lives in files of its
 * own that Node reads only when they are imported.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { ROOT } from "./paths.mjs";

const REQUIRE_BANNER = [
  'import { createRequire as __bundleCreateRequire } from "node:module";',
  "const require = __bundleCreateRequire(import.meta.url);",
].join("\n");

/** Builds into a fresh temp dir; returns the entry file. */
export async function buildSplitBundle() {
  const outdir = mkdtempSync(join(tmpdir(), "invoicing-split-bundle-"));
  await build({
    absWorkingDir: ROOT,
    entryPoints: { "invoicing-mcp": "src/index.ts" },
    outdir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // The sandbox package is bundled from its TypeScript source (its "invoicing-mcp-source" export),
    // so the bundle carries `--sandbox` and needs neither node_modules nor the package's own build.
    conditions: ["invoicing-mcp-source"],
    banner: { js: REQUIRE_BANNER },
    minify: false,
    logLevel: "warning",
  });
  return join(outdir, "invoicing-mcp.mjs");
}
