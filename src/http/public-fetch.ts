/**
 * fetch for addresses someone else names (a client's metadata document URL): it connects only to
 * public unicast addresses. The check is on the address the connection is made to, after the name
 * is resolved, so neither a name that resolves to a private range (or loopback, or the cloud's
 * metadata service) nor one that resolves differently the second time can reach inside. A refused
 * address is never connected to at all, not even for a TCP handshake.
 */
import { type LookupAddress, type LookupOptions, lookup } from "node:dns";
import { BlockList, isIP } from "node:net";
import { Agent, fetch } from "undici";

/**
 * The IANA special-purpose ranges (IPv4 and IPv6 registries), multicast, and IPv4 in IPv6. Two
 * lists: a BlockList matches an IPv4 address against IPv4-mapped IPv6 rules too, and every IPv4
 * address is in ::ffff:0:0/96.
 */
const SPECIAL_USE_V4 = new BlockList();
const SPECIAL_USE_V6 = new BlockList();
for (const [prefix, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.31.196.0", 24],
  ["192.52.193.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["192.175.48.0", 24],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  SPECIAL_USE_V4.addSubnet(prefix, bits, "ipv4");
for (const [prefix, bits] of [
  ["::", 96], // ::, ::1 and the deprecated IPv4-compatible addresses
  ["::ffff:0:0", 96], // IPv4-mapped: the IPv4 address inside decides, and is refused here
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["3fff::", 20],
  ["5f00::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  SPECIAL_USE_V6.addSubnet(prefix, bits, "ipv6");

export function isSpecialUseAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true; // not an address at all: never connect
  return family === 4 ? SPECIAL_USE_V4.check(address, "ipv4") : SPECIAL_USE_V6.check(address, "ipv6");
}

export class SpecialUseAddressError extends Error {
  readonly code = "ESPECIALUSE";
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** dns.lookup, refusing every answer that holds a special-use address. */
function publicLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((entry) => isSpecialUseAddress(entry.address));
    if (refused || addresses.length === 0)
      return callback(
        new SpecialUseAddressError(
          `${hostname} resolves to a special-use address (${refused?.address ?? "none"})`,
        ),
        [],
      );
    if (options.all) return callback(null, addresses);
    const [first] = addresses as [LookupAddress];
    callback(null, first.address, first.family);
  });
}

const agent = new Agent({ connect: { lookup: publicLookup as never } });

/**
 * The same shape as fetch. `allowLoopbackHttp` is the tests' allowance (a metadata server on
 * https://127.0.0.1:PORT is fetched as plain http from this machine), never set by a deployment.
 */
export function publicFetch(options: { allowLoopbackHttp?: boolean } = {}) {
  return async (input: string | URL, init: RequestInit = {}): Promise<Response> => {
    const target = new URL(String(input));
    const { dispatcher: _ignored, ...rest } = init as RequestInit & { dispatcher?: unknown };
    const host = target.hostname.replace(/^\[(.*)\]$/, "$1");
    if (options.allowLoopbackHttp && target.protocol === "https:" && host === "127.0.0.1") {
      target.protocol = "http:";
      return (await fetch(target, rest as never)) as unknown as Response;
    }
    // A literal address is connected to without a lookup: check it here.
    if (isIP(host) !== 0 && isSpecialUseAddress(host))
      throw new SpecialUseAddressError(`${host} is a special-use address`);
    return (await fetch(target, { ...(rest as object), dispatcher: agent })) as unknown as Response;
  };
}
