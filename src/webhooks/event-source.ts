/**
 * Where recent_events and the events resource read webhook events from. On one machine that is the
 * JSON Lines inbox the receiver writes; in the hosted mode with PostgreSQL, the shared table. A
 * source that can `watch` announces changes itself (stdio subscriptions); one that cannot leaves
 * announcing to its host (the hosted mode's LISTEN/NOTIFY).
 */
import { type InboxEvent, type InboxQuery, readInbox, watchInbox } from "./inbox.js";

export interface EventSource {
  /** Matching events, newest first. */
  read(query: InboxQuery): Promise<InboxEvent[]>;
  /** Calls `onChange` after new events arrived; returns the function that stops watching. */
  watch?(onChange: () => void): () => void;
}

export function inboxFileSource(path: string): EventSource {
  return {
    read: (query) => readInbox(path, query),
    watch: (onChange) => watchInbox(path, onChange),
  };
}
