/**
 * A tiny, hand-made dataset. Every expectation in reports.test.ts is worked out by hand from the
 * values below (written in comments there), never by running the sandbox's own arithmetic.
 * Times carry their Berlin offset: +01:00 in winter, +02:00 in summer (from 2026-03-29 03:00).
 */
import type { SandboxData } from "../src/index.js";
import { at } from "./helpers.js";

/** Wednesday 18 March 2026, 10:00 in Berlin. */
export const NOW = at("2026-03-18T10:00:00+01:00");

const invoice = (
  _id: string,
  customerId: string,
  invoiceNumber: string,
  invoiceDate: string,
  status: "draft" | "sent" | "paid",
  net: number,
  tax: number,
  extra: { paidAt?: string; taxRate?: number; activityType?: "freiberuflich" | "gewerblich" } = {},
) =>
  ({
    _id,
    invoiceNumber,
    customerId,
    invoiceDate: at(invoiceDate),
    status,
    activityType: extra.activityType ?? (customerId === "cus_b" ? "freiberuflich" : "gewerblich"),
    taxRate: extra.taxRate ?? 19,
    netCents: net,
    taxCents: tax,
    grossCents: net + tax,
    createdAt: at(invoiceDate),
    ...(extra.paidAt === undefined ? {} : { paidAt: at(extra.paidAt) }),
  }) as const;

const entry = (
  _id: string,
  projectId: string,
  customerId: string,
  start: string,
  end: string | null,
  invoiceId?: string,
) => ({
  _id,
  projectId,
  customerId,
  startTime: at(start),
  endTime: end === null ? null : at(end),
  description: `work ${_id}`,
  ...(invoiceId === undefined ? {} : { invoiceId }),
});

