/** `webhooks serve` options: the retention limits, the byte budget included. */
import { describe, expect, it } from "vitest";
import { parseServeArgs } from "../../src/webhooks/main.js";

describe("parseServeArgs", () => {
  it("defaults to 400 days, 20 000 events and 64 MiB", () => {
    expect(parseServeArgs([]).retention).toEqual({
      maxAgeDays: 400,
      maxEvents: 20_000,
      maxBytes: 64 * 1024 * 1024,
    });
  });

  it("takes --max-mib in MiB, 0 for no limit, and refuses anything else", () => {
    expect(parseServeArgs(["--max-mib", "8"]).retention.maxBytes).toBe(8 * 1024 * 1024);
    expect(parseServeArgs(["--max-mib=0"]).retention.maxBytes).toBe(0);
    expect(() => parseServeArgs(["--max-mib", "1.5"])).toThrow(/--max-mib must be a whole number/);
  });
});
