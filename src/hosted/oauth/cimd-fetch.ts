/**
 * How client metadata documents are fetched: within oidc-provider's bounds (5 KiB, 2.5 s, no
 * redirects), and only from public addresses, checked on the address actually connected to
 * (src/http/public-fetch.ts). The test-only allowance INVOICING_OAUTH_TEST_LOOPBACK_CIMD=1 lets a
 * client id on https://127.0.0.1:PORT be fetched over plain http from this machine (the tests' local
 * metadata server); the server refuses to start with it unless its own public URL is on loopback.
 */
import type { Configuration } from "oidc-provider";
import { publicFetch } from "../../http/public-fetch.js";

export function cimdFetch(allowLoopbackForTests: boolean): Configuration["fetch"] {
  return publicFetch({ allowLoopbackHttp: allowLoopbackForTests }) as unknown as Configuration["fetch"];
}
