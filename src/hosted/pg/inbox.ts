/**
 * The webhook inbox shared by every instance: one PostgreSQL table. A delivery is inserted with
 * ON CONFLICT DO NOTHING on (tenant, body hash), so the same delivery arriving at two instances is
 * stored once, and the insert and its NOTIFY commit together before the receiver answers 200.
 */
import type { Pool } from "pg";
import type { EventSource } from "../../webhooks/event-source.js";
import type { InboxEvent, InboxQuery } from "../../webhooks/inbox.js";
import { cleanInboxEvent } from "../../webhooks/inbox-clean.js";
import type { AppendOutcome } from "../../webhooks/inbox-writer.js";
import { EVENTS_CHANNEL } from "./schema.js";

/** recent_events pages and sums over what it reads; this bounds one read. */
const MAX_READ = 10_000;

interface Row {
  id: string;
  received_at: Date;
  event: string;
  sent_timestamp: string;
  data: Record<string, unknown>;
}

export function pgInboxWriter(
  pool: Pool,
  tenant: string,
): { has(id: string): boolean; append(event: InboxEvent): Promise<AppendOutcome> } {
  return {
    // No cache to ask: the unique key decides, inside the insert.
    has: () => false,
    async append(event) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const inserted = await client.query(
          `INSERT INTO webhook_events (tenant, id, received_at, occurred_at, event, sent_timestamp, data)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (tenant, id) DO NOTHING`,
          [tenant, event.id, event.receivedAt, occurredAt(event), event.event, event.timestamp, event.data],
        );
        // Sent on commit, and only for a new event: every instance then tells this tenant's subscribers.
        if (inserted.rowCount === 1) await client.query("SELECT pg_notify($1, $2)", [EVENTS_CHANNEL, tenant]);
        await client.query("COMMIT");
        return inserted.rowCount === 1 ? "stored" : "duplicate";
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

export function pgEventSource(pool: Pool, tenant: string): EventSource {
  return {
    async read(query: InboxQuery) {
      const where = ["tenant = $1"];
      const params: unknown[] = [tenant];
      if (query.type !== undefined) {
        params.push([query.type].flat());
        where.push(`event = ANY($${params.length})`);
      }
      if (query.since) {
        params.push(query.since);
        where.push(`occurred_at >= $${params.length}`);
      }
      if (query.until) {
        params.push(query.until);
        where.push(`occurred_at < $${params.length}`);
      }
      const { rows } = await pool.query<Row>(
        `SELECT id, received_at, event, sent_timestamp, data FROM webhook_events
         WHERE ${where.join(" AND ")} ORDER BY occurred_at DESC, received_at DESC LIMIT ${MAX_READ}`,
        params,
      );
      // Cleaned and bounded as the file inbox's reader does: what a webhook sent is data.
      return rows.map((row) => {
        const { event, notes } = cleanInboxEvent({
          id: row.id,
          receivedAt: row.received_at.toISOString(),
          event: row.event,
          timestamp: row.sent_timestamp,
          data: row.data,
        });
        return notes.length > 0 ? { ...event, notes } : event;
      });
    },
  };
}

/** The envelope's timestamp as an instant (parseEnvelope accepted it, so it parses). */
function occurredAt(event: InboxEvent): Date {
  return new Date(event.timestamp);
}
