// `npm run docs` (builds first): writes what is generated from the tool definitions, so it never
// drifts from the server: docs/tools.md, the `tools` list and `version` of manifest.json, and the
// README's tool table and command forms (the latter from the built bin's own `--help`). Tests
// regenerate each in memory and fail when the files differ.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const { allTools } = await import("../dist/mcp/tool-definitions.js");
const { toolReference } = await import("../dist/docs/tool-reference.js");
const { manifestTools } = await import("../dist/docs/manifest-tools.js");
const { COMMAND_FORMS, TOOL_TABLE, commandForms, toolTable, writeSection } = await import(
  "../dist/docs/readme-sections.js"
);

writeFileSync(`${root}docs/tools.md`, toolReference(allTools));

const pkg = JSON.parse(readFileSync(`${root}package.json`, "utf8"));
const help = execFileSync(process.execPath, [`${root}${pkg.bin["invoicing-mcp"]}`, "--help"], {
  encoding: "utf8",
});
const readmePath = `${root}README.md`;
let readme = readFileSync(readmePath, "utf8");
readme = writeSection(readme, TOOL_TABLE, toolTable(allTools));
readme = writeSection(readme, COMMAND_FORMS, commandForms(help));
writeFileSync(readmePath, readme);

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
  `docs: wrote docs/tools.md, the README's tool table and command forms, and manifest.json (${allTools.length} tools, version ${pkg.version})`,
);
