import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { buildInputsHash } from "./helpers/build-inputs.js";

/**
 * The global setup rebuilds only when the build's inputs changed: a run of one file after a build
 * starts at once, and a changed source is never tested against an old bundle.
 */
describe("the build's inputs, as the global setup hashes them", () => {
  function tree(): string {
    const root = mkdtempSync(join(tmpdir(), "invoicing-build-inputs-"));
    const files: [string, string][] = [
      ["src/index.ts", "export {};\n"],
      ["src/mcp/tools/a.ts", "export const a = 1;\n"],
      ["packages/sandbox/src/index.ts", "export {};\n"],
      ["scripts/bundle.mjs", "// bundle\n"],
      ["package-lock.json", "{}\n"],
      ["docs/tools.md", "# Tools\n"],
    ];
    for (const [file, text] of files) {
      mkdirSync(join(root, file, ".."), { recursive: true });
      writeFileSync(join(root, file), text);
    }
    return root;
  }

  it("stays the same while nothing the build reads changes", () => {
    const root = tree();
    const before = buildInputsHash(root);
    writeFileSync(join(root, "docs/tools.md"), "# Tools, edited\n");
    expect(buildInputsHash(root)).toBe(before);
    rmSync(root, { recursive: true });
  });

  it("changes with an edited, added or removed source, a build script or the locked packages", () => {
    const root = tree();
    const seen = new Set([buildInputsHash(root)]);
    const expectNew = () => {
      const hash = buildInputsHash(root);
      expect(seen.has(hash)).toBe(false);
      seen.add(hash);
    };
    writeFileSync(join(root, "src/mcp/tools/a.ts"), "export const a = 2;\n");
    expectNew();
    writeFileSync(join(root, "src/mcp/tools/b.ts"), "export const b = 1;\n");
    expectNew();
    rmSync(join(root, "src/mcp/tools/b.ts"));
    expect(seen.has(buildInputsHash(root))).toBe(true); // back to the state before b.ts
    writeFileSync(join(root, "packages/sandbox/src/index.ts"), "export const x = 1;\n");
    expectNew();
    writeFileSync(join(root, "scripts/bundle.mjs"), "// bundle, changed\n");
    expectNew();
    writeFileSync(join(root, "package-lock.json"), '{"lockfileVersion":3}\n');
    expectNew();
    rmSync(root, { recursive: true });
  });

  it("covers this repository's sources", () => {
    const root = fileURLToPath(new URL("..", import.meta.url));
    expect(buildInputsHash(root)).toMatch(/^[0-9a-f]{64}$/);
  });
});
