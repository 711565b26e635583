/**
 * Which resources a connection may watch. Only the webhook events change by themselves, and each
 * caller's events are its own (a hosted tenant's resource URIs name nothing of another's), so a
 * subscription to anything else (another tenant's customer, a made-up URI) is refused rather than
 * acknowledged and never served. The same rule for resources/subscribe (stdio and 2025-era HTTP) and
 * for the resource URIs of a 2026-era subscriptions/listen.
 */
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";

/** Why these URIs cannot be watched on this connection; undefined when they all can. */
export function subscriptionRefusal(
  requested: readonly string[],
  own: readonly string[],
): string | undefined {
  const foreign = requested.filter((uri) => !own.includes(uri));
  if (foreign.length === 0) return undefined;
  const named = foreign.slice(0, 3).join(", ");
  return own.length === 0
    ? `This server announces no resource changes (it has no stored webhook events), so ${named} cannot be subscribed to. Read a resource again to see what changed.`
    : `You can subscribe only to ${own.join(", ")}, your own webhook events (the one resource that changes by itself), not to ${named}. Read other resources again to see what changed.`;
}

/** Throws the protocol's invalid-params error when `uri` is not one this connection may watch. */
export function assertSubscribable(uri: string, own: readonly string[]): void {
  const refusal = subscriptionRefusal([uri], own);
  if (refusal) throw new ProtocolError(ProtocolErrorCode.InvalidParams, refusal);
}
