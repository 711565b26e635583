import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { serverJsonProblems } from "../../scripts/check-server-json.mjs";
import { loadConfig } from "../../src/config/load.js";
import { SANDBOX_VARIABLE } from "../../src/config/sandbox-mode.js";
import { FIELDS } from "../../src/config/settings.js";

interface Variable {
  name: string;
  description: string;
  isRequired?: boolean;
  isSecret?: boolean;
  default?: string;
}
interface ServerJson {
  name: string;
  description: string;
  version: string;
  packages: { registryType: string; version: string; environmentVariables: Variable[] }[];
  remotes: {
    type: string;
    url: string;
    variables?: Record<string, unknown>;
    headers?: (Variable & { value?: string; variables?: Record<string, unknown> })[];
  }[];
}

const server = JSON.parse(readFileSync(new URL("../../server.json", import.meta.url), "utf8")) as ServerJson;
const copy = (): ServerJson => structuredClone(server);
const npm = server.packages.find((p) => p.registryType === "npm")!;

describe("server.json (MCP Registry listing)", () => {
  it("is valid against the schema copy and agrees with package.json and manifest.json", () => {
    expect(serverJsonProblems()).toEqual([]);
  });

  it("is refused when it breaks the schema or disagrees with the package", () => {
    const long = copy();
    long.description = "x".repeat(101);
    expect(serverJsonProblems(long).join("\n")).toMatch(/schema: \/description/);
    const stale = copy();
    stale.packages[0]!.version = "0.0.9";
    expect(serverJsonProblems(stale).join("\n")).toMatch(/package version 0\.0\.9 is not/);
    const renamed = copy();
    renamed.name = "io.github.someone/else";
    expect(serverJsonProblems(renamed).join("\n")).toMatch(/mcpName/);
    const missing = copy();
    missing.packages.find((p) => p.registryType === "mcpb")!.environmentVariables.pop();
    expect(serverJsonProblems(missing).join("\n")).toMatch(/mcpb variables/);
  });

  it("lists for npm every variable the server reads (the webhook receiver's secret aside; the sandbox switch too), with the server's defaults", () => {
    const names = npm.environmentVariables.map((v) => v.name).sort();
    const read = Object.values(FIELDS)
      .map((field) => field.env)
      .filter((n) => n !== "INVOICING_WEBHOOK_SECRET");
    expect(names).toEqual([...read, SANDBOX_VARIABLE].sort());
    const defaults = loadConfig({}, [], () => {});
    const byName = Object.fromEntries(npm.environmentVariables.map((v) => [v.name, v.default]));
    expect(byName.INVOICING_TIMEZONE).toBe(defaults.timeZone);
    expect(byName.INVOICING_READ_ONLY).toBe(String(defaults.readOnly));
    expect(byName.INVOICING_DEFAULT_TAX_RATE).toBe(String(defaults.defaultTaxRate));
    expect(byName.INVOICING_TIMEOUT_MS).toBe(String(defaults.timeoutMs));
    expect(npm.environmentVariables.filter((v) => v.isSecret).map((v) => v.name)).toEqual([
      "INVOICING_API_KEY",
    ]);
  });

  it("lists the hosted endpoint as a remote: Streamable HTTP at a template URL the operator fills in, with the bearer token as a secret", () => {
    expect(server.remotes).toEqual([
      expect.objectContaining({ type: "streamable-http", url: "https://{host}/mcp" }),
    ]);
    const unfilled = copy();
    delete unfilled.remotes[0]!.variables;
    expect(serverJsonProblems(unfilled).join("\n")).toMatch(/\{host\} is not among its variables/);
    const elsewhere = copy();
    elsewhere.remotes[0]!.url = "https://{host}/sse";
    expect(serverJsonProblems(elsewhere).join("\n")).toMatch(/is not https:\/\/…\/mcp/);
    const open = copy();
    open.remotes[0]!.headers![0]!.isSecret = false;
    expect(serverJsonProblems(open).join("\n")).toMatch(/no required, secret Authorization header/);
    const untemplated = copy();
    untemplated.remotes[0]!.headers![0]!.value = "Bearer {secret}";
    expect(serverJsonProblems(untemplated).join("\n")).toMatch(/\{secret\} is not among its variables/);
  });
});
