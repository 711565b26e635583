/**
 * Where things are in the Invoicing Service's settings, said one way everywhere a user reads it (the
 * README, docs/, CONTRIBUTING.md, the answers and pages in src/): the API document puts API keys and
 * webhook endpoints in the settings' API-access section and the delivery status under integrations,
 * so a webhook endpoint is registered under "Settings → API access" (German "Einstellungen →
 * API-Zugang"), and "Integrations" is named only for the delivery log. Other sections (the MCP
 * clients' own settings) are named by the clients, listed here so a new one is a deliberate choice.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));

function files(dir: string, extensions: readonly string[]): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path, extensions);
    return extensions.some((ext) => name.endsWith(ext)) ? [path] : [];
  });
}

const read = [
  join(root, "README.md"),
  join(root, "CONTRIBUTING.md"),
  ...files(join(root, "docs"), [".md"]),
  ...files(join(root, "src"), [".md", ".ts"]),
];

/** The service's sections, and the MCP clients' (Claude Desktop, claude.ai, ChatGPT). */
const SERVICE = ["API access", "API-Zugang", "Integrations"];
const CLIENTS = ["Developer", "Extensions", "Connectors", "Apps & Connectors"];

describe("the service's settings paths", () => {
  const mentions = read.flatMap((path) =>
    [...readFileSync(path, "utf8").matchAll(/(?:Settings|Einstellungen) → ([^\n]{0,40})/g)].map((match) => ({
      file: relative(root, path),
      after: match[1]!,
    })),
  );

  it("name only the API document's sections and the clients' own", () => {
    expect(mentions.length).toBeGreaterThan(10);
    for (const { file, after } of mentions)
      expect(
        [...SERVICE, ...CLIENTS].some((section) => after.startsWith(section)),
        `${file}: "→ ${after}"`,
      ).toBe(true);
  });

  it("register webhook endpoints under API access, never under a Webhooks or Integrations section", () => {
    for (const path of read) {
      const text = readFileSync(path, "utf8");
      expect(text, relative(root, path)).not.toMatch(
        /(?:Settings|Einstellungen|API access|API-Zugang) → [Ww]ebhooks/,
      );
      for (const match of text.matchAll(/Settings → Integrations/g)) {
        const sentence = text.slice(Math.max(0, match.index - 120), match.index);
        expect(sentence, relative(root, path)).toMatch(/deliver/i);
      }
    }
  });
});
