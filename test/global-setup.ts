import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { BUILD_OUTPUTS, buildInputsHash } from "./helpers/build-inputs.js";
import { missingRequirements, requirements } from "./helpers/requirements.js";

const root = fileURLToPath(new URL("..", import.meta.url));
/** The hash of the inputs the last build of the global setup was made from. */
const STAMP = join(root, "node_modules/.cache/invoicing-mcp/build-inputs.sha256");

/**
 * A whole run (`npm test`, no file named) first checks that Chromium, redis-server and PostgreSQL
 * are there, and stops at once with one line naming what is missing and how to get it, rather than
 * failing the browser and hosted tests one by one minutes later. A run of named files leaves that
 * to the helpers those files use, which fail with the same reason when they need something missing.
 *
 * End-to-end tests spawn the package's bin (the bundle) and scripts use dist/, so `npm test` builds
 * both first, as `npm run build` does: the sandbox package before the server, whose --sandbox and
 * `sandbox` modes load the package's build; some 20 s with tsc and esbuild. The build is skipped
 * when its inputs hash the same as at the last one (build-inputs.ts) and its outputs are there, so
 * running one file again after a build starts at once; the first line says which it did.
 */
export default async function setup(project: TestProject): Promise<void> {
  if (isWholeRun(project)) {
    const missing = missingRequirements(requirements());
    if (missing !== undefined) {
      process.stderr.write(`\n${missing}\n\n`);
      process.exit(1);
    }
  }
  const inputs = buildInputsHash(root);
  const built = BUILD_OUTPUTS.every((file) => existsSync(join(root, file)));
  if (built && existsSync(STAMP) && readFileSync(STAMP, "utf8") === inputs) {
    process.stderr.write(
      `global setup: sources unchanged since the last build (${inputs.slice(0, 12)}), reusing it\n`,
    );
    return;
  }
  process.stderr.write("global setup: building the sandbox, dist/ and the bundle (about 20 s)…\n");
  for (const project of ["packages/sandbox/tsconfig.build.json", "tsconfig.build.json"]) {
    execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", project], { stdio: "inherit" });
  }
  const { bundle } = await import("../scripts/bundle.mjs");
  await bundle();
  mkdirSync(dirname(STAMP), { recursive: true });
  writeFileSync(STAMP, inputs);
}

/** No file filter given on the command line (vitest keeps the filters it was started with). */
function isWholeRun(project: TestProject): boolean {
  const { filenamePattern } = project.vitest as unknown as { filenamePattern?: readonly string[] };
  return filenamePattern === undefined || filenamePattern.length === 0;
}
