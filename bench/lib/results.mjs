/**
 * Each benchmark saves what it measured to bench/results/<name>.json: the goals with their figures
 * (for the summary at the top of docs/benchmarks.md) and whatever a later run compares against.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { RESULTS } from "./paths.mjs";

export function saveResult(name, result) {
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(join(RESULTS, `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
}

export function loadResult(name) {
  const file = join(RESULTS, `${name}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined;
}

export function loadAllResults() {
  if (!existsSync(RESULTS)) return [];
  return readdirSync(RESULTS)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => ({ name: f.slice(0, -5), ...JSON.parse(readFileSync(join(RESULTS, f), "utf8")) }));
}
