import { describe, expect, it } from "vitest";
import { parseBaseUrl } from "../../src/http/base-url.js";
import { apiPath, PathParameterError } from "../../src/http/path.js";

describe("apiPath", () => {
  it("prefixes /api/v1 and encodes parameters", () => {
    expect(apiPath`/customers/${"cus_1"}/summary`).toBe("/api/v1/customers/cus_1/summary");
    expect(apiPath`/customers/${"a/b?c#d%2e"}/summary`).toBe("/api/v1/customers/a%2Fb%3Fc%23d%252e/summary");
  });
  it.each(["", ".", "..", "a b", "a\u0000b", "a\u202Eb", "x".repeat(201)])("refuses %j", (id) => {
    expect(() => apiPath`/customers/${id}/summary`).toThrow(PathParameterError);
  });
});

describe("parseBaseUrl", () => {
  it("accepts https anywhere and http on loopback", () => {
    expect(parseBaseUrl("https://invoicing.example.com/").href).toBe("https://invoicing.example.com/");
    expect(parseBaseUrl("http://127.0.0.1:4010").host).toBe("127.0.0.1:4010");
    expect(parseBaseUrl("http://localhost:4010").host).toBe("localhost:4010");
    expect(parseBaseUrl("http://[::1]:4010").host).toBe("[::1]:4010");
  });
  it("drops a pasted /api/v1 suffix", () => {
    expect(parseBaseUrl("https://invoicing.example.com/api/v1/").pathname).toBe("/");
    expect(parseBaseUrl("https://example.com/invoicing/api/v1").pathname).toBe("/invoicing");
  });
  it.each([
    ["http://invoicing.example.com", /https:\/\//],
    ["ftp://127.0.0.1", /https:\/\//],
    ["invoicing.example.com", /not a URL/],
    ["https://user:pw@example.com", /user name or password/],
    ["https://example.com/?key=1", /query/],
  ])("refuses %s", (url, message) => {
    expect(() => parseBaseUrl(url)).toThrow(message);
  });
});
