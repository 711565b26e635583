import { describe, expect, it } from "vitest";
import type { EventSource } from "../../src/webhooks/event-source.js";
import { eventRow } from "../../src/webhooks/event-view.js";
import type { InboxEvent } from "../../src/webhooks/inbox.js";
import { eventTotals, leftOut, recentEvents } from "../../src/webhooks/recent-events.js";

let n = 0;
const event = (
  name: string,
  iso: string,
  data: Record<string, unknown> = {},
  more: Partial<InboxEvent> = {},
) =>
  ({
    id: (n++).toString(16).padStart(64, "0"),
    event: name,
    timestamp: iso,
    data,
    receivedAt: iso,
    ...more,
  }) as InboxEvent;

const paid = (iso: string, amount: number | undefined, number: string) =>
  event("invoice.paid", iso, {
    invoiceNumber: number,
    paidAt: iso,
    ...(amount === undefined ? {} : { paidAmount: amount }),
  });

const stored = [
  paid("2026-11-16T09:00:00.000Z", 119.1, "RE-1"),
  event("expense.created", "2026-11-18T11:00:00.000Z", { amount: 49.9, description: "Hosting" }),
  paid("2026-11-20T15:30:00.000Z", 100.2, "RE-2"),
  paid("2026-11-01T08:00:00.000Z", 10, "RE-0"),
];
const source = (events: InboxEvent[]): EventSource => ({ read: async () => events });
const all = {
  type: undefined,
  from: Number.NEGATIVE_INFINITY,
  to: Number.POSITIVE_INFINITY,
  offset: 0,
  limit: 20,
  timeZone: "Europe/Berlin",
};

describe("recentEvents: the matching events, newest first, counted and summed over all that match", () => {
  it("keeps the span (start inclusive, end exclusive), newest first, in the user's zone", async () => {
    const found = await recentEvents(source(stored), {
      ...all,
      from: Date.parse("2026-11-16T09:00:00.000Z"),
      to: Date.parse("2026-11-20T15:30:00.000Z"),
    });
    expect(found.events.map((e) => e.event)).toEqual(["expense.created", "invoice.paid"]);
    expect(found.events[1]).toMatchObject({ invoiceNumber: "RE-1", occurredAt: "2026-11-16T10:00:00+01:00" });
    expect(found.events[0]).not.toHaveProperty("receivedAt");
    expect(found.totals).toEqual({
      byType: { "expense.created": 1, "invoice.paid": 1 },
      paidAmount: 119.1,
      currency: "EUR",
    });
    expect(found.inboxEmpty).toBe(false);
  });

  it("sums every matching payment, not just the page's", async () => {
    const found = await recentEvents(source(stored), { ...all, limit: 1, offset: 2 });
    expect(found.events.map((e) => e.invoiceNumber)).toEqual(["RE-1"]);
    expect(found.window).toEqual({ total: 4, offset: 2, limit: 1, nextOffset: 3 });
    expect(found.totals.paidAmount).toBe(229.3);
  });

  it("says when nothing is stored at all", async () => {
    const found = await recentEvents(source([]), all);
    expect(found).toMatchObject({ events: [], inboxEmpty: true, notes: [] });
  });
});

describe("eventTotals and leftOut", () => {
  it("gives no sum when a payment's amount is unknown", () => {
    const { totals, paidAmounts } = eventTotals(
      [paid("2026-11-16T09:00:00.000Z", 5, "RE-1"), paid("2026-11-17T09:00:00.000Z", undefined, "RE-2")].map(
        eventRow,
      ),
    );
    expect(totals.paidAmount).toBeNull();
    expect(paidAmounts).toEqual([5, null]);
  });

  it("names each event with what the reader left out, at most ten, then how many more", () => {
    const rows = Array.from({ length: 12 }, (_, i) =>
      eventRow(
        event(
          "invoice.sent",
          "2026-11-16T09:00:00.000Z",
          { invoiceNumber: `RE-${i}` },
          { notes: ["amount out of range"] },
        ),
      ),
    );
    const notes = leftOut(rows);
    expect(notes).toHaveLength(11);
    expect(notes[0]).toBe("invoice.sent RE-0: amount out of range");
    expect(notes[10]).toBe("and 2 more");
  });
});
