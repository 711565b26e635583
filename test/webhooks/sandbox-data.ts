/** A small account for the sender's tests: one customer, a draft, a sent and a paid invoice. */
import type { SandboxData } from "@invoicing-mcp/sandbox";

/** Wednesday 18 March 2026, 10:00 in Berlin. */
export const NOW = Date.parse("2026-03-18T10:00:00+01:00");

const base = {
  customerId: "cus_a",
  activityType: "gewerblich",
  taxRate: 19,
  netCents: 100_000,
  taxCents: 19_000,
  grossCents: 119_000,
} as const;

export function senderData(): SandboxData {
  return {
    demo: {
      customers: [
        {
          _id: "cus_a",
          name: "Alpha GmbH",
          email: "a@example.de",
          address: "A-Straße 1",
          hourlyRateCents: 8000,
          isActive: true,
          activityType: "gewerblich",
          externalId: "DEB-1",
        },
      ],
      projects: [],
      timeEntries: [],
      expenses: [],
      invoices: [
        {
          ...base,
          _id: "inv_draft",
          invoiceNumber: "RE-2026-003",
          invoiceDate: Date.parse("2026-03-16T00:00:00+01:00"),
          status: "draft",
          createdAt: Date.parse("2026-03-16T00:00:00+01:00"),
        },
        {
          ...base,
          _id: "inv_sent",
          invoiceNumber: "RE-2026-002",
          invoiceDate: Date.parse("2026-02-02T00:00:00+01:00"),
          status: "sent",
          createdAt: Date.parse("2026-02-02T00:00:00+01:00"),
        },
        {
          ...base,
          _id: "inv_paid",
          invoiceNumber: "RE-2026-001",
          invoiceDate: Date.parse("2026-01-05T00:00:00+01:00"),
          status: "paid",
          paidAt: Date.parse("2026-01-20T00:00:00+01:00"),
          createdAt: Date.parse("2026-01-05T00:00:00+01:00"),
        },
      ],
    },
  };
}
