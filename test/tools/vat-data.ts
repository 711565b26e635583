/**
 * A small account for the VAT figures: invoices at 19 %, 7 %, 5.5 % and 0 %, dated on month and
 * quarter edges that Berlin and UTC see differently, drafts, sent and paid ones, and the inbox's
 * payment dates (the sandbox keeps each paid invoice's `paidAt` to itself, as the service does).
 *
 *   RE-101  19 %  sent   1 Oct 00:30 Berlin (30 Sep in UTC)
 *   RE-102  19 %  paid  15 Oct, paid 2 Nov
 *   RE-103   7 %  paid  31 Oct 23:30 Berlin (22:30 UTC), paid 1 Nov 00:15 Berlin (31 Oct in UTC)
 *   RE-104   7 %  sent   1 Nov 00:30 Berlin (31 Oct in UTC)
 *   RE-105   0 %  paid  20 Oct, paid 25 Oct (small business)
 *   RE-106  19 %  draft 22 Oct
 *   RE-107  19 %  paid  30 Sep 23:30 Berlin, paid 1 Oct 00:10 Berlin (30 Sep in UTC)
 *   RE-108  19 %  sent  10 Oct, tax 19.01 EUR where 99.99 × 19 % is 19.00 EUR
 *   RE-109 5.5 %  paid  15 Dec, paid 20 Dec
 *   RE-110  19 %  paid   5 Aug, paid 5 Oct
 *   RE-112  19 %  paid  10 Dec 2025, paid 20 Dec 2025: before the inbox listened
 *   RE-113   0 %  sent  10 Jul (the only invoice of July)
 */
import { createHash } from "node:crypto";
import type { SandboxData } from "@invoicing-mcp/sandbox";

const at = (iso: string) => Date.parse(iso);

export interface VatCase {
  id: string;
  number: string;
  customerId: string;
  date: string;
  status: "draft" | "sent" | "paid";
  netCents: number;
  rate: number;
  taxCents: number;
  paidAt?: string;
}

export const VAT_CASES: VatCase[] = [
  {
    id: "v1",
    number: "RE-101",
    customerId: "cus_a",
    date: "2026-10-01T00:30:00+02:00",
    status: "sent",
    netCents: 100000,
    rate: 19,
    taxCents: 19000,
  },
  {
    id: "v2",
    number: "RE-102",
    customerId: "cus_a",
    date: "2026-10-15T10:00:00+02:00",
    status: "paid",
    netCents: 33333,
    rate: 19,
    taxCents: 6333,
    paidAt: "2026-11-02T09:00:00+01:00",
  },
  {
    id: "v3",
    number: "RE-103",
    customerId: "cus_b",
    date: "2026-10-31T23:30:00+01:00",
    status: "paid",
    netCents: 20000,
    rate: 7,
    taxCents: 1400,
    paidAt: "2026-11-01T00:15:00+01:00",
  },
  {
    id: "v4",
    number: "RE-104",
    customerId: "cus_b",
    date: "2026-11-01T00:30:00+01:00",
    status: "sent",
    netCents: 15050,
    rate: 7,
    taxCents: 1054,
  },
  {
    id: "v5",
    number: "RE-105",
    customerId: "cus_c",
    date: "2026-10-20T10:00:00+02:00",
    status: "paid",
    netCents: 50000,
    rate: 0,
    taxCents: 0,
    paidAt: "2026-10-25T12:00:00+02:00",
  },
  {
    id: "v6",
    number: "RE-106",
    customerId: "cus_a",
    date: "2026-10-22T10:00:00+02:00",
    status: "draft",
    netCents: 80000,
    rate: 19,
    taxCents: 15200,
  },
  {
    id: "v7",
    number: "RE-107",
    customerId: "cus_a",
    date: "2026-09-30T23:30:00+02:00",
    status: "paid",
    netCents: 40000,
    rate: 19,
    taxCents: 7600,
    paidAt: "2026-10-01T00:10:00+02:00",
  },
  {
    id: "v8",
    number: "RE-108",
    customerId: "cus_b",
    date: "2026-10-10T10:00:00+02:00",
    status: "sent",
    netCents: 9999,
    rate: 19,
    taxCents: 1901,
  },
  {
    id: "v9",
    number: "RE-109",
    customerId: "cus_a",
    date: "2026-12-15T10:00:00+01:00",
    status: "paid",
    netCents: 12000,
    rate: 5.5,
    taxCents: 660,
    paidAt: "2026-12-20T10:00:00+01:00",
  },
  {
    id: "v10",
    number: "RE-110",
    customerId: "cus_a",
    date: "2026-08-05T10:00:00+02:00",
    status: "paid",
    netCents: 25000,
    rate: 19,
    taxCents: 4750,
    paidAt: "2026-10-05T10:00:00+02:00",
  },
  {
    id: "v12",
    number: "RE-112",
    customerId: "cus_b",
    date: "2025-12-10T10:00:00+01:00",
    status: "paid",
    netCents: 70000,
    rate: 19,
    taxCents: 13300,
    paidAt: "2025-12-20T10:00:00+01:00",
  },
  {
    id: "v13",
    number: "RE-113",
    customerId: "cus_c",
    date: "2026-07-10T10:00:00+02:00",
    status: "sent",
    netCents: 30000,
    rate: 0,
    taxCents: 0,
  },
];

