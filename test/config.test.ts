import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.js";

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
    });
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
});
