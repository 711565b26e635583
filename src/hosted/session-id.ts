/**
 * A 2025-era client over this stateless endpoint sends `initialize` once, and every later request
 * reaches a fresh server that never saw it. What the client announced there and what changes what
 * it is offered (MCP Apps views) travels in the session id the initialize answer gives it, which
 * the protocol has it send with every later request, so any instance can read it back: no instance
 * needs to remember a session. It carries no authority (a client could announce the same in its
 * initialize), so it needs no signature: a random part makes it unique, as the spec asks, and the
 * rest is what was announced.
 */
import { randomUUID } from "node:crypto";

export interface Announced {
  /** The client renders MCP Apps views (io.modelcontextprotocol/ui, the HTML profile). */
  views: boolean;
}

const FORMAT = /^[0-9a-f-]{36}\.v1\.(ui|-)$/;

export function sessionIdFor(announced: Announced): string {
  return `${randomUUID()}.v1.${announced.views ? "ui" : "-"}`;
}

/** What a session id of ours says was announced; undefined for none, or one that is not ours. */
export function announcedIn(sessionId: string | string[] | undefined): Announced | undefined {
  const match = typeof sessionId === "string" ? FORMAT.exec(sessionId) : null;
  return match ? { views: match[1] === "ui" } : undefined;
}
