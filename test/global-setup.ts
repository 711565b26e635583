import { execFileSync } from "node:child_process";

/**
 * End-to-end tests spawn the built bin, so `npm test` builds it first (a few seconds with tsc): the
 * sandbox package before the server, whose --sandbox and `sandbox` modes load the package's build.
 */
export default function setup(): void {
  for (const project of ["packages/sandbox/tsconfig.build.json", "tsconfig.build.json"]) {
    execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", project], { stdio: "inherit" });
  }
}
