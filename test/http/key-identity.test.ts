import { describe, expect, it } from "vitest";
import { keyIdentity } from "../../src/http/key-identity.js";

describe("a key's identity", () => {
  it("is the same for the same key and service, and differs by service", () => {
    const base = "https://invoicing.example.com";
    expect(keyIdentity(base, "sk_test_123")).toBe(keyIdentity(base, "sk_test_123"));
    expect(keyIdentity(base, "sk_test_123")).not.toBe(
      keyIdentity("https://other.example.com", "sk_test_123"),
    );
    expect(keyIdentity(base, "sk_test_123")).not.toBe(keyIdentity(base, "sk_test_124"));
  });

  it("never carries the key, and stays the hash that stored tenant ids were made from", () => {
    const identity = keyIdentity("https://invoicing.example.com/api/v1", "sk_test_123");
    expect(identity).not.toContain("sk_test_123");
    // An OAuth person's tenant id is derived from it and stored: a changed hash would orphan them.
    expect(identity).toBe("5376be2dd6d0c844f36fa49365270ce0c4a3eaf6b16b110a534346b50cb05716");
  });
});
