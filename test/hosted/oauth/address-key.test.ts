/** What a per-address limit counts: an IPv4 address, an IPv6 address's /64, a mapped IPv4 as IPv4. */
import { describe, expect, it } from "vitest";
import { addressKey } from "../../../src/hosted/oauth/address-key.js";

describe("addressKey", () => {
  it.each([
    ["198.51.100.9", "198.51.100.9"],
    ["::ffff:198.51.100.9", "198.51.100.9"],
    ["::FFFF:c633:6409", "198.51.100.9"],
    ["0:0:0:0:0:ffff:198.51.100.9", "198.51.100.9"],
    ["2001:db8:77:1::1", "2001:db8:77:1::/64"],
    ["2001:db8:77:1::14", "2001:db8:77:1::/64"],
    ["2001:0db8:0077:0001:ffff:ffff:ffff:ffff", "2001:db8:77:1::/64"],
    ["[2001:db8:77:1:a:b:c:d]", "2001:db8:77:1::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["2001:db8:0:0:1::", "2001:db8:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["::", "0:0:0:0::/64"],
    ["64:ff9b::198.51.100.9", "64:ff9b:0:0::/64"],
    ["unknown", "unknown"],
  ])("%s counts as %s", (address, key) => {
    expect(addressKey(address)).toBe(key);
  });

  it("two addresses of one /64 share a key; of neighbouring /64s they do not", () => {
    expect(addressKey("2001:db8:77:1::1")).toBe(addressKey("2001:db8:77:1:ffff::9"));
    expect(addressKey("2001:db8:77:1::1")).not.toBe(addressKey("2001:db8:77:2::1"));
  });
});
