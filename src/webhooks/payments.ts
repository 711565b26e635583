/**
 * Payment dates from the inbox, for VAT by payments received (Ist): the REST API has none, the
 * `invoice.paid` event carries `paidAt`. An event without a readable `paidAt` gives no date (its
 * envelope timestamp says when it was announced, not when the money arrived); several events for
 * one invoice that disagree on the date or the amount leave its payment unclear.
 */
import type { PaymentFact } from "../domain/vat.js";
import type { InboxEvent } from "./inbox.js";

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
