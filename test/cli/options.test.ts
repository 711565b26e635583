import { describe, expect, it } from "vitest";
import { parseOptions, UsageError } from "../../src/cli/options.js";
import { ConfigError, loadConfig } from "../../src/config/load.js";

const SPEC = { port: { type: "string" }, "read-only": { type: "boolean" } } as const;
const parse = (argv: string[]) => parseOptions(argv, SPEC, "usage: x");
const refusal = (argv: string[]) => {
  try {
    parse(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`accepted ${argv.join(" ")}`);
};

describe("parseOptions (strict, every mode)", () => {
  it("reads values in both forms and switches in every explicit form", () => {
    expect(parse(["--port", "80"])).toEqual({ port: "80" });
    expect(parse(["--port=80"])).toEqual({ port: "80" });
    expect(parse(["--read-only"])).toEqual({ "read-only": true });
    expect(parse(["--no-read-only"])).toEqual({ "read-only": false });
    expect(parse(["--read-only=false"])).toEqual({ "read-only": false });
    expect(parse(["--read-only=TRUE"])).toEqual({ "read-only": true });
    expect(parse([])).toEqual({});
  });

  it("refuses an unknown flag, naming it, instead of ignoring it", () => {
    expect(refusal(["--prot", "80"])).toMatch(/^unknown option --prot\n\nusage: x/);
  });

  it("refuses a switch with a separate value, which would otherwise turn it on", () => {
    expect(refusal(["--read-only", "false"])).toMatch(
      /unexpected argument "false" \(--read-only is a switch.*--no-read-only/,
    );
    expect(refusal(["--read-only=maybe"])).toMatch(/--read-only=maybe: expected true or false/);
  });

  it("refuses a missing value, also when the next word is another flag", () => {
    expect(refusal(["--port"])).toMatch(/--port needs a value/);
    expect(refusal(["--port", "--read-only"])).toMatch(
      /--port needs a value \(the next word is another option\)/,
    );
    expect(refusal(["--port="])).toMatch(/--port needs a value/);
  });

  it("never takes the API key from the command line, and never repeats it", () => {
    const message = refusal(["--api-key=sk_live_secret"]);
    expect(message).toMatch(/INVOICING_API_KEY/);
    expect(message).not.toContain("sk_live_secret");
  });
});

describe("the server's command line (loadConfig)", () => {
  it("a misspelt flag is an error, not a run in the default zone", () => {
    expect(() => loadConfig({}, ["--timezon", "Europe/Paris"])).toThrow(ConfigError);
    expect(() => loadConfig({}, ["--timezon", "Europe/Paris"])).toThrow(/unknown option --timezon/);
    expect(loadConfig({}, ["--timezone", "Europe/Paris"]).timeZone).toBe("Europe/Paris");
  });

  it("--read-only false is refused; --read-only=false and --no-read-only turn writes on over the env", () => {
    expect(() => loadConfig({}, ["--read-only", "false"])).toThrow(/unexpected argument "false"/);
    expect(loadConfig({ INVOICING_READ_ONLY: "true" }, ["--read-only=false"]).readOnly).toBe(false);
    expect(loadConfig({ INVOICING_READ_ONLY: "true" }, ["--no-read-only"]).readOnly).toBe(false);
    expect(loadConfig({}, ["--read-only"]).readOnly).toBe(true);
    expect(loadConfig({}, ["--sandbox"]).readOnly).toBe(false);
  });
});
