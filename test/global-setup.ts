import { execFileSync } from "node:child_process";
import type { TestProject } from "vitest/node";
import { bundle } from "../scripts/bundle.mjs";
import { missingRequirements, requirements } from "./helpers/requirements.js";

/**
 * A whole run (`npm test`, no file named) first checks that Chromium, redis-server and PostgreSQL
 * are there, and stops at once with one line naming what is missing and how to get it, rather than
 * failing the browser and hosted tests one by one minutes later. A run of named files leaves that
 * to the helpers those files use, which fail with the same reason when they need something missing.
 *
 * End-to-end tests spawn the package's bin (the bundle) and scripts use dist/, so `npm test` builds
 * both first, as `npm run build` does: the sandbox package before the server, whose --sandbox and
 * `sandbox` modes load the package's build; a few seconds with tsc, one with esbuild.
 */
export default async function setup(project: TestProject): Promise<void> {
  if (isWholeRun(project)) {
    const missing = missingRequirements(requirements());
    if (missing !== undefined) {
      process.stderr.write(`\n${missing}\n\n`);
      process.exit(1);
    }
  }
  for (const project of ["packages/sandbox/tsconfig.build.json", "tsconfig.build.json"]) {
    execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", project], { stdio: "inherit" });
  }
  await bundle();
}

/** No file filter given on the command line (vitest keeps the filters it was started with). */
function isWholeRun(project: TestProject): boolean {
  const { filenamePattern } = project.vitest as unknown as { filenamePattern?: readonly string[] };
  return filenamePattern === undefined || filenamePattern.length === 0;
}
