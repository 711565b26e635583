import { describe, expect, it } from "vitest";
import { keyRedactor } from "../../src/http/redact.js";

const KEY = "sk_live_9f8e7d6c5b4a39281706f5e4d3c2b1a0";
const redact = keyRedactor(KEY);
const b64 = (text: string, form: BufferEncoding = "base64") => Buffer.from(text).toString(form);

describe("keyRedactor: the key in every form a service might echo it", () => {
  it.each([
    ["exact", KEY],
    ["lower case", KEY.toLowerCase()],
    ["upper case", KEY.toUpperCase()],
    ["a prefix of 8", KEY.slice(0, 8)],
    ["a prefix of 20", KEY.slice(0, 20)],
    ["a middle part", KEY.slice(11, 23)],
    ["a suffix, upper case", KEY.slice(-10).toUpperCase()],
    ["URL-encoded", encodeURIComponent(KEY)],
    ["base64", b64(KEY)],
    ["base64 after 'Bearer '", b64(`Bearer ${KEY}`)],
    ["base64 after 'u:'", b64(`u:${KEY}`)],
    ["base64url", b64(`xy${KEY}`, "base64url")],
  ])("%s", (_label, form) => {
    const text = redact(`before ${form} after`);
    expect(text).toMatch(/^before .*\[redacted\].* after$/);
    expect(text.toLowerCase()).not.toContain(KEY.toLowerCase().slice(0, 8));
    // What is left is the encoded context ("Bearer ", "u:") and padding, never a run of the key.
    const left = text.slice("before ".length, -" after".length).replace("[redacted]", "");
    expect(left.length).toBeLessThanOrEqual(12);
  });

  it("a key with characters that URL encoding changes", () => {
    const key = "ab+cd/ef=gh+ij/kl==";
    const text = keyRedactor(key)(`k=${encodeURIComponent(key)}&K=${encodeURIComponent(key).toLowerCase()}`);
    expect(text).toBe("k=[redacted]&K=[redacted]");
  });

  it("leaves other text alone, and a 7-character fragment is not a trace", () => {
    expect(redact("Invalid or expired API key. Pro plan required.")).toBe(
      "Invalid or expired API key. Pro plan required.",
    );
    expect(redact(`id ${KEY.slice(3, 10)}`)).toBe(`id ${KEY.slice(3, 10)}`);
  });

  it("a short key is redacted in its exact form, case-insensitively", () => {
    expect(keyRedactor("abc123")("x ABC123 y abc123")).toBe("x [redacted] y [redacted]");
  });
});
