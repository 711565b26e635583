import { execFileSync } from "node:child_process";

/** End-to-end tests spawn the built bin, so `npm test` builds it first (a few seconds with tsc). */
export default function setup(): void {
  execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.build.json"], {
    stdio: "inherit",
  });
}
