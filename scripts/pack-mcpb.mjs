// `npm run pack:mcpb`: the MCP Bundle for one-click install in Claude Desktop. Builds the bundle
// directory (scripts/bundle.mjs: the entry, its chunks and their source maps), stages it as it is
// as server/ beside manifest.json and its icon (nothing else: no node_modules), and packs that with
// the official `mcpb` CLI, which validates the manifest (and leaves the source maps out).
//
// Reproducible: `mcpb pack` stamps every entry with the time of packing and takes the files in
// directory order, so the archive is written again with the same entries and modes, sorted by path
// and stamped with one fixed time: the same sources give the same bytes, and the SHA-256 that
// server.json's mcpb package needs (fileSha256) can be checked by anyone who packs the same commit.
// Beside the archive it writes invoicing-mcp.server.json: server.json with that fileSha256 filled in.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { unzipSync, zipSync } from "fflate";
import { BUNDLE_ENTRY_NAME, bundle, MCPB_SERVER_DIR } from "./bundle.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
export const MCPB_FILE = join(root, "invoicing-mcp.mcpb");
export const PUBLISHED_SERVER_JSON = join(root, "invoicing-mcp.server.json");

/**
 * The one time stamp of every entry. ZIP stores local wall-clock fields, so it is built from local
 * fields too: the same bytes in every time zone.
 */
const FIXED_TIME = new Date(2000, 0, 1, 0, 0, 0);

/** Builds the bundle directory, packs the .mcpb into `output`; returns the archive's SHA-256 (hex). */
export async function packMcpb(output = MCPB_FILE, { quiet = false } = {}) {
  const stage = mkdtempSync(join(tmpdir(), "invoicing-mcpb-"));
  try {
    const { outdir } = await bundle();
    cpSync(outdir, join(stage, "extension", MCPB_SERVER_DIR), { recursive: true });
    copyFileSync(join(root, "manifest.json"), join(stage, "extension", "manifest.json"));
    // The picture the install dialog shows (drawn by scripts/icon.mjs), where the manifest names it.
    const { icon } = JSON.parse(readFileSync(join(root, "manifest.json"), "utf8"));
    if (icon) copyFileSync(join(root, icon), join(stage, "extension", icon));
    checkEntry(join(stage, "extension"));
    const mcpb = join(root, "node_modules", "@anthropic-ai", "mcpb", "dist", "cli", "cli.js");
    execFileSync(process.execPath, [mcpb, "pack", join(stage, "extension"), output], {
      stdio: quiet ? "ignore" : "inherit",
    });
    writeFileSync(output, normalized(readFileSync(output), join(stage, "extension")));
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
  return createHash("sha256").update(readFileSync(output)).digest("hex");
}

/** The archive's entries again, sorted, with their files' modes and one fixed time. */
function normalized(archive, staged) {
  const entries = unzipSync(archive);
  const sorted = Object.keys(entries).sort();
  const files = {};
  for (const path of sorted) {
    const mode = statSync(join(staged, path)).mode & 0o777;
    files[path] = [entries[path], { os: 3, attrs: mode << 16, mtime: FIXED_TIME }];
  }
  return zipSync(files, { level: 9, mtime: FIXED_TIME });
}

/** The manifest must start the file the bundle wrote; a pack that could not start is no pack. */
function checkEntry(dir) {
  const { server } = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
  const expected = `${MCPB_SERVER_DIR}/${BUNDLE_ENTRY_NAME}`;
  const args = server.mcp_config?.args ?? [];
  const problems = [];
  if (server.entry_point !== expected)
    problems.push(`entry_point is "${server.entry_point}", not "${expected}"`);
  // Node's own options (the young generation's cap) may come first; the entry point is the last.
  const options = args.slice(0, -1);
  if (args.at(-1) !== `\${__dirname}/${expected}` || !options.every((a) => a.startsWith("--")))
    problems.push(`mcp_config.args ${JSON.stringify(args)} do not start ${expected}`);
  if (!existsSync(join(dir, expected))) problems.push(`the bundle holds no ${expected}`);
  if (problems.length > 0)
    throw new Error(`pack:mcpb: manifest.json does not start the bundle: ${problems.join("; ")}`);
}

/** server.json as the registry receives it for this archive: the mcpb package's fileSha256 filled in. */
export function publishedServerJson(sha256) {
  const server = JSON.parse(readFileSync(join(root, "server.json"), "utf8"));
  for (const pkg of server.packages) if (pkg.registryType === "mcpb") pkg.fileSha256 = sha256;
  return server;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sha256 = await packMcpb();
  writeFileSync(PUBLISHED_SERVER_JSON, `${JSON.stringify(publishedServerJson(sha256), null, 2)}\n`);
  console.error(
    `pack:mcpb: ${MCPB_FILE} (${(statSync(MCPB_FILE).size / 1024).toFixed(0)} kB, sha256 ${sha256}); ${PUBLISHED_SERVER_JSON} carries it`,
  );
}
