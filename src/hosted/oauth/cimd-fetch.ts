/**
 * How client metadata documents are fetched: oidc-provider's own bounded fetch (5 KiB, 2.5 s, no
 * redirects, special-use addresses refused). Only when the operator sets the test-only allowance
 * INVOICING_OAUTH_TEST_LOOPBACK_CIMD=1 is a client id on https://127.0.0.1:PORT fetched over plain
 * http from this machine (the tests' local metadata server); never by default.
 */
import type { Configuration } from "oidc-provider";

export function cimdFetch(allowLoopbackForTests: boolean): Configuration["fetch"] | undefined {
  if (!allowLoopbackForTests) return undefined;
  return (url, options) => {
    const target = new URL(String(url));
    if (target.protocol === "https:" && target.hostname === "127.0.0.1") {
      target.protocol = "http:";
      const { dispatcher: _dispatcher, ...rest } = options as RequestInit & { dispatcher?: unknown };
      return globalThis.fetch(target, rest);
    }
    return globalThis.fetch(url, options);
  };
}
