/**
 * `invoicing://events/recent`: the newest webhook events, as JSON. Clients may subscribe; while
 * anyone does, the inbox is watched and every change is announced with resources/updated. McpServer
 * leaves resources/subscribe to us, so the two handlers sit on its low-level server.
 */
import type { McpServer } from "@modelcontextprotocol/server";
import { watchInbox } from "../../webhooks/inbox.js";
import type { ToolContext } from "../context.js";
import { recentEventsTool } from "../tools/recent-events.js";
import { readAsJson } from "./read.js";

export const EVENTS_URI = "invoicing://events/recent";
const NEWEST = 50;

export function registerEventsResource(server: McpServer, context: ToolContext, inboxPath: string): void {
  server.registerResource(
    "recent-events",
    EVENTS_URI,
    {
      title: "Recent webhook events",
      description: `The ${NEWEST} newest events the webhook receiver stored (payments, invoices sent, reminders, new customers and expenses), newest first. Subscribe to hear when new ones arrive.`,
      mimeType: "application/json",
    },
    async (uri) => readAsJson(uri, recentEventsTool, { limit: NEWEST }, context),
  );

  const subscribed = new Set<string>();
  let stopWatching: (() => void) | undefined;
  const announce = () => {
    for (const uri of subscribed) void server.server.sendResourceUpdated({ uri }).catch(() => undefined);
  };
  server.server.setRequestHandler("resources/subscribe", async (request) => {
    subscribed.add(request.params.uri);
    if (request.params.uri === EVENTS_URI && !stopWatching) stopWatching = watchInbox(inboxPath, announce);
    return {};
  });
  server.server.setRequestHandler("resources/unsubscribe", async (request) => {
    subscribed.delete(request.params.uri);
    if (!subscribed.has(EVENTS_URI)) {
      stopWatching?.();
      stopWatching = undefined;
    }
    return {};
  });
}
