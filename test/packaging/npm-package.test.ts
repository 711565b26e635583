import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  dependencies?: Record<string, string>;
  devDependencies: Record<string, string>;
  workspaces: string[];
  files: string[];
  bin: Record<string, string>;
};

/**
 * `npm install -g invoicing-mcp` installs package.json's `dependencies`. The bin is the bundle, which
 * carries every module it runs (test/packaging/bundle.test.ts: it imports nothing but Node's
 * built-ins), so a dependency would only be downloaded and never loaded, and one that is not on the
 * registry (the workspace's sandbox) makes the install fail with E404. The whole install is checked
 * by scripts/check-npm-package.mjs in CI.
 */
describe("package.json, as npm installs it", () => {
  it("has no runtime dependencies: the bundle carries them (add one with --save-dev)", () => {
    expect(pkg.dependencies ?? {}).toEqual({});
  });

  it("lists no workspace package anywhere npm would fetch it", () => {
    const workspaceNames = pkg.workspaces.map(
      (dir) =>
        (
          JSON.parse(readFileSync(new URL(`../../${dir}/package.json`, import.meta.url), "utf8")) as {
            name: string;
          }
        ).name,
    );
    for (const name of workspaceNames) expect(pkg.dependencies ?? {}).not.toHaveProperty(name);
  });

  it("ships the bin's directory and the PDFs' fonts, nothing else (no sources, tests or maps)", () => {
    expect(pkg.files).toEqual(["bundle/**/*.mjs", "bundle/fonts/*"]);
    expect(pkg.bin["invoicing-mcp"]).toMatch(/^bundle\/[\w-]+\.mjs$/);
  });
});
