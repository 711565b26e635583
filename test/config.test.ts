import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config/load.js";

describe("loadConfig", () => {
  it("applies the documented defaults", () => {
    expect(loadConfig({})).toEqual({
      apiKey: undefined,
      baseUrl: undefined,
      timeZone: "Europe/Berlin",
      defaultTaxRate: 19,
      readOnly: false,
      timeoutMs: 15_000,
      inbox: undefined,
      webhookSecret: undefined,
      vatBasis: undefined,
      vatPermanentExtension: false,
    });
  });

  it("reads how VAT is filed: the basis in any case, and the permanent extension, from variables or flags", () => {
    expect(
      loadConfig({ INVOICING_VAT_BASIS: " Ist ", INVOICING_VAT_PERMANENT_EXTENSION: "true" }),
    ).toMatchObject({ vatBasis: "ist", vatPermanentExtension: true });
    expect(
      loadConfig({ INVOICING_VAT_BASIS: "ist" }, ["--vat-basis", "SOLL", "--vat-permanent-extension"]),
    ).toMatchObject({ vatBasis: "soll", vatPermanentExtension: true });
    expect(
      loadConfig({ INVOICING_VAT_PERMANENT_EXTENSION: "1" }, ["--no-vat-permanent-extension"]),
    ).toMatchObject({ vatPermanentExtension: false });
    const problems = (() => {
      try {
        loadConfig({ INVOICING_VAT_BASIS: "cash", INVOICING_VAT_PERMANENT_EXTENSION: "maybe" });
      } catch (error) {
        return (error as ConfigError).problems.join("\n");
      }
      return "";
    })();
    expect(problems).toMatch(/INVOICING_VAT_BASIS "cash" is not valid: expected "soll".*or "ist"/);
    expect(problems).toMatch(/INVOICING_VAT_PERMANENT_EXTENSION "maybe" is not valid/);
  });

  it("reads every variable", () => {
    const config = loadConfig({
      INVOICING_API_KEY: "sk_live_abc",
      INVOICING_BASE_URL: "https://invoicing.example.com",
      INVOICING_TIMEZONE: "America/New_York",
      INVOICING_DEFAULT_TAX_RATE: "0",
      INVOICING_READ_ONLY: "true",
      INVOICING_TIMEOUT_MS: "5000",
      INVOICING_INBOX: "/var/lib/invoicing/inbox.jsonl",
    });
    expect(config).toMatchObject({
      apiKey: "sk_live_abc",
      timeZone: "America/New_York",
      defaultTaxRate: 0,
      readOnly: true,
      timeoutMs: 5000,
    });
  });

  it("lets command-line twins win over the environment", () => {
    const config = loadConfig({ INVOICING_TIMEZONE: "Europe/Berlin" }, [
      "--timezone",
      "Europe/Vienna",
      "--read-only",
      "--timeout-ms=2000",
    ]);
    expect(config).toMatchObject({ timeZone: "Europe/Vienna", readOnly: true, timeoutMs: 2000 });
  });

  it("names every bad variable and what it expects", () => {
    try {
      loadConfig({
        INVOICING_TIMEZONE: "Mars/Olympus",
        INVOICING_DEFAULT_TAX_RATE: "nineteen",
        INVOICING_BASE_URL: "http://invoicing.example.com",
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const { problems } = error as ConfigError;
      expect(problems).toHaveLength(3);
      expect(problems.join("\n")).toMatch(/INVOICING_TIMEZONE "Mars\/Olympus".*IANA time zone/);
      expect(problems.join("\n")).toMatch(/INVOICING_DEFAULT_TAX_RATE "nineteen".*VAT percentage/);
      expect(problems.join("\n")).toMatch(/INVOICING_BASE_URL .*https:\/\//);
    }
  });

  it("refuses the key on the command line, and never repeats a key", () => {
    expect(() => loadConfig({}, ["--api-key", "sk_live_secret"])).toThrow(/INVOICING_API_KEY/);
    const error = (() => {
      try {
        loadConfig({}, ["--api-key=sk_live_secret"]);
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error?.message).not.toContain("sk_live_secret");
  });

  it.each([
    ["https://user:s3cretPass@invoicing.example.com"],
    ["http://admin:s3cretPass@invoicing.example.com/api/v1"],
    ["https://:s3cretPass@invoicing.example.com"],
    ["https://s3cretPass@invoicing.example.com?token=s3cretPass"],
    ["notaurl://user:s3cretPass@"],
    ["https://user:s3cretPass@exa mple.com"],
  ])("refuses a base URL with user-info without echoing it: %s", (url) => {
    const error = (() => {
      try {
        loadConfig({ INVOICING_BASE_URL: url });
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error?.message).toContain("INVOICING_BASE_URL");
    expect(error?.message).not.toContain("s3cretPass");
  });

  it.each([
    ["a line break", "sk_live_abc\ndef"],
    ["a trailing CR LF", "sk_live_abcdef\r\n"],
    ["a tab", "sk_live_abc\tdef"],
    ["a NUL", "sk_live_abc\u0000def"],
    ["a non-breaking space", "sk_live_abc\u00a0def"],
    ["typographic quotes", "\u201csk_live_abcdef\u201d"],
    ["an umlaut", "sk_live_abcdüf"],
  ])("refuses a key with %s, naming the variable and never the key", (_label, key) => {
    const error = (() => {
      try {
        loadConfig({ INVOICING_API_KEY: key });
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error?.message).toMatch(/INVOICING_API_KEY is not valid/);
    expect(error?.message).not.toContain("sk_live");
    expect(error?.message).not.toContain("abc");
  });

  it("accepts a key of printable ASCII", () => {
    expect(loadConfig({ INVOICING_API_KEY: "sk_live_AbC-123.xyz=" }).apiKey).toBe("sk_live_AbC-123.xyz=");
  });

  it("treats a variable the host left unfilled (its user_config placeholder) or empty as unset, with one line each", () => {
    const lines: string[] = [];
    const config = loadConfig(
      {
        // What an MCP Bundle host passes for an optional field the user never set (no default):
        // the placeholder as it stands in manifest.json; for a field cleared in its form, "".
        INVOICING_INBOX: "\u0024{user_config.inbox}",
        INVOICING_TIMEZONE: "",
        INVOICING_READ_ONLY: "\u0024{user_config.read_only}",
        INVOICING_API_KEY: "\u0024{user_config.api_key}",
        INVOICING_DEFAULT_TAX_RATE: "19",
      },
      [],
      (line) => lines.push(line),
    );
    expect(config).toMatchObject({
      inbox: undefined,
      timeZone: "Europe/Berlin",
      readOnly: false,
      apiKey: undefined,
    });
    expect(lines).toHaveLength(4);
    for (const name of [
      "INVOICING_INBOX",
      "INVOICING_TIMEZONE",
      "INVOICING_READ_ONLY",
      "INVOICING_API_KEY",
    ]) {
      expect(lines.filter((line) => line.includes(name))).toHaveLength(1);
    }
    for (const line of lines) expect(line).not.toContain("\n");
  });

  it("keeps a value that only mentions a dollar sign", () => {
    const lines: string[] = [];
    expect(loadConfig({ INVOICING_INBOX: "/tmp/$inbox.jsonl" }, [], (line) => lines.push(line)).inbox).toBe(
      "/tmp/$inbox.jsonl",
    );
    expect(lines).toEqual([]);
  });
});
