/**
 * What the log hears of a shared engine's outage: one line when it starts (with the reason), one
 * when it ends (with how long it lasted and how many calls it refused), never a line per call. The
 * calls themselves answer with an EngineOutageError, worded in src/mcp/error-text.ts.
 */

import { type EngineName, EngineOutageError, safeAddress } from "../engine-outage.js";
import type { DetailsStore } from "../profiles/details.js";
import type { EventSource } from "../webhooks/event-source.js";
import type { PaymentNoteStore } from "../webhooks/payment-notes.js";
import { reasonOf } from "./engine-start.js";

export class OutageLog {
  private downSince: number | undefined;
  private refused = 0;

  constructor(
    private readonly engine: EngineName,
    /** What the engine is for here, as the user reads it: "the shared rate budget". */
    private readonly purpose: string,
    url: string,
    private readonly log: (message: string) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.address = safeAddress(url);
  }

  private readonly address: string;

  /** A use of the engine failed: counts it (logging only the first), and returns the error to throw. */
  failed(error: unknown): EngineOutageError {
    this.refused += 1;
    if (this.downSince === undefined) {
      this.downSince = this.now();
      this.log(
        `invoicing-mcp: ${this.engine} at ${this.address} is unreachable (${reasonOf(error)}); calls that need ${this.purpose} answer that it is down until it is back (logged once, and again on recovery)`,
      );
    }
    return new EngineOutageError(this.engine, this.purpose, { cause: error });
  }

  /** A use of the engine succeeded: ends an outage, if there was one, with one line. */
  succeeded(): void {
    if (this.downSince === undefined) return;
    const seconds = Math.round((this.now() - this.downSince) / 100) / 10;
    this.log(
      `invoicing-mcp: ${this.engine} at ${this.address} is back after ${seconds} s; ${this.refused} call${this.refused === 1 ? " was" : "s were"} refused meanwhile`,
    );
    this.downSince = undefined;
    this.refused = 0;
  }

  get down(): boolean {
    return this.downSince !== undefined;
  }
}

/** An error of the engine's connection (an outage), not of the request (a bug worth its stack). */
export function isConnectionError(engine: EngineName, error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (engine === "Redis") return error.name !== "ReplyError"; // a script's error is ours, not Redis being down
  const code = (error as { code?: unknown }).code;
  // SQLSTATE: class 08 is a connection exception, 57P0x the server shutting down or starting.
  if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code))
    return code.startsWith("08") || code.startsWith("57P");
  return true; // a socket error (ECONNREFUSED), a connect timeout, "Connection terminated"
}

/** The shared inbox unreachable: recent_events and the events resource say so; logged once. */
export function eventsReportingOutages(source: EventSource, outage: OutageLog): EventSource {
  return {
    ...source,
    async read(query) {
      try {
        const events = await source.read(query);
        outage.succeeded();
        return events;
      } catch (error) {
        if (!isConnectionError("PostgreSQL", error)) throw error;
        throw outage.failed(error);
      }
    },
  };
}

/** The payment notes in the same PostgreSQL: an outage is said as the inbox's is. */
export function notesReportingOutages(store: PaymentNoteStore, outage: OutageLog): PaymentNoteStore {
  return reportingOutages(store, outage);
}

/** The same for the person's business details. */
export function detailsReportingOutages(store: DetailsStore, outage: OutageLog): DetailsStore {
  return { ...reportingOutages(store, outage), place: store.place };
}

function reportingOutages<T>(
  store: { read(): Promise<T>; update(change: (value: T) => T): Promise<T> },
  outage: OutageLog,
): { read(): Promise<T>; update(change: (value: T) => T): Promise<T> } {
  const guarded =
    <A extends unknown[], T>(call: (...args: A) => Promise<T>) =>
    async (...args: A): Promise<T> => {
      try {
        const result = await call(...args);
        outage.succeeded();
        return result;
      } catch (error) {
        if (!isConnectionError("PostgreSQL", error)) throw error;
        throw outage.failed(error);
      }
    };
  return {
    read: guarded(() => store.read()),
    update: guarded((change: (value: T) => T) => store.update(change)),
  };
}
