// The MCP Apps views document: src/views/ bundled for the browser with the ext-apps App client,
// minified, and written inline (script and styles) into one HTML file with no network loads. Part
// of `npm run build` through scripts/bundle.mjs, which also embeds it in the server's bundle.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Where the server (from dist/ or the sources) reads the document. */
export const VIEWS_HTML = `${root}dist/views/invoicing-views.html`;

/** Builds the document, writes it to VIEWS_HTML and returns its text. */
export async function buildViews() {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ["src/views/main.ts"],
    bundle: true,
    write: false,
    platform: "browser",
    format: "esm",
    target: "es2022",
    minify: true,
    legalComments: "none",
    logLevel: "warning",
    tsconfig: "src/views/tsconfig.json",
  });
  const script = result.outputFiles[0].text.replaceAll("</script", "<\\/script");
  const css = stylesheet().replaceAll("</style", "<\\/style");
  const html = [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    "<title>Invoicing</title>",
    `<style>${css}</style>`,
    "</head>",
    "<body>",
    '<main id="app" aria-live="polite"></main>',
    `<script type="module">${script}</script>`,
    "</body>",
    "</html>",
  ].join("\n");
  mkdirSync(dirname(VIEWS_HTML), { recursive: true });
  writeFileSync(VIEWS_HTML, html);
  return html;
}

/** src/views/styles/: base.css (variables, shared parts) first, then one file per view. */
function stylesheet() {
  const dir = `${root}src/views/styles/`;
  const files = readdirSync(dir)
    .filter((name) => name.endsWith(".css"))
    .sort((a, b) => (a === "base.css" ? -1 : b === "base.css" ? 1 : a.localeCompare(b)));
  return files.map((name) => readFileSync(dir + name, "utf8")).join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const html = await buildViews();
  console.error(`views: ${VIEWS_HTML} (${(Buffer.byteLength(html) / 1024).toFixed(0)} kB)`);
}
