// `npm run bundle` (also part of `npm run build`): the whole server, every runtime dependency
// included, as ESM files in ONE directory, so the package's bin and an MCP Bundle need no
// node_modules. Split into chunks (esbuild `splitting`): what is only `import()`ed later (undici on
// the first request, chrono-node on the first date, the sandbox, doctor, webhooks) lives in files
// of its own, so a start reads only what `initialize` and `tools/list` need. Not minified, with
// source maps beside each file (`node --enable-source-maps` maps a stack trace back to src/).
// Tests import bundle() to build a fresh copy into a temp dir.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { buildViews } from "./views.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Where `npm run bundle` writes; `npm run pack:mcpb` ships this directory as server/. */
export const BUNDLE_DIR = `${root}bundle`;
/** The directory's name inside the .mcpb, where manifest.json's entry_point points. */
export const MCPB_SERVER_DIR = "server";
/**
 * The file to start, in any copy of the directory. manifest.json's `server.entry_point` is the one
 * place that names it: the bundle is built under that name, the .mcpb starts it, and a test holds
 * package.json's bin to it.
 */
export const BUNDLE_ENTRY_NAME = entryNameFromManifest();

function entryNameFromManifest() {
  const manifest = JSON.parse(readFileSync(join(root, "manifest.json"), "utf8"));
  const entryPoint = String(manifest.server?.entry_point ?? "");
  const match = new RegExp(`^${MCPB_SERVER_DIR}/([\\w.-]+\\.mjs)$`).exec(entryPoint);
  if (!match) {
    throw new Error(
      `manifest.json: server.entry_point "${entryPoint}" must name an .mjs file in ${MCPB_SERVER_DIR}/, e.g. ${MCPB_SERVER_DIR}/invoicing-mcp.mjs`,
    );
  }
  return match[1];
}

/**
 * CommonJS dependencies (undici) call require() for Node's built-ins. In an ESM file esbuild's shim
 * finds no `require` and throws "Dynamic require of ... is not supported", so each file makes one.
 * The hashbang of src/index.ts stays on the entry's first line; esbuild puts this banner after it.
 */
const REQUIRE_BANNER = [
  'import { createRequire as __bundleCreateRequire } from "node:module";',
  "const require = __bundleCreateRequire(import.meta.url);",
].join("\n");

/**
 * Two modules the start would read for nothing are resolved to stand-ins of our own, each with the
 * same exports and its reason in its file (scripts/bundle-stand-ins/): the SDK's Node shim, whose
 * default validator (Ajv) runs its CommonJS at import, and zod's index of 60-odd locales. Together
 * they were about a fifth of a cold start (docs/benchmarks.md).
 */
const STAND_INS = {
  name: "stand-ins",
  setup(build) {
    const standIn = (name) => ({ path: join(root, "scripts", "bundle-stand-ins", name) });
    build.onResolve({ filter: /^@modelcontextprotocol\/server\/_shims$/ }, () => standIn("sdk-shims.mjs"));
    build.onResolve({ filter: /\/locales\/index\.js$/ }, ({ importer }) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(importer) ? standIn("zod-locales.mjs") : undefined,
    );
  },
};

/** Builds the bundle into `outdir` (emptied first: a stale chunk must not ship). */
export async function bundle(outdir = BUNDLE_DIR) {
  rmSync(outdir, { recursive: true, force: true });
  // The MCP Apps views document travels inside the bundle as a string, in the chunk that serves it.
  const views = await buildViews();
  // What tools/list shows never changes while the server runs: made here, once, not at each start.
  const toolFacts = await makeToolFacts();
  const result = await build({
    absWorkingDir: root,
    entryPoints: { [BUNDLE_ENTRY_NAME.replace(/\.mjs$/, "")]: "src/index.ts" },
    outdir,
    outExtension: { ".js": ".mjs" },
    chunkNames: "chunks/[name]-[hash]",
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // The sandbox package is bundled from its TypeScript source (its "invoicing-mcp-source" export),
    // so the bundle carries `--sandbox` and needs neither node_modules nor the package's own build.
    conditions: ["invoicing-mcp-source"],
    banner: { js: REQUIRE_BANNER },
    // Readable stack traces in bug reports matter more than the few hundred kB minifying would save.
    minify: false,
    sourcemap: "linked",
    legalComments: "eof",
    logLevel: "warning",
    metafile: true,
    // The bundle is the package's bin, so the hosted mode (`serve`, `tokens`, `db`) is in it too, in
    // chunks of its own that a stdio start never reads. pg's optional native binding is not used.
    external: ["pg-native"],
    plugins: [STAND_INS],
    define: {
      __INVOICING_VIEWS_HTML__: JSON.stringify(views),
      // A JSON string in the bundle, parsed at start (src/mcp/tool-facts.ts).
      __INVOICING_TOOL_FACTS__: JSON.stringify(JSON.stringify(toolFacts)),
    },
  });
  // The PDFs' fonts (PDF/A embeds them) ship beside the chunks: src/documents/fonts.ts reads them
  // from there, so the npm package and the .mcpb make PDFs as a clone does.
  cpSync(join(root, "assets", "fonts"), join(outdir, "fonts"), { recursive: true });
  const entry = join(outdir, BUNDLE_ENTRY_NAME);
  return { outdir, entry, bytes: directoryBytes(outdir), metafile: result.metafile };
}

/**
 * Every tool's facts (words, traits and JSON Schemas as tools/list shows them), in the order of
 * src/mcp/tool-list.ts, made by the sources themselves (src/mcp/tool-facts.ts): the sources bundled
 * into a temporary module and run, so a stale dist/ can never leak into the bundle.
 */
async function makeToolFacts() {
  const dir = mkdtempSync(join(tmpdir(), "invoicing-mcp-tool-facts-"));
  try {
    const outfile = join(dir, "tool-facts.mjs");
    await build({
      absWorkingDir: root,
      stdin: {
        contents: [
          'export { everyTool } from "./src/mcp/tool-definitions.ts";',
          'export { factsOf } from "./src/mcp/tool-facts.ts";',
        ].join("\n"),
        resolveDir: root,
        loader: "ts",
      },
      outfile,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      conditions: ["invoicing-mcp-source"],
      banner: { js: REQUIRE_BANNER },
      external: ["pg-native"],
      logLevel: "warning",
    });
    const { everyTool, factsOf } = await import(pathToFileURL(outfile).href);
    return everyTool.map(factsOf);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function directoryBytes(dir) {
  return readdirSync(dir, { recursive: true })
    .map((name) => statSync(join(dir, String(name))))
    .filter((stat) => stat.isFile())
    .reduce((sum, stat) => sum + stat.size, 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { entry, bytes } = await bundle(process.argv[2] ?? BUNDLE_DIR);
  console.error(`bundle: ${entry} (directory ${(bytes / 1024).toFixed(0)} kB with source maps)`);
}
