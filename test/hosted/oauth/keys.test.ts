import { describe, expect, it } from "vitest";
import { ConfigError } from "../../../src/config/load.js";
import { parseDataKeys } from "../../../src/hosted/oauth/keys.js";
import { pickLanguage } from "../../../src/hosted/oauth/language.js";
import { memoryLimits } from "../../../src/hosted/oauth/rate-limit.js";

const key = (byte: number) => Buffer.alloc(32, byte).toString("base64");

describe("data keys", () => {
  it("seal and open a value bound to its row, with the key id in the sealed text", () => {
    const keys = parseDataKeys(`k1:${key(1)}`);
    const sealed = keys.encrypt("sk_live_secret", "oa-1");
    expect(sealed.startsWith("v1.k1.")).toBe(true);
    expect(sealed).not.toContain("sk_live_secret");
    expect(keys.decrypt(sealed, "oa-1")).toBe("sk_live_secret");
    expect(() => keys.decrypt(sealed, "oa-2")).toThrow(/does not decrypt with key "k1"/);
  });

  it("rotate: the new key seals, the old one still opens, and a missing one is named", () => {
    const old = parseDataKeys(`k1:${key(1)}`);
    const sealed = old.encrypt("value", "row");
    const both = parseDataKeys(`k2:${key(2)},k1:${key(1)}`);
    expect(both.decrypt(sealed, "row")).toBe("value");
    expect(both.isCurrent(sealed)).toBe(false);
    expect(both.isCurrent(both.encrypt("value", "row"))).toBe(true);
    expect(() => parseDataKeys(`k2:${key(2)}`).decrypt(sealed, "row")).toThrow(/key "k1"/);
  });

  it("refuse a missing, short or malformed key list with what to do", () => {
    expect(() => parseDataKeys(undefined)).toThrow(ConfigError);
    expect(() => parseDataKeys(`k1:${Buffer.alloc(16).toString("base64")}`)).toThrow(/32 bytes/);
    expect(() => parseDataKeys("no-colon")).toThrow(/id:base64/);
    expect(() => parseDataKeys(`k1:${key(1)},k1:${key(2)}`)).toThrow(/twice/);
  });
});

describe("page language", () => {
  it("follows Accept-Language by quality, German or English", () => {
    expect(pickLanguage("de-DE,de;q=0.9,en;q=0.8")).toBe("de");
    expect(pickLanguage("en-US,de;q=0.5")).toBe("en");
    expect(pickLanguage("fr,de;q=0.4")).toBe("de");
    expect(pickLanguage("en;q=0.2,de;q=0.7")).toBe("de");
    expect(pickLanguage(undefined)).toBe("en");
    expect(pickLanguage("de;q=0")).toBe("en");
  });
});

describe("per-address limit", () => {
  it("refuses past the limit within the window and forgives after it", async () => {
    let now = 0;
    const limiter = memoryLimits(() => now)("sign-in", 2, 1_000);
    expect([await limiter.take("a"), await limiter.take("a"), await limiter.take("a")]).toEqual([
      true,
      true,
      false,
    ]);
    expect(await limiter.take("b")).toBe(true);
    now = 1_000;
    expect(await limiter.take("a")).toBe(true);
  });
});
