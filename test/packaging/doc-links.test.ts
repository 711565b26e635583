/**
 * Every relative link in the README, CONTRIBUTING.md and docs/ reaches a file of this repository, so
 * moving a section from the README to docs/ (or a doc to another place) cannot leave a dead link.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
const documents = [
  join(root, "README.md"),
  join(root, "CONTRIBUTING.md"),
  ...readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => join(root, "docs", name)),
];

describe("links in the documentation", () => {
  it.each(documents.map((path) => [relative(root, path), path]))(
    "%s links only to files that exist",
    (_, path) => {
      const text = readFileSync(path, "utf8").replace(/```[\s\S]*?```/g, "");
      const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
        .map((match) => match[1]!)
        .filter((target) => !/^[a-z][\w+.-]*:/i.test(target) && !target.startsWith("#"))
        .map((target) => target.split("#")[0]!);
      for (const target of targets)
        expect(existsSync(join(dirname(path), target)), `${relative(root, path)} → ${target}`).toBe(true);
    },
  );
});
