/**
 * Webhook events as answers show them. Payloads differ by event and, where the API document says
 * "not shown", by service; this reads the fields it knows wherever they appear, cleans the text
 * other people wrote, and falls back gracefully on anything else.
 */

import { formatAmount } from "../domain/money.js";
import { cleanText } from "../domain/text.js";
import type { InboxEvent } from "./inbox.js";

export interface EventRow {
  id: string;
  event: string;
  /** When it happened: for a payment its `paidAt`, otherwise the envelope's timestamp. Unix ms. */
  occurredAt: number;
  receivedAt: string;
  invoiceId: string | null;
  invoiceNumber: string | null;
  customerId: string | null;
  customerName: string | null;
  /** The amount the event is about, EUR: paid amount, gross, net or expense amount; null when
   * none was sent, or one was left out as out of range (then no other stands in for it). */
  amount: number | null;
  description: string | null;
  /** Values the inbox reader left out (out of range), as sentences. */
  notes: readonly string[];
}

export function eventRow(event: InboxEvent): EventRow {
  const data = event.data;
  const text = (key: string) =>
    typeof data[key] === "string" && data[key] !== "" ? cleanText(data[key] as string, 120) : null;
  const number = (key: string) =>
    typeof data[key] === "number" && Number.isFinite(data[key]) ? (data[key] as number) : null;
  const isInvoice = event.event.startsWith("invoice.");
  const isCustomer = event.event === "customer.created";
  return {
    id: event.id,
    event: event.event,
    occurredAt: occurredAt(event),
    receivedAt: event.receivedAt,
    invoiceId: text("invoiceId") ?? (isInvoice ? text("id") : null),
    invoiceNumber: text("invoiceNumber"),
    customerId: text("customerId") ?? (isCustomer ? text("id") : null),
    customerName: text("customerName") ?? (isCustomer ? text("name") : null),
    amount: event.amountLeftOut
      ? null
      : (number("paidAmount") ?? number("grossAmount") ?? number("netAmount") ?? number("amount")),
    description: text("description"),
    notes: event.notes ?? [],
  };
}

/** Years 1970 to 9999: any instant outside cannot be a payment, and some cannot even be formatted. */
const LATEST_INSTANT_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** A payment happened at `paidAt`; the envelope's timestamp is only when it was announced. */
export function occurredAt(event: InboxEvent): number {
  const paidAt = event.data.paidAt;
  if (event.event === "invoice.paid") {
    const ms =
      typeof paidAt === "number" ? paidAt : typeof paidAt === "string" ? Date.parse(paidAt) : Number.NaN;
    if (ms >= 0 && ms <= LATEST_INSTANT_MS) return ms;
  }
  return Date.parse(event.timestamp);
}

/** One line for the model: what happened, to which invoice or customer, for how much. */
export function describeEvent(
  row: Pick<
    EventRow,
    "event" | "invoiceId" | "invoiceNumber" | "customerId" | "customerName" | "amount" | "description"
  >,
  when: string,
): string {
  const invoice = row.invoiceNumber
    ? `${row.invoiceNumber}${row.invoiceId ? ` (id ${row.invoiceId})` : ""}`
    : row.invoiceId
      ? `invoice ${row.invoiceId}`
      : null;
  const customer = row.customerName
    ? `${row.customerName}${row.customerId ? ` (id ${row.customerId})` : ""}`
    : row.customerId
      ? `customer ${row.customerId}`
      : null;
  const amount = row.amount === null ? null : formatAmount(row.amount);
  const parts = [invoice, customer, row.description ? `"${row.description}"` : null, amount].filter(
    (p) => p !== null,
  );
  return `- ${when} · ${row.event}${parts.length > 0 ? ` · ${parts.join(" · ")}` : ""}`;
}