export function tinyData(): SandboxData {
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
        {
          _id: "cus_b",
          name: "Beta Büro",
          email: "b@example.de",
          address: "B-Weg 2",
          hourlyRateCents: 9550,
          isActive: true,
          activityType: "freiberuflich",
          externalId: "",
        },
        {
          _id: "cus_c",
          name: "Cäsar KG",
          email: "c@example.de",
          address: "C-Platz 3",
          hourlyRateCents: 6000,
          isActive: false,
          activityType: "gewerblich",
          externalId: "DEB-3",
        },
      ],
      projects: [
        {
          _id: "prj_shop",
          name: "Shop",
          customerId: "cus_a",
          color: "#112233",
          isActive: true,
          activityType: "gewerblich",
        },
        {
          _id: "prj_blog",
          name: "Blog",
          customerId: "cus_b",
          color: "#445566",
          isActive: true,
          activityType: "freiberuflich",
        },
        {
          _id: "prj_alt",
          name: "Altprojekt",
          customerId: "cus_c",
          color: "#778899",
          isActive: false,
          activityType: "gewerblich",
        },
      ],
      timeEntries: [
        entry(
          "te_a1",
          "prj_shop",
          "cus_a",
          "2026-02-10T09:00:00+01:00",
          "2026-02-10T11:30:00+01:00",
          "inv_a2",
        ), // 150 min billed
        entry("te_a2", "prj_shop", "cus_a", "2026-03-16T09:00:00+01:00", "2026-03-16T10:20:00+01:00"), // 80 min, this week
        entry("te_a3", "prj_shop", "cus_a", "2026-03-02T13:00:00+01:00", "2026-03-02T13:50:00+01:00"), // 50 min, this month
        entry("te_a4", "prj_shop", "cus_a", "2026-03-18T09:15:00+01:00", null), // running, 45 min at NOW
        entry("te_a5", "prj_shop", "cus_a", "2026-03-01T00:30:00+01:00", "2026-03-01T01:30:00+01:00"), // 60 min; Feb 28 in UTC
        entry(
          "te_b1",
          "prj_blog",
          "cus_b",
          "2025-11-03T10:00:00+01:00",
          "2025-11-03T12:15:00+01:00",
          "inv_b2",
        ), // 135 min billed
        entry("te_b2", "prj_blog", "cus_b", "2026-03-17T14:00:00+01:00", "2026-03-17T15:45:00+01:00"), // 105 min, this week
        entry(
          "te_c1",
          "prj_alt",
          "cus_c",
          "2025-06-02T09:00:00+02:00",
          "2025-06-02T10:00:00+02:00",
          "inv_c1",
        ),
      ],
      invoices: [
        invoice("inv_a1", "cus_a", "RE-2026-001", "2026-01-10T00:00:00+01:00", "paid", 100000, 19000, {
          paidAt: "2026-01-24T12:00:00+01:00",
        }),
        invoice("inv_a2", "cus_a", "RE-2026-004", "2026-02-20T00:00:00+01:00", "sent", 50000, 9500),
        invoice("inv_a3", "cus_a", "RE-2026-005", "2026-03-04T00:00:00+01:00", "sent", 20000, 3800),
        invoice("inv_b1", "cus_b", "RE-2025-003", "2025-12-15T00:00:00+01:00", "paid", 200000, 38000, {
          paidAt: "2026-01-05T09:00:00+01:00",
        }),
        invoice("inv_b2", "cus_b", "RE-2025-002", "2025-11-03T00:00:00+01:00", "paid", 30000, 5700, {
          paidAt: "2025-11-13T16:00:00+01:00",
        }),
        invoice("inv_b3", "cus_b", "RE-2026-003", "2026-03-01T00:00:00+01:00", "sent", 123456, 23457),
        invoice("inv_b4", "cus_b", "RE-2026-007", "2026-03-17T00:00:00+01:00", "draft", 10000, 1900),
        invoice("inv_b5", "cus_b", "RE-2026-006", "2026-03-16T00:00:00+01:00", "sent", 40000, 0, {
          taxRate: 0,
        }),
        invoice("inv_c1", "cus_c", "RE-2025-001", "2025-06-02T00:00:00+02:00", "paid", 70000, 13300, {
          paidAt: "2025-06-30T10:00:00+02:00",
        }),
      ],
      expenses: [
        {
          _id: "exp_1",
          date: at("2026-02-01T10:00:00+01:00"),
          amountCents: 4999,
          description: "Telefon",
          category: "Telekommunikation",
        },
        {
          _id: "exp_2",
          date: at("2026-03-01T10:00:00+01:00"),
          amountCents: 12000,
          description: "Software",
          category: "Software",
        },
        // 00:30 on New Year's Day in Berlin, still 2025 in UTC and in Los Angeles: Berlin's year counts.
        {
          _id: "exp_3",
          date: at("2026-01-01T00:30:00+01:00"),
          amountCents: 1000,
          description: "Sekt",
          category: "Sonstiges",
        },
        {
          _id: "exp_4",
          date: at("2025-05-10T10:00:00+02:00"),
          amountCents: 25000,
          description: "Stuhl",
          category: "Büro",
        },
      ],
    },
    other: {
      customers: [
        {
          _id: "cus_x",
          name: "Xeno AG",
          email: "x@example.de",
          address: "X-Allee 9",
          hourlyRateCents: 5000,
          isActive: true,
          activityType: "gewerblich",
          externalId: "",
        },
      ],
      projects: [
        {
          _id: "prj_x",
          name: "Xeno-Projekt",
          customerId: "cus_x",
          color: "#000000",
          isActive: true,
          activityType: "gewerblich",
        },
      ],
      timeEntries: [
        entry("te_x1", "prj_x", "cus_x", "2026-03-10T09:00:00+01:00", "2026-03-10T10:00:00+01:00"),
      ],
      invoices: [invoice("inv_x1", "cus_x", "2026-0001", "2026-02-01T00:00:00+01:00", "sent", 10000, 1900)],
      expenses: [],
    },
  };
}
