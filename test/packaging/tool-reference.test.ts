import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { toolReference } from "../../src/docs/tool-reference.js";
import { allTools } from "../../src/mcp/tool-definitions.js";

describe("docs/tools.md", () => {
  it("is what the tool definitions generate", () => {
    const written = readFileSync(new URL("../../docs/tools.md", import.meta.url), "utf8");
    expect(written, "docs/tools.md is out of date: run `npm run docs`").toBe(toolReference(allTools));
  });

  it("documents every argument of every tool", () => {
    const reference = toolReference(allTools);
    for (const tool of allTools) {
      expect(reference).toContain(`## \`${tool.name}\``);
      for (const argument of Object.keys(tool.input.shape)) {
        expect(reference, `${tool.name}.${argument}`).toContain(`- \`${argument}\` (`);
      }
    }
  });
});
