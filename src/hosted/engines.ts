/**
 * The hosted mode's shared engines, opened in one order at start: the rate budget (in memory, or
 * Redis with INVOICING_REDIS_URL), then the webhook inbox (PostgreSQL with INVOICING_DATABASE_URL:
 * the pool, the schema check, the notifications of events any instance stored). An engine that
 * cannot be reached, or an unmigrated database, stops the start, and whatever was opened before it
 * is closed, so nothing keeps a failed start alive.
 */
import type { EventEmitter } from "node:events";
import type { Pool } from "pg";
import type { DetailsStore } from "../profiles/details.js";
import type { EventSource } from "../webhooks/event-source.js";
import type { PaymentNoteStore } from "../webhooks/payment-notes.js";
import type { Authenticator } from "./auth.js";
import { connectAtStart } from "./engine-start.js";
import { type GovernorSource, memoryGovernors, redisGovernors } from "./governors.js";
import type { WebhookRoute } from "./http-server.js";
import {
  detailsReportingOutages,
  eventsReportingOutages,
  notesReportingOutages,
  OutageLog,
} from "./outage.js";

export interface Engines {
  governors: GovernorSource;
  pool: Pool | undefined;
  /** A principal's stored webhook events; undefined without PostgreSQL. */
  events: ((principalId: string) => EventSource) | undefined;
  /** What a principal told the server about payments; undefined without PostgreSQL. */
  paymentNotes: ((principalId: string) => PaymentNoteStore) | undefined;
  /** A principal's business details for e-invoices; undefined without PostgreSQL. */
  details: ((principalId: string) => DetailsStore) | undefined;
  webhooks: ((auth: Authenticator) => WebhookRoute) | undefined;
  /** Each throws when its engine cannot be reached (for /readyz). */
  readiness: Record<string, () => Promise<void>>;
  /** Says what the engines are, for the line that says the server is up. */
  describe: string;
  close(): Promise<void>;
}

export interface EngineSettings {
  redisUrl: string | undefined;
  databaseUrl: string | undefined;
  rateWindowMs: number | undefined;
}

/**
 * @param storedEvents where an event stored by any instance is announced (`"stored"`, with the
 *   principal's id), for the runtimes made after the engines to listen to.
 */
export async function openEngines(
  settings: EngineSettings,
  storedEvents: EventEmitter,
  log: (message: string) => void,
): Promise<Engines> {
  const described: string[] = [];
  const readiness: Record<string, () => Promise<void>> = {};
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    await Promise.allSettled(closers.map((closer) => closer()));
  };
  try {
    let governors = memoryGovernors(settings.rateWindowMs);
    if (settings.redisUrl) {
      governors = await redisGovernors(settings.redisUrl, settings.rateWindowMs, log);
      readiness.redis = governors.ping;
      described.push("rate budget in Redis");
    }
    closers.push(governors.close);
    const inbox = settings.databaseUrl ? await openInbox(settings.databaseUrl) : undefined;
    if (inbox) described.push("webhook events in PostgreSQL");
    return {
      governors,
      pool: inbox?.pool,
      events: inbox?.events,
      paymentNotes: inbox?.paymentNotes,
      details: inbox?.details,
      webhooks: inbox?.webhooks,
      readiness,
      describe: described.map((d) => `, ${d}`).join(""),
      close,
    };
  } catch (error) {
    await close(); // Redis, when it was opened before PostgreSQL failed
    throw error;
  }

  /** The pool, the inbox and the notifications of stored events; what it opens is closed with the rest. */
  async function openInbox(url: string) {
    const [
      { openPool },
      { checkSchema },
      { pgEventSource },
      { listenForEvents },
      { pgWebhookRoute },
      { pgPaymentNotes },
      { pgDetailsStore },
    ] = await Promise.all([
      import("./pg/pool.js"),
      import("./pg/schema.js"),
      import("./pg/inbox.js"),
      import("./pg/listen.js"),
      import("./webhook-route.js"),
      import("./pg/payment-notes.js"),
      import("./pg/business-details.js"),
    ]);
    const pool = await openPool(url);
    closers.push(() => pool.end());
    await reachPostgres(pool, url);
    await checkSchema(pool); // an unmigrated database stops the start, with what to run
    const outage = new OutageLog("PostgreSQL", "the stored webhook events", url, log);
    readiness.postgres = () => checkSchema(pool);
    const listener = await listenForEvents(url, (id) => storedEvents.emit("stored", id), log);
    closers.unshift(() => listener.close());
    return {
      pool,
      events: (principalId: string) => eventsReportingOutages(pgEventSource(pool, principalId), outage),
      paymentNotes: (principalId: string) => notesReportingOutages(pgPaymentNotes(pool, principalId), outage),
      details: (principalId: string) => detailsReportingOutages(pgDetailsStore(pool, principalId), outage),
      webhooks: (auth: Authenticator) => pgWebhookRoute(pool, auth, log),
    };
  }
}

/** The database answers a first query within a short time, or the start stops and says where and why. */
export async function reachPostgres(pool: Pool, url: string): Promise<void> {
  await connectAtStart(
    "PostgreSQL",
    "INVOICING_DATABASE_URL",
    url,
    () => pool.query("SELECT 1"),
    () => void pool.end().catch(() => undefined),
  );
}
