/**
 * The stored events for recent_events: those of a type and time span, newest first, counted per
 * type with the sum paid over all that match (not just the page), what the inbox reader left out
 * of them, and one page. Returns data; the words are the tool's.
 */
import { formatInstant } from "../domain/dates/format.js";
import { vouchedSum } from "../domain/money.js";
import { page } from "../reports/page.js";
import type { EventSource } from "./event-source.js";
import { type EventRow, eventRow } from "./event-view.js";
import type { InboxQuery } from "./inbox.js";

export interface EventTotals {
  byType: Record<string, number>;
  /** Null when it cannot be vouched for: an amount missing, or a sum past any real one. */
  paidAmount: number | null;
  currency: "EUR";
}

export interface RecentEvents {
  /** The page's events, their time local to the zone. */
  events: (Omit<EventRow, "receivedAt" | "notes" | "occurredAt"> & { occurredAt: string })[];
  window: Omit<ReturnType<typeof page>, "slice">;
  totals: EventTotals;
  /** The amounts of the matching payments, for saying why there is no sum. */
  paidAmounts: (number | null)[];
  /** Values left out of the matching events as out of range, at most ten named. */
  notes: string[];
  /** Nothing is stored at all, of any type or time. */
  inboxEmpty: boolean;
}

export async function recentEvents(
  source: EventSource,
  request: {
    type: InboxQuery["type"];
    /** Unix ms, inclusive; the end exclusive. */
    from: number;
    to: number;
    offset: number;
    limit: number;
    timeZone: string;
  },
): Promise<RecentEvents> {
  const stored = await source.read(request.type === undefined ? {} : { type: request.type });
  const matching = stored
    .map(eventRow)
    .filter((row) => row.occurredAt >= request.from && row.occurredAt < request.to)
    .sort((a, b) => b.occurredAt - a.occurredAt);
  const { totals, paidAmounts } = eventTotals(matching);
  const { slice, ...window } = page(matching, request.offset, request.limit);
  const events = slice.map(({ receivedAt: _received, notes: _notes, occurredAt, ...row }) => ({
    ...row,
    occurredAt: formatInstant(occurredAt, request.timeZone),
  }));
  return { events, window, totals, paidAmounts, notes: leftOut(matching), inboxEmpty: stored.length === 0 };
}

/** How many of each type, and what the payments add up to. */
export function eventTotals(rows: readonly EventRow[]): {
  totals: EventTotals;
  paidAmounts: (number | null)[];
} {
  const byType: Record<string, number> = {};
  for (const row of rows) byType[row.event] = (byType[row.event] ?? 0) + 1;
  const paidAmounts = rows.filter((row) => row.event === "invoice.paid").map((row) => row.amount);
  // A sum of what is left when an amount is unknown, or one past any real amount, is no sum.
  const paidAmount = vouchedSum(paidAmounts) ?? null;
  return { totals: { byType, paidAmount, currency: "EUR" }, paidAmounts };
}

const MAX_NOTES = 10;

/** What the inbox reader left out of the matching events, naming each event, at most ten. */
export function leftOut(rows: readonly EventRow[]): string[] {
  const notes = rows.flatMap((row) => {
    const which = row.invoiceNumber ?? row.invoiceId ?? row.customerId ?? row.id.slice(0, 12);
    return row.notes.map((note) => `${row.event} ${which}: ${note}`);
  });
  if (notes.length <= MAX_NOTES) return notes;
  return [...notes.slice(0, MAX_NOTES), `and ${notes.length - MAX_NOTES} more`];
}
