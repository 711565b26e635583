/**
 * Every command and subcommand of the built bin answers `--help` with its usage on stdout and exit
 * code 0, and does nothing else: no server starts (the run would time out), doctor checks nothing,
 * no token or file is written.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BIN } from "../helpers/stdio.js";

const home = mkdtempSync(join(tmpdir(), "invoicing-help-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));

// A tenants file and everything a command would need to act, so only --help can stop it.
const tenants = join(home, "tenants.json");
writeFileSync(
  tenants,
  JSON.stringify({ tenants: [{ id: "acme", apiKey: "k", baseUrl: "https://x.example" }] }),
);
const env = {
  PATH: process.env.PATH,
  HOME: home,
  INVOICING_TENANTS_FILE: tenants,
  INVOICING_BASE_URL: "https://invoicing.example.com",
  INVOICING_API_KEY: "sk_test_help_only",
  INVOICING_WEBHOOK_SECRET: "whsec_helphelphelphelphelphelphelphelp",
};

const run = (args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args], {
    input: "",
    encoding: "utf8",
    timeout: 10_000,
    env,
    cwd: home,
  });

/** Every command and subcommand, as a person types it before --help. */
const FORMS = [
  [],
  ["--sandbox"],
  ["--read-only"],
  ["sandbox"],
  ["sandbox", "--port", "0"],
  ["doctor"],
  ["doctor", "--sandbox"],
  ["webhooks"],
  ["webhooks", "serve"],
  ["webhooks", "serve", "--port", "0"],
  ["serve"],
  ["serve", "--api-key-auth", "--port", "0"],
  ["tokens"],
  ["tokens", "create", "--tenant", "acme"],
  ["tokens", "list"],
  ["tokens", "revoke", "tok_1"],
  ["db"],
  ["db", "migrate"],
  ["db", "rekey"],
  ["help"],
];

describe("--help", () => {
  it.each(FORMS.map((form) => [form.join(" ") || "(no command)", form]))(
    "%s --help prints its usage to stdout, exit 0, and does nothing else",
    (_label, form) => {
      for (const flag of ["--help", "-h"]) {
        const result = run([...(form as string[]), flag]);
        expect(result.error).toBeUndefined(); // a timeout: something started
        expect(result.status).toBe(0);
        expect(result.stdout).toMatch(/^Usage:\s+invoicing-mcp|\nUsage:\s+invoicing-mcp/);
        expect(result.stderr).toBe("");
        expect(result.stdout).not.toMatch(/^\s*(ok|FAIL)\s/m); // doctor did not check anything
      }
    },
  );

  it("help COMMAND prints what COMMAND --help prints", () => {
    for (const command of ["sandbox", "doctor", "webhooks", "serve", "tokens", "db"]) {
      expect(run(["help", command]).stdout).toBe(run([command, "--help"]).stdout);
    }
  });

  it("left no token, inbox or other file behind", () => {
    expect(readdirSync(home)).toEqual(["tenants.json"]);
  });

  it("covers every command and subcommand the main help lists", () => {
    const help = run(["--help"]).stdout;
    const listed = [...help.matchAll(/(?:invoicing-mcp|\|) ([a-z]+)(?: ([a-z]+))?/g)].map((m) =>
      [m[1], m[2]].filter(Boolean).join(" "),
    );
    expect(listed.length).toBeGreaterThan(8);
    const commandWords = (form: string[]) => {
      const flag = form.findIndex((word) => word.startsWith("-"));
      return form.slice(0, Math.min(2, flag === -1 ? form.length : flag)).join(" ");
    };
    const covered = new Set(FORMS.map(commandWords));
    expect(listed.filter((form) => !covered.has(form))).toEqual([]);
  });

  it("points to documents a user can open: the repository package.json names, not a file the package lacks", async () => {
    const pkg = (await import("../../package.json", { with: { type: "json" } })).default as {
      repository: { url: string };
      homepage: string;
      bugs: { url: string };
    };
    const repository = pkg.repository.url.replace(/^git\+/, "").replace(/\.git$/, "");
    expect(pkg.homepage.startsWith(repository)).toBe(true);
    expect(pkg.bugs.url).toBe(`${repository}/issues`);
    const texts = ["--help", "serve --help", "db --help"].map((args) => run(args.split(" ")).stdout);
    for (const text of texts) {
      expect(text).toContain(`${repository}/blob/main/docs/deploy.md`);
      expect(text).not.toMatch(/\(docs\/deploy\.md/);
    }
  });
});
