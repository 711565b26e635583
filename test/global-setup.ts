import { execFileSync } from "node:child_process";
import { bundle } from "../scripts/bundle.mjs";

/**
 * End-to-end tests spawn the package's bin (the bundle) and scripts use dist/, so `npm test` builds
 * both first, as `npm run build` does: the sandbox package before the server, whose --sandbox and
 * `sandbox` modes load the package's build; a few seconds with tsc, one with esbuild.
 */
export default async function setup(): Promise<void> {
  for (const project of ["packages/sandbox/tsconfig.build.json", "tsconfig.build.json"]) {
    execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", project], { stdio: "inherit" });
  }
  await bundle();
}
