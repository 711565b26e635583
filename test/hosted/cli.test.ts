/** The hosted mode's commands: help on every one, and `tokens create` needing only the tenants file. */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeTenantsFile } from "../helpers/hosted.js";
import { BIN } from "../helpers/stdio.js";

const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [BIN, ...args], {
    input: "",
    encoding: "utf8",
    timeout: 10_000,
    env: { PATH: process.env.PATH, ...env },
  });

describe("the hosted commands' command line", () => {
  it.each([
    [["serve", "--help"], /Usage: invoicing-mcp serve[\s\S]*--tenants FILE[\s\S]*SIGTERM/],
    [["serve", "-h"], /Usage: invoicing-mcp serve/],
    [["tokens", "--help"], /Usage: invoicing-mcp tokens create[\s\S]*revoke/],
    [["tokens", "create", "--help"], /Usage: invoicing-mcp tokens create/],
    [["db", "--help"], /Usage: invoicing-mcp db migrate/],
  ])("%j prints its help on stdout and exits 0, starting nothing", (args, help) => {
    const result = run(args);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(help);
    expect(result.stderr).toBe("");
  });

  it("db with an unknown command is a usage error (exit 2) naming the command it takes", () => {
    const result = run(["db", "migrat"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/invoicing-mcp db migrate/);
  });

  it("tokens create --tenant acme needs neither acme's nor any other tenant's key variable", () => {
    const tenantsPath = writeTenantsFile([
      { id: "acme", apiKeyEnv: "ACME_KEY", baseUrl: "http://127.0.0.1:9", webhookSecretEnv: "ACME_SECRET" },
      { id: "other", apiKeyEnv: "OTHER_KEY", baseUrl: "http://127.0.0.1:9" },
    ]);
    const result = run(["tokens", "create", "--tenant", "acme", "--tenants", tenantsPath]);
    expect(result.stderr).toMatch(/token \w+ created for tenant "acme"/);
    expect(result.status).toBe(0);
    const token = result.stdout.trim();
    expect(token.length).toBeGreaterThan(20);
    const stored = readFileSync(join(dirname(tenantsPath), "tokens.json"), "utf8");
    expect(stored).toContain('"acme"');
    expect(stored).not.toContain(token); // a hash, never the token
  });

  it("tokens create for a tenant the file does not name is refused, naming the file", () => {
    const tenantsPath = writeTenantsFile([
      { id: "acme", apiKeyEnv: "ACME_KEY", baseUrl: "http://127.0.0.1:9" },
    ]);
    const result = run(["tokens", "create", "--tenant", "acne", "--tenants", tenantsPath]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`tenant "acne" is not in ${tenantsPath}`);
    expect(result.stdout).toBe("");
  });
});
