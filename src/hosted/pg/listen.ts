/**
 * LISTEN on the events channel over one dedicated connection: a new event stored by any instance
 * arrives here as the tenant's id, and becomes resources/updated on that tenant's listen streams
 * on this instance. The connection is re-opened after a loss; events stored meanwhile are still
 * in the table, only their announcement is missed.
 */
import pg from "pg";
import { EVENTS_CHANNEL } from "./schema.js";

export interface EventListener {
  close(): Promise<void>;
}

export async function listenForEvents(
  url: string,
  onEvent: (tenant: string) => void,
  log: (message: string) => void,
): Promise<EventListener> {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let down = false;

  const open = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => {
      if (message.channel === EVENTS_CHANNEL && message.payload) onEvent(message.payload);
    });
    const lost = (why: string) => {
      if (closed || client !== next) return;
      client = undefined;
      // Once per outage, not once per attempt: the retry below runs every second while it lasts.
      if (!down) log(`invoicing-mcp: event notifications lost (${why}); reconnecting every second`);
      down = true;
      next.end().catch(() => undefined);
      retry = setTimeout(() => void open().catch(() => lost("reconnect failed")), 1_000);
      retry.unref();
    };
    next.on("error", (error) => lost(error.message));
    next.on("end", () => lost("connection ended"));
    client = next;
    await next.connect();
    await next.query(`LISTEN ${EVENTS_CHANNEL}`);
    if (down) log("invoicing-mcp: event notifications restored");
    down = false;
  };

  await open();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
