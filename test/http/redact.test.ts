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

describe("keyRedactor's quick check (a rolling hash before the regular expressions)", () => {
  // A small seeded generator, so a failure repeats.
  function random(seed: number) {
    let state = seed;
    return (n: number) => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return (state >>> 8) % n;
    };
  }
  const ALPHABET = 'abcXYZ019_-+/=:% "\\{}ſKéÉİıΣσ\u{1F600}\n';

  /** Random text with traces of the key in some of the forms the redactor knows, or none. */
  function text(key: string, next: (n: number) => number): string {
    let out = "";
    for (let part = 0; part < 6; part++) {
      for (let i = next(12); i > 0; i--) out += ALPHABET[next(ALPHABET.length)];
      const start = next(key.length);
      const piece = key.slice(start, start + 6 + next(key.length));
      const forms = [
        piece,
        piece.toUpperCase(),
        [...piece].map((char, i) => (i % 2 ? char.toUpperCase() : char.toLowerCase())).join(""),
        encodeURIComponent(piece),
        b64(`${"x".repeat(next(3))}${piece}`),
        b64(`Bearer ${piece}`, "base64url"),
        piece.slice(0, 7),
        "",
      ];
      out += forms[next(forms.length)];
    }
    return out;
  }

  it.each([
    ["a live key", KEY],
    ["a key URL encoding changes", "ab+cd/ef=gh+ij/kl=="],
    ["a mixed-case key", "AbCdEfGh_IjKlMnOp-12345"],
    ["a key with non-ASCII letters", "schlüssel-ÄÖÜ-straße-9"],
    ["a short key", "Ab1x9Z"],
  ])("redacts exactly as the regular expressions alone: %s", (_label, key) => {
    const quick = keyRedactor(key);
    const slow = keyRedactor(key, { quickCheck: false });
    const next = random(key.length);
    let redacted = 0;
    for (let i = 0; i < 3000; i++) {
      const sample = text(key, next);
      const expected = slow(sample);
      if (expected !== sample) redacted++;
      expect(quick(sample)).toBe(expected);
    }
    expect(redacted).toBeGreaterThan(1000); // the samples do hold traces, not only clean text
  });
});
