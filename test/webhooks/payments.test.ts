import { describe, expect, it } from "vitest";
import { comparableNumber } from "../../src/billing/invoice-replay.js";
import { EngineOutageError } from "../../src/engine-outage.js";
import type { EventSource } from "../../src/webhooks/event-source.js";
import type { InboxEvent } from "../../src/webhooks/inbox.js";
import { NO_NOTES } from "../../src/webhooks/payment-notes.js";
import { paymentDays, paymentFacts } from "../../src/webhooks/payments.js";

const paid = (data: Record<string, unknown>, paidAt: string): InboxEvent => ({
  id: "0".repeat(64),
  event: "invoice.paid",
  timestamp: paidAt,
  data: { paidAt, ...data },
  receivedAt: paidAt,
});

describe("paymentDays: the day each invoice was paid, as the inbox knows it", () => {
  it("keys each day by the invoice's id and by its number as numbers compare, in the user's zone", async () => {
    const source: EventSource = {
      read: async (query) => {
        expect(query).toEqual({ type: "invoice.paid" });
        return [
          paid({ invoiceId: "inv_1" }, "2026-11-15T23:30:00.000Z"),
          paid({ invoiceNumber: " re-2026-007 " }, "2026-11-16T08:00:00.000Z"),
        ];
      },
    };
    const { days, outage } = await paymentDays(source, "Europe/Berlin");
    expect(outage).toBeUndefined();
    expect(days.get("inv_1")).toBe("2026-11-16");
    expect(days.get(comparableNumber("RE-2026-007"))).toBe("2026-11-16");
    expect(days.size).toBe(2);
  });

  it("knows none without an inbox, and leaves them out with the outage when the inbox cannot be read", async () => {
    expect((await paymentDays(undefined, "Europe/Berlin")).days.size).toBe(0);
    const down = new EngineOutageError("PostgreSQL", "the stored webhook events");
    const found = await paymentDays({ read: async () => Promise.reject(down) }, "Europe/Berlin");
    expect(found).toEqual({ days: new Map(), outage: down });
    const broken = new Error("not an outage");
    await expect(paymentDays({ read: async () => Promise.reject(broken) }, "Europe/Berlin")).rejects.toBe(
      broken,
    );
  });
});

describe("paymentFacts: what VAT by payments knows of them", () => {
  const events: EventSource = {
    read: async () => [paid({ invoiceId: "inv_1", paidAmount: 119 }, "2026-10-05T10:00:00.000Z")],
  };
  const notes = {
    read: async () => ({
      paidOn: { inv_2: { day: "2026-10-07", invoiceNumber: "RE-2", notedAt: "t" } },
      paidBefore: [],
    }),
    update: async () => NO_NOTES,
  };

  it("reads the inbox and the person's word when wanted", async () => {
    const facts = await paymentFacts(events, notes, true);
    expect(facts.payments.has("inv_1")).toBe(true);
    expect(facts.inboxSince).toBe(Date.parse("2026-10-05T10:00:00.000Z"));
    expect(facts.word?.paidOn.get("inv_2")).toBe("2026-10-07");
  });

  it("reads nothing on another basis", async () => {
    const unread: EventSource = { read: async () => expect.unreachable("the inbox was read") };
    const facts = await paymentFacts(
      unread,
      { ...notes, read: async () => expect.unreachable("notes were read") },
      false,
    );
    expect(facts.payments.size).toBe(0);
    expect(facts.word?.paidOn.size).toBe(0);
  });
});
