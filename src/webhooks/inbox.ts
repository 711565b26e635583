/**
 * The inbox as the MCP server sees it: events the receiver stored, read from any number of
 * processes while the receiver writes. The format and retention are described in ./README.md.
 *
 *   const events = await readInbox(path, { type: "invoice.paid", since: mondayMorning });
 *   const stop = watchInbox(path, () => notifySubscribers());
 */
import { homedir } from "node:os";
import { join } from "node:path";
import type { Env } from "../config/environment.js";

export type { InboxEvent } from "./inbox-format.js";
export { type InboxQuery, readInbox } from "./inbox-reader.js";
export { watchInbox } from "./inbox-watch.js";

/**
 * Where `invoicing-mcp webhooks serve` keeps its inbox unless told otherwise: INVOICING_INBOX,
 * else `~/.invoicing-mcp/inbox.jsonl` (the same shape on macOS, Windows and Linux).
 */
export function defaultInboxPath(env: Env, home = homedir()): string {
  const configured = env.INVOICING_INBOX?.trim();
  return configured ? configured : join(home, ".invoicing-mcp", "inbox.jsonl");
}
