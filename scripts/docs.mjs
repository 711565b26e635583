// `npm run docs` (builds first): writes what is generated from the tool definitions, so it never
// drifts from the server: docs/tools.md, and the `tools` list and `version` of manifest.json.
// Tests regenerate both in memory and fail when the files differ.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const { allTools } = await import("../dist/mcp/tool-list.js");
const { toolReference } = await import("../dist/docs/tool-reference.js");
const { manifestTools } = await import("../dist/docs/manifest-tools.js");

writeFileSync(`${root}docs/tools.md`, toolReference(allTools));

const pkg = JSON.parse(readFileSync(`${root}package.json`, "utf8"));
const manifestPath = `${root}manifest.json`;
const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
manifest.version = pkg.version;
manifest.tools = manifestTools(allTools);
writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
// Biome owns the layout of JSON files; let it lay out what JSON.stringify wrote.
execFileSync(
  process.execPath,
  [`${root}node_modules/@biomejs/biome/bin/biome`, "format", "--write", manifestPath],
  {
    stdio: "inherit",
  },
);
console.error(
  `docs: wrote docs/tools.md and manifest.json (${allTools.length} tools, version ${pkg.version})`,
);
