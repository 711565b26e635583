/**
 * What the global setup builds from (the server's and the sandbox's sources, the views, the build
 * scripts, the compiler settings and the locked packages) as one SHA-256, so a run of one test file
 * after an unchanged build starts at once instead of compiling everything again.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** Folders read whole and files read alone, relative to the repository root. */
const INPUT_DIRS = ["src", "packages/sandbox/src", "scripts"];
const INPUT_FILES = [
  "package.json",
  "package-lock.json",
  "manifest.json",
  "tsconfig.json",
  "tsconfig.build.json",
  "packages/sandbox/package.json",
  "packages/sandbox/tsconfig.json",
  "packages/sandbox/tsconfig.build.json",
];
/** What the build writes: the build is reused only while all of them are there. */
export const BUILD_OUTPUTS = ["dist/index.js", "packages/sandbox/dist/index.js", "bundle/invoicing-mcp.mjs"];

export function buildInputsHash(root: string): string {
  const hash = createHash("sha256");
  const files = [
    ...INPUT_DIRS.flatMap((dir) => filesUnder(join(root, dir))),
    ...INPUT_FILES.map((file) => join(root, file)).filter((file) => existsSync(file)),
  ].sort();
  for (const file of files) {
    hash.update(relative(root, file));
    hash.update("\0");
    hash.update(readFileSync(file));
    hash.update("\0");
  }
  return hash.digest("hex");
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile());
}
