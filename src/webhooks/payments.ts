/**
 * Payment dates from the inbox, for VAT by payments received (Ist): the REST API has none, the
 * `invoice.paid` event carries `paidAt`. An event without a readable `paidAt` gives no date (its
 * envelope timestamp says when it was announced, not when the money arrived); several events for
 * one invoice that disagree on the date or the amount leave its payment unclear.
 */
import { comparableNumber } from "../billing/invoice-replay.js";
import { formatDay } from "../domain/dates/format.js";
import type { PaymentFact, VatInput } from "../domain/vat.js";
import { EngineOutageError } from "../engine-outage.js";
import type { EventSource } from "./event-source.js";
import { eventRow } from "./event-view.js";
import type { InboxEvent } from "./inbox.js";
import { NO_NOTES, type PaymentNoteStore, personsWord } from "./payment-notes.js";

/** Years 1970 to 9999, as the event view reads them. */
const LATEST_INSTANT_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

export function paymentsByInvoice(events: readonly InboxEvent[]): Map<string, PaymentFact> {
  const seen = new Map<string, { paidAt: number; paidAmount: number | null }[]>();
  for (const event of events) {
    if (event.event !== "invoice.paid") continue;
    const { invoiceId, paidAt, paidAmount } = event.data;
    const at =
      typeof paidAt === "number" ? paidAt : typeof paidAt === "string" ? Date.parse(paidAt) : Number.NaN;
    if (typeof invoiceId !== "string" || invoiceId === "" || !(at >= 0 && at <= LATEST_INSTANT_MS)) continue;
    const amount =
      !event.amountLeftOut && typeof paidAmount === "number" && Number.isFinite(paidAmount)
        ? paidAmount
        : null;
    const list = seen.get(invoiceId) ?? [];
    if (!list.some((p) => p.paidAt === at && p.paidAmount === amount))
      list.push({ paidAt: at, paidAmount: amount });
    seen.set(invoiceId, list);
  }
  const facts = new Map<string, PaymentFact>();
  for (const [id, list] of seen) {
    facts.set(
      id,
      list.length === 1
        ? { kind: "paid", ...list[0]! }
        : { kind: "unclear", paidAt: list.map((p) => p.paidAt).sort((a, b) => a - b) },
    );
  }
  return facts;
}

/** When the inbox's oldest stored event was received, or null for an empty inbox. */
export function inboxSince(events: readonly InboxEvent[]): number | null {
  let oldest: number | null = null;
  for (const event of events) {
    const at = Date.parse(event.receivedAt);
    if (Number.isFinite(at) && (oldest === null || at < oldest)) oldest = at;
  }
  return oldest;
}

/**
 * The day each invoice was paid, as far as the inbox knows, by invoice id and by number; empty
 * without an inbox. A payment event names one or the other, depending on the service. The dates
 * are an extra beside the service's invoices: an inbox that cannot be read right now (its engine is
 * down) leaves them out, with the outage for the answer to say, rather than failing a whole list.
 */
export async function paymentDays(
  source: EventSource | undefined,
  timeZone: string,
): Promise<{ days: Map<string, string>; outage?: EngineOutageError }> {
  const days = new Map<string, string>();
  if (source === undefined) return { days };
  let paid: InboxEvent[];
  try {
    paid = await source.read({ type: "invoice.paid" });
  } catch (error) {
    if (error instanceof EngineOutageError) return { days, outage: error };
    throw error;
  }
  for (const event of paid) {
    const row = eventRow(event);
    if (!Number.isFinite(row.occurredAt)) continue;
    const day = formatDay(row.occurredAt, timeZone);
    if (row.invoiceId !== null) days.set(row.invoiceId, day);
    if (row.invoiceNumber !== null) days.set(comparableNumber(row.invoiceNumber), day);
  }
  return { days };
}

/**
 * For VAT by payments (Ist): the payments the inbox received, since when it has been receiving, and
 * what the person said of the others; on any other basis (`wanted` false), nothing is read.
 */
export async function paymentFacts(
  events: EventSource | undefined,
  notes: PaymentNoteStore | undefined,
  wanted: boolean,
): Promise<Pick<VatInput, "payments" | "inboxSince" | "word">> {
  const [received, said] = await Promise.all([
    wanted && events ? events.read({}) : [],
    wanted && notes ? notes.read() : NO_NOTES,
  ]);
  return { payments: paymentsByInvoice(received), inboxSince: inboxSince(received), word: personsWord(said) };
}