export const CUSTOMER_NAMES: Record<string, string> = {
  cus_a: "Müller & Söhne GmbH",
  cus_b: "Kanzlei Weiß & Partner",
  cus_c: "Atelier Sommer",
};

export function vatData(): SandboxData {
  return {
    demo: {
      customers: Object.entries(CUSTOMER_NAMES).map(([_id, name]) => ({
        _id,
        name,
        email: "",
        address: "",
        hourlyRateCents: 9500,
        isActive: true,
        activityType: "freiberuflich" as const,
        externalId: "",
      })),
      projects: [],
      timeEntries: [],
      invoices: VAT_CASES.map((c) => ({
        _id: c.id,
        invoiceNumber: c.number,
        customerId: c.customerId,
        invoiceDate: at(c.date),
        status: c.status,
        activityType: "freiberuflich" as const,
        taxRate: c.rate,
        netCents: c.netCents,
        taxCents: c.taxCents,
        grossCents: c.netCents + c.taxCents,
        createdAt: at(c.date),
        // The sandbox needs a payment day for every paid invoice (its EÜR counts by it); the REST
        // API never shows it. Only the inbox below tells the server.
        ...(c.paidAt === undefined ? {} : { paidAt: at(c.paidAt) }),
      })),
      expenses: [],
    },
  };
}

/**
 * Inbox lines, as the webhook receiver writes them, for the `invoice.paid` of each paid case
 * except those left out; every event received at `receivedAt`.
 */
export function inboxLines(options: { leaveOut?: string[]; receivedAt: string }): string {
  return VAT_CASES.filter((c) => c.paidAt !== undefined && !options.leaveOut?.includes(c.id))
    .map((c) => {
      const data = {
        invoiceId: c.id,
        invoiceNumber: c.number,
        paidAt: at(c.paidAt!),
        paidAmount: (c.netCents + c.taxCents) / 100,
        customerId: c.customerId,
        customerName: CUSTOMER_NAMES[c.customerId],
        netAmount: c.netCents / 100,
        grossAmount: (c.netCents + c.taxCents) / 100,
        amountCurrency: "EUR",
        currency: "EUR",
      };
      const timestamp = new Date(at(c.paidAt!)).toISOString();
      const body = JSON.stringify({ event: "invoice.paid", timestamp, data });
      const id = createHash("sha256").update(body).digest("hex");
      return `${JSON.stringify({ v: 1, id, receivedAt: options.receivedAt, event: "invoice.paid", timestamp, data })}\n`;
    })
    .join("");
}
