import { describe, expect, it } from "vitest";
import { forbiddenCause } from "../../src/doctor/answer.js";
import { clockCheck, MAX_SKEW_MS } from "../../src/doctor/clock.js";
import { unreachable } from "../../src/doctor/network.js";

describe("forbiddenCause: the service's words are the only hint between an expired key and no Pro plan", () => {
  it.each([
    ["Invalid or expired API key. Pro plan required.", "either"],
    ["API key expired.", "expired"],
    ["Der API-Schlüssel ist abgelaufen.", "expired"],
    ["Pro plan required.", "no-pro"],
    ["Please upgrade your subscription.", "no-pro"],
    ["Forbidden", "either"],
    ["", "either"],
  ] as const)("%j → %s", (message, cause) => {
    expect(forbiddenCause(message)).toBe(cause);
  });
});

describe("unreachable: each network failure in words", () => {
  const base = "https://invoicing.example.com";
  it.each([
    ["ENOTFOUND", /host name invoicing\.example\.com was not found \(DNS/],
    ["EAI_AGAIN", /was not found \(DNS, EAI_AGAIN\)/],
    ["TIMEOUT", /did not answer within 5000 ms/],
    ["UND_ERR_CONNECT_TIMEOUT", /did not answer within 5000 ms/],
    ["EHOSTUNREACH", /no network route/],
    ["ECONNRESET", /closed the connection before answering/],
    ["CERT_HAS_EXPIRED", /secure \(https\) connection .* failed \(CERT_HAS_EXPIRED\)/],
    ["ERR_TLS_CERT_ALTNAME_INVALID", /secure \(https\) connection/],
    ["EWHATEVER", /the connection to invoicing\.example\.com failed \(EWHATEVER\)/],
  ])("%s", (code, finding) => {
    const check = unreachable(code, base, 5000);
    expect(check.status).toBe("fail");
    expect(check.finding).toMatch(finding);
    expect(check.fix).toMatch(/\w{3}/);
  });
});

describe("clockCheck", () => {
  const at = (date: string | undefined, local: number) =>
    clockCheck({ date, sentAt: local - 20, receivedAt: local + 20 });
  const server = Date.parse("2026-11-22T09:15:00Z");

  it("is silent without a usable Date header", () => {
    expect(at(undefined, server)).toBeUndefined();
    expect(at("yesterday", server)).toBeUndefined();
  });

  it("accepts the header's one-second resolution and small offsets", () => {
    expect(at(new Date(server).toUTCString(), server + 900)?.status).toBe("ok");
    expect(at(new Date(server).toUTCString(), server + MAX_SKEW_MS - 1000)?.status).toBe("ok");
  });

  it("warns beyond two minutes, saying which way", () => {
    expect(at(new Date(server).toUTCString(), server + 5 * 60_000)).toMatchObject({
      status: "warn",
      finding: "this machine's clock is 5 minutes ahead of the service's",
    });
    expect(at(new Date(server).toUTCString(), server - 3 * 3_600_000)?.finding).toBe(
      "this machine's clock is 3 hours behind the service's",
    );
  });
});
