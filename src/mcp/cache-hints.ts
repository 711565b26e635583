/**
 * How long a client may keep what this server lists, and whether it may share it (the cache fields
 * of the 2026-07-28 protocol, `ttlMs` and `cacheScope`; the SDK fills them in on 2026-era answers
 * only). Private wherever the answer depends on who asks: the tools, prompts and instructions a
 * caller gets follow its scopes and read-only setting, and the resources list names its customers.
 * The lifetimes follow how often each answer really changes: the lists of tools, prompts and
 * templates with a new version or a change of the caller's settings; the resources list whenever a
 * customer is created; the documents that ship with the package (the views, the skill) only with
 * a new version, and they are the same for everyone. Reports and events are read live (the SDK's
 * default: immediately stale, private).
 */
import type { CacheHint } from "@modelcontextprotocol/server";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** What follows the caller's scopes and settings, which change rarely and never mid-conversation. */
const PER_CALLER: CacheHint = { ttlMs: HOUR, cacheScope: "private" };

export const CACHE_HINTS = {
  "tools/list": PER_CALLER,
  "prompts/list": PER_CALLER,
  "server/discover": PER_CALLER,
  // The customers' summaries and hours are listed: a new customer should show within a minute.
  "resources/list": { ttlMs: MINUTE, cacheScope: "private" },
  // The same four templates for everyone.
  "resources/templates/list": { ttlMs: HOUR, cacheScope: "public" },
} satisfies Record<string, CacheHint>;

/** A document that ships with the package: the same for everyone until the next version. */
export const SHIPPED_DOCUMENT: CacheHint = { ttlMs: 24 * HOUR, cacheScope: "public" };
