/** --sandbox and INVOICING_SANDBOX: which one wins, and how the bundle's switch arrives. */
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/config/errors.js";
import { sandboxRequested } from "../../src/config/sandbox-mode.js";

const ask = (env: Record<string, string>, argv: string[] = []) => {
  const notices: string[] = [];
  return { on: sandboxRequested(env, argv, (line) => notices.push(line)), notices };
};

describe("the sandbox switch", () => {
  it.each([
    ["true", true],
    [" YES ", true],
    ["1", true],
    ["false", false],
    ["no", false],
    ["0", false],
  ])("INVOICING_SANDBOX=%j is %s", (value, on) => {
    expect(ask({ INVOICING_SANDBOX: value })).toEqual({ on, notices: [] });
  });

  it("is off when unset, and off with one notice when empty or a placeholder the host left", () => {
    expect(ask({})).toEqual({ on: false, notices: [] });
    expect(ask({ INVOICING_SANDBOX: "" }).notices).toEqual([
      "invoicing-mcp: INVOICING_SANDBOX is empty: treated as unset",
    ]);
    const left = ask({ INVOICING_SANDBOX: "\u0024{user_config.sandbox}" });
    expect(left.on).toBe(false);
    expect(left.notices).toEqual([
      "invoicing-mcp: INVOICING_SANDBOX is a placeholder the MCP host did not fill in: treated as unset",
    ]);
  });

  it("the command line wins over the environment, both ways", () => {
    expect(ask({ INVOICING_SANDBOX: "false" }, ["--sandbox"]).on).toBe(true);
    expect(ask({ INVOICING_SANDBOX: "true" }, ["--no-sandbox"]).on).toBe(false);
    expect(ask({ INVOICING_SANDBOX: "true" }, ["--sandbox=false"]).on).toBe(false);
  });

  it("refuses a value that is neither, naming the variable", () => {
    expect(() => ask({ INVOICING_SANDBOX: "maybe" })).toThrow(ConfigError);
    expect(() => ask({ INVOICING_SANDBOX: "maybe" })).toThrow(/INVOICING_SANDBOX "maybe" is not valid/);
  });
});
