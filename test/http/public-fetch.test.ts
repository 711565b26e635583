import { describe, expect, it } from "vitest";
import { isSpecialUseAddress, publicFetch } from "../../src/http/public-fetch.js";

describe("special-use addresses (fetching what a client names)", () => {
  it.each([
    "127.0.0.1",
    "127.255.1.2",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254", // the cloud metadata service
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "::127.0.0.1",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "ff02::1",
    "2001:db8::1",
    "64:ff9b::a00:1",
    "not an address",
  ])("%s is refused", (address) => {
    expect(isSpecialUseAddress(address)).toBe(true);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.32.0.1",
    "192.169.0.1",
    "100.128.0.1",
    "2606:4700:4700::1111",
    "2a00:1450::1",
  ])("%s is public", (address) => {
    expect(isSpecialUseAddress(address)).toBe(false);
  });

  it("never connects to a name that resolves to loopback, or to a literal special-use address", async () => {
    const fetcher = publicFetch();
    await expect(fetcher("https://localhost:9/doc.json")).rejects.toThrow();
    await expect(fetcher("https://127.0.0.1:9/doc.json")).rejects.toThrow(/special-use/);
    await expect(fetcher("https://[::1]:9/doc.json")).rejects.toThrow(/special-use/);
  });
});
