/**
 * API keys of the sandbox. They look like real secret keys (a prefix and 32 random characters)
 * and are derived from the seed, so a test or a demo script can rely on them between runs.
 */
import { createRandom, deriveSeed } from "./seed/prng.js";

export interface SandboxKeys {
  /** The demo account with a full year of data. */
  demo: string;
  /** A second, small account: data never mixes with demo. */
  other: string;
  /** A key of the demo account that has expired: 403. */
  expired: string;
  /** A valid key of an account without the Pro plan: 403. */
  noPro: string;
}

export type AccountId = "demo" | "other";

export type KeyVerdict =
  | { kind: "ok"; account: AccountId }
  | { kind: "unauthenticated" }
  | { kind: "forbidden"; reason: "expired" | "no-pro" };

export function createKeys(seed: number): SandboxKeys {
  const random = createRandom(deriveSeed(seed, "keys"));
  const key = (label: string) => `sk_sandbox_${label}_${random.token(32)}`;
  return { demo: key("demo"), other: key("other"), expired: key("expired"), noPro: key("nopro") };
}

/** Bearer token from an Authorization header; undefined when absent or not a Bearer header. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1];
}

/**
 * More keys of the demo account (SandboxOptions.demoKeys), from a random stream of their own so the
 * four keys above stay the same whatever the count: several tenants of a hosted server with the same
 * data, each key with its own rate limit, as the service counts per key.
 */
export function createMoreDemoKeys(seed: number, count: number): string[] {
  const random = createRandom(deriveSeed(seed, "more demo keys"));
  return Array.from({ length: count }, (_, i) => `sk_sandbox_demo${i + 2}_${random.token(32)}`);
}

export function verifyKey(
  keys: SandboxKeys,
  token: string | undefined,
  moreDemo: readonly string[] = [],
): KeyVerdict {
  switch (token) {
    case undefined:
      return { kind: "unauthenticated" };
    case keys.demo:
      return { kind: "ok", account: "demo" };
    case keys.other:
      return { kind: "ok", account: "other" };
    case keys.expired:
      return { kind: "forbidden", reason: "expired" };
    case keys.noPro:
      return { kind: "forbidden", reason: "no-pro" };
    default:
      return moreDemo.includes(token) ? { kind: "ok", account: "demo" } : { kind: "unauthenticated" };
  }
}
