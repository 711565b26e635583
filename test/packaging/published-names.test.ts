import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  devDependencies: Record<string, string>;
};

/** Every page a user or contributor reads. */
const pages = [
  "README.md",
  "CONTRIBUTING.md",
  "packages/sandbox/README.md",
  ...readdirSync(join(root, "docs"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".md"))
    .map((file) => `docs/${file}`),
];

interface InstallLine {
  page: string;
  name: string;
  /** The sentence (or code line) the command stands in. */
  sentence: string;
  /** A link runs the command when clicked: no sentence beside it can excuse an unpublished name. */
  link: boolean;
}

/** `npx [-y] NAME`, `npm install -g NAME`, and the npx config inside a Cursor install link. */
function installLines(page: string, text: string): InstallLine[] {
  const found: InstallLine[] = [];
  const add = (name: string, at: number, link = false) =>
    found.push({ page, name, sentence: sentenceAt(text, at), link });
  for (const m of text.matchAll(/\bnpx (?:(?:-y|--yes|-p|--package) )*((?:@[\w.-]+\/)?[\w][\w.-]*)/g))
    add(m[1]!, m.index);
  for (const m of text.matchAll(/\bnpm (?:install|i|add) (?:-g|--global) ((?:@[\w.-]+\/)?[\w][\w.-]*)/g))
    add(m[1]!, m.index);
  for (const m of text.matchAll(
    /cursor:\/\/anysphere\.cursor-deeplink\/mcp\/install\?[^)\s]*config=([\w=+/%-]+)/g,
  )) {
    const config = JSON.parse(Buffer.from(decodeURIComponent(m[1]!), "base64").toString("utf8")) as {
      command?: string;
      args?: string[];
    };
    const name = config.command === "npx" ? config.args?.find((arg) => !arg.startsWith("-")) : undefined;
    if (name) add(name, m.index, true);
  }
  return found;
}

/** From the end of the sentence before to the end of this one (a blank line or a line of code ends one too). */
function sentenceAt(text: string, at: number): string {
  const before = text.slice(0, at);
  const start = Math.max(before.lastIndexOf(". "), before.lastIndexOf("\n\n"), before.lastIndexOf("```"));
  const after = text.slice(at);
  const ends = [after.indexOf(". "), after.indexOf("\n\n"), after.indexOf("```")].filter((i) => i >= 0);
  return text.slice(start + 1, at + Math.min(...ends, after.length)).replace(/\s+/g, " ");
}

const SAYS_UNPUBLISHED = /not (?:yet )?published|once (?:the package|it) is (?:published|on npm)/i;

/** Installed by `npm ci` here (a devDependency or its command), so npx runs the local one. */
function isLocal(name: string): boolean {
  return name in pkg.devDependencies || existsSync(join(root, "node_modules/.bin", name));
}

/** Whether the npm registry knows the name: `npm view` fails with E404 for one nobody published. */
function npmKnows(name: string): boolean {
  try {
    execFileSync("npm", ["view", name, "name"], { stdio: "pipe", timeout: 30_000 });
    return true;
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? "");
    if (/E404|404 Not Found/.test(stderr)) return false;
    throw new Error(`npm view ${name} failed for another reason than an unknown name:\n${stderr}`);
  }
}

/**
 * A line that runs a package nobody has published hands the users' API keys to whoever registers
 * that name first. Every install line in the docs runs a package the registry knows, a local tool,
 * or says in the same sentence that the package is not yet published.
 */
describe("install lines in the docs", () => {
  const lines = pages.flatMap((page) => installLines(page, readFileSync(join(root, page), "utf8")));

  it("are found (the README names the npm package to install once published)", () => {
    expect(lines.some((line) => line.page === "README.md" && line.name === "invoicing-mcp")).toBe(true);
  });

  it("run only packages npm knows, or say beside them that the package is not yet published", () => {
    const checked = new Map<string, boolean>();
    const unknown = lines.filter((line) => {
      if (isLocal(line.name) || (!line.link && SAYS_UNPUBLISHED.test(line.sentence))) return false;
      if (!checked.has(line.name)) checked.set(line.name, npmKnows(line.name));
      return !checked.get(line.name);
    });
    expect(unknown.map((line) => `${line.page}: ${line.name} in "${line.sentence.trim()}"`)).toEqual([]);
  }, 120_000);

  it("find the name in an install link and an npx line, and see no word of it being unpublished", () => {
    const link = `[Add to Cursor](cursor://anysphere.cursor-deeplink/mcp/install?name=invoicing&config=${Buffer.from(JSON.stringify({ command: "npx", args: ["-y", "invoicing-mcp"] })).toString("base64")})`;
    const found = installLines(
      "x.md",
      `Install it: ${link}\n\nOr run \`npx -y invoicing-mcp\` in a terminal.`,
    );
    expect(found.map((line) => line.name)).toEqual(["invoicing-mcp", "invoicing-mcp"]);
    expect(found.some((line) => SAYS_UNPUBLISHED.test(line.sentence))).toBe(false);
  }, 60_000);
});
