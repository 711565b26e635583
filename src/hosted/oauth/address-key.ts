/**
 * What a per-address limit counts. One IPv4 address is one budget. IPv6 is given out by the /64 (a
 * home line, a rented server each get at least one), so counting each address would hand anyone
 * 2^64 budgets: an IPv6 address counts by its /64. An IPv4 address written as IPv6
 * (`::ffff:198.51.100.9`, as a dual-stack socket reports it) is that IPv4 address.
 */
import { isIPv4, isIPv6 } from "node:net";

export function addressKey(address: string): string {
  const bare = address.trim().replace(/^\[(.*)\]$/, "$1");
  if (isIPv4(bare)) return bare;
  // A zone (fe80::1%eth0) names the host's interface, not another address.
  const ip = bare.split("%")[0]!;
  if (!isIPv6(ip)) return bare;
  const groups = ipv6Groups(ip);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.${groups[7]! & 0xff}`;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail read). */
function ipv6Groups(ip: string): number[] {
  let text = ip;
  const tail = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", rest] = text.split("::");
  const parse = (part: string) =>
    part === "" ? [] : part.split(":").map((group) => Number.parseInt(group, 16));
  const front = parse(head);
  if (rest === undefined) return front;
  const back = parse(rest);
  return [...front, ...Array(8 - front.length - back.length).fill(0), ...back];
}
