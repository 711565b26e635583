import { execFileSync } from "node:child_process";
import { bundle } from "../scripts/bundle.mjs";

/**
 * End-to-end tests spawn the package's bin (the bundle) and scripts use dist/, so `npm test` builds
 * both first, as `npm run build` does: a few seconds with tsc, one with esbuild.
 */
export default async function setup(): Promise<void> {
  execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.build.json"], {
    stdio: "inherit",
  });
  await bundle();
}
