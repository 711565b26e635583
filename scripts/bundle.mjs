// `npm run bundle`: the whole server, every runtime dependency included, in ONE ESM file, so an MCP
// Bundle (or a copy on any machine with Node 20+) needs no node_modules. Tests import bundle() to
// build a fresh copy into a temp dir.
import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Where `npm run bundle` writes, and what `npm run pack:mcpb` ships as server/index.mjs. */
export const BUNDLE_FILE = `${root}bundle/invoicing-mcp.mjs`;

/**
 * CommonJS dependencies (undici) call require() for Node's built-ins. In an ESM file esbuild's shim
 * finds no `require` and throws "Dynamic require of ... is not supported", so the bundle makes one.
 * The hashbang of src/index.ts stays on the first line; esbuild puts this banner after it.
 */
const REQUIRE_BANNER = [
  'import { createRequire as __bundleCreateRequire } from "node:module";',
  "const require = __bundleCreateRequire(import.meta.url);",
].join("\n");

/**
 * Builds the bundle; `await import(...)` of relative files and of the sandbox package is inlined
 * (no code splitting).
 */
export async function bundle(outfile = BUNDLE_FILE) {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ["src/index.ts"],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // The sandbox package is bundled from its TypeScript source (its "invoicing-mcp-source" export),
    // so the bundle carries `--sandbox` and needs neither node_modules nor the package's own build.
    conditions: ["invoicing-mcp-source"],
    banner: { js: REQUIRE_BANNER },
    // Readable stack traces in bug reports matter more than the few hundred kB minifying would save.
    minify: false,
    legalComments: "eof",
    logLevel: "warning",
    metafile: true,
  });
  return { outfile, bytes: statSync(outfile).size, metafile: result.metafile };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { outfile, bytes } = await bundle(process.argv[2] ?? BUNDLE_FILE);
  console.error(`bundle: ${outfile} (${(bytes / 1024).toFixed(0)} kB)`);
}
