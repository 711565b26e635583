/**
 * `invoicing://events/recent`: the newest webhook events, as JSON. Clients may subscribe; while
 * anyone does, the inbox is watched and every change is announced with resources/updated. McpServer
 * leaves resources/subscribe to us, so the two handlers sit on its low-level server.
 */
import type { McpServer } from "@modelcontextprotocol/server";
import type { SignIn } from "../../config/principal.js";
import { InputError } from "../../domain/input-error.js";
import type { ContextHandle } from "../context-handle.js";
import { readLazily } from "./read-lazily.js";
import { assertSubscribable } from "./subscriptions.js";

export const EVENTS_URI = "invoicing://events/recent";

/** The resources a connection may watch (resources/subscriptions.ts): its own events, when it has them. */
export function subscribableUris(hasEvents: boolean): readonly string[] {
  return hasEvents ? [EVENTS_URI] : [];
}
const NEWEST = 50;

export function registerEventsResource(
  server: McpServer,
  context: ContextHandle,
  log: (message: string) => void,
  signIn: SignIn,
): void {
  server.registerResource(
    "recent-events",
    EVENTS_URI,
    {
      title: "Recent webhook events",
      description: `The ${NEWEST} newest events the webhook receiver stored (payments, invoices sent, reminders, new customers and expenses), newest first. Subscribe to hear when new ones arrive.`,
      mimeType: "application/json",
    },
    async (uri) => readLazily(uri, "recent_events", { limit: NEWEST }, context, log, signIn),
  );

  // Over stateless HTTP the hosted source has no watch: a subscription lives on a
  // subscriptions/listen stream, which the host feeds; a 2025 resources/subscribe has no connection
  // to deliver on. The source is the context's, made on the first request that needs it.
  const watcher = async () => {
    const source = (await context.full()).events;
    const watch = source?.watch?.bind(source);
    if (!watch)
      throw new InputError(
        "Over HTTP, subscribe with subscriptions/listen (protocol 2026-07-28); this endpoint keeps no sessions for resources/subscribe.",
      );
    return watch;
  };
  const subscribed = new Set<string>();
  let stopWatching: (() => void) | undefined;
  const announce = () => {
    for (const uri of subscribed) void server.server.sendResourceUpdated({ uri }).catch(() => undefined);
  };
  server.server.setRequestHandler("resources/subscribe", async (request) => {
    const watch = await watcher();
    assertSubscribable(request.params.uri, [EVENTS_URI]);
    subscribed.add(request.params.uri);
    if (request.params.uri === EVENTS_URI && !stopWatching) stopWatching = watch(announce);
    return {};
  });
  server.server.setRequestHandler("resources/unsubscribe", async (request) => {
    await watcher();
    subscribed.delete(request.params.uri);
    if (!subscribed.has(EVENTS_URI)) {
      stopWatching?.();
      stopWatching = undefined;
    }
    return {};
  });
}
