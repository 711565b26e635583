/** Where the benchmarks find what they measure; each checks that the build it needs exists. */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const DIST = join(ROOT, "dist");
export const BIN = join(DIST, "index.js");
/** The sandbox package's build, which `npm run build` makes before the server's. */
export const SANDBOX_DIST = join(ROOT, "packages", "sandbox", "dist", "index.js");
export const BUNDLE = join(ROOT, "bundle", "invoicing-mcp.mjs");
export const FIXTURES = join(ROOT, "bench", "fixtures");
export const RESULTS = join(ROOT, "bench", "results");
export const DOC = join(ROOT, "docs", "benchmarks.md");

export function requireBuild({ bundle = false } = {}) {
  if (!existsSync(BIN) || !existsSync(SANDBOX_DIST)) {
    throw new Error("dist/ is missing: run `npm run build` (or `npm run bench`) first");
  }
  if (bundle && !existsSync(BUNDLE)) throw new Error("bundle/ is missing: run `npm run bundle` first");
}

/** Imports a module of the build, e.g. fromDist("http/client.js"). */
export function fromDist(path) {
  return import(join(DIST, path));
}
