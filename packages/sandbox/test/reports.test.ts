/**
 * Report arithmetic against hand-computed expectations on the tiny dataset (tiny-data.ts).
 * NOW is Wed 2026-03-18 10:00 Berlin. Payment term 14 days; money half-up to the cent.
 */
import { describe, expect, it } from "vitest";
import { at, get, sandbox } from "./helpers.js";
import { NOW, tinyData } from "./tiny-data.js";

const start = () => sandbox({ data: tinyData(), now: () => NOW });

describe("outstanding payments by customer", () => {
  it("groups sent invoices by customer, most overdue money first", async () => {
    const sb = await start();
    const { status, body } = await get(sb, "/api/v1/reports/outstanding-payments-by-customer");
    expect(status).toBe(200);
    // Beta: b3 1469.13 (due 15.03., 3 days late) + b5 400.00 (0 % tax, due 30.03., in 12 days → open).
    // Alpha: a2 595.00 (due 06.03., 12 days late) + a3 238.00 (due today → not overdue, due_soon).
    // Drafts (b4) and paid invoices are not receivables.
    expect(body).toEqual({
      data: {
        customers: [
          {
            customerId: "cus_b",
            customerName: "Beta Büro",
            externalId: "",
            openCount: 2,
            openAmount: 1869.13,
            overdueCount: 1,
            overdueAmount: 1469.13,
            oldestDueDate: at("2026-03-15T00:00:00+01:00"),
            invoices: [
              {
                id: "inv_b3",
                invoiceNumber: "RE-2026-003",
                dueDate: at("2026-03-15T00:00:00+01:00"),
                grossAmount: 1469.13,
                daysOverdue: 3,
                urgency: "overdue",
              },
              // 14 days after 16.03. crosses the DST switch: still midnight, now at +02:00.
              {
                id: "inv_b5",
                invoiceNumber: "RE-2026-006",
                dueDate: at("2026-03-30T00:00:00+02:00"),
                grossAmount: 400,
                daysOverdue: 0,
                urgency: "open",
              },
            ],
          },
          {
            customerId: "cus_a",
            customerName: "Alpha GmbH",
            externalId: "DEB-1",
            openCount: 2,
            openAmount: 833,
            overdueCount: 1,
            overdueAmount: 595,
            oldestDueDate: at("2026-03-06T00:00:00+01:00"),
            invoices: [
              {
                id: "inv_a2",
                invoiceNumber: "RE-2026-004",
                dueDate: at("2026-03-06T00:00:00+01:00"),
                grossAmount: 595,
                daysOverdue: 12,
                urgency: "overdue",
              },
              {
                id: "inv_a3",
                invoiceNumber: "RE-2026-005",
                dueDate: at("2026-03-18T00:00:00+01:00"),
                grossAmount: 238,
                daysOverdue: 0,
                urgency: "due_soon",
              },
            ],
          },
        ],
        totalOutstanding: 2702.13, // 1869.13 + 833
        overdueAmount: 2064.13, // 1469.13 + 595
        avgPaymentDays: 18.3, // (14 + 21 + 10 + 28) / 4 = 18.25 → 18.3
      },
      meta: { total: 2 },
      error: null,
    });
  });

  it("restricts to one customer; a customer without receivables gives an empty list", async () => {
    const sb = await start();
    const alpha = await get<{
      customers: { customerId: string }[];
      totalOutstanding: number;
      overdueAmount: number;
    }>(sb, "/api/v1/reports/outstanding-payments-by-customer?customerId=cus_a");
    expect(alpha.body.data.customers.map((c) => c.customerId)).toEqual(["cus_a"]);
    expect(alpha.body.data).toMatchObject({
      totalOutstanding: 833,
      overdueAmount: 595,
      avgPaymentDays: 18.3,
    });
    expect(alpha.body.meta).toEqual({ total: 1 });
    const caesar = await get(sb, "/api/v1/reports/outstanding-payments-by-customer?customerId=cus_c");
    expect(caesar.body).toEqual({
      data: { customers: [], totalOutstanding: 0, overdueAmount: 0, avgPaymentDays: 18.3 },
      meta: { total: 0 },
      error: null,
    });
  });
});

describe("EÜR report", () => {
  it("counts net income by payment year and activity type, expenses by Berlin date", async () => {
    const sb = await start();
    // Paid in 2026: a1 1000.00 (gewerblich), b1 2000.00 (freiberuflich, invoiced 2025, paid 2026).
    // Expenses 2026: 49.99 + 120.00 + 10.00 (00:30 on 1 Jan in Berlin) = 179.99.
    const y2026 = await get(sb, "/api/v1/reports/eur?year=2026");
    expect(y2026.body).toEqual({
      data: {
        year: 2026,
        income: { total: 3000, byType: { freiberuflich: 2000, gewerblich: 1000 }, invoiceCount: 2 },
        expenses: { total: 179.99, count: 3 },
        profit: 2820.01,
      },
      meta: null,
      error: null,
    });
    // Paid in 2025: b2 300.00 (freiberuflich), c1 700.00 (gewerblich); expense 250.00.
    const y2025 = await get(sb, "/api/v1/reports/eur?year=2025");
    expect(y2025.body.data).toEqual({
      year: 2025,
      income: { total: 1000, byType: { freiberuflich: 300, gewerblich: 700 }, invoiceCount: 2 },
      expenses: { total: 250, count: 1 },
      profit: 750,
    });
  });

  it("defaults to the current Berlin year and reports an empty year as zeros", async () => {
    const sb = await start();
    expect((await get<{ year: number }>(sb, "/api/v1/reports/eur")).body.data.year).toBe(2026);
    const empty = await get(sb, "/api/v1/reports/eur?year=2030");
    expect(empty.body.data).toEqual({
      year: 2030,
      income: { total: 0, byType: { freiberuflich: 0, gewerblich: 0 }, invoiceCount: 0 },
      expenses: { total: 0, count: 0 },
      profit: 0,
    });
  });

  it("takes the year from Berlin at New Year's Eve midnight", async () => {
    // 23:30 UTC on 31 Dec 2025 is already 2026 in Berlin (and still 2025 in Los Angeles).
    const sb = await sandbox({ data: tinyData(), now: () => at("2025-12-31T23:30:00Z") });
    expect((await get<{ year: number }>(sb, "/api/v1/reports/eur")).body.data.year).toBe(2026);
  });
});

describe("customer summary", () => {
  it("adds revenue, receivables and hours of one customer", async () => {
    const sb = await start();
    // Hours of Alpha: 150 (billed) + 80 + 50 + 60 unbilled = 340 min; the running timer is left out.
    // 340/60 = 5.67 h; 190/60 = 3.17 h; 190/60 × 80.00 = 253.333… → 253.33.
    expect((await get(sb, "/api/v1/customers/cus_a/summary")).body).toEqual({
      data: {
        customer: { id: "cus_a", name: "Alpha GmbH", externalId: "DEB-1", hourlyRate: 80, currency: "EUR" },
        revenue: { totalNetEur: 1000, ytdNetEur: 1000, paidCount: 1 },
        outstanding: { openCount: 2, openAmount: 833, overdueCount: 1, overdueAmount: 595 },
        hours: { total: 5.67, billed: 2.5, unbilled: 3.17, unbilledAmount: 253.33 },
      },
      meta: null,
      error: null,
    });
    // Beta: paid b1 2000 (2026) + b2 300 (2025); 1.75 h unbilled × 95.50 = 167.125 → 167.13 (half-up).
    expect((await get(sb, "/api/v1/customers/cus_b/summary")).body.data).toEqual({
      customer: { id: "cus_b", name: "Beta Büro", externalId: "", hourlyRate: 95.5, currency: "EUR" },
      revenue: { totalNetEur: 2300, ytdNetEur: 2000, paidCount: 2 },
      outstanding: { openCount: 2, openAmount: 1869.13, overdueCount: 1, overdueAmount: 1469.13 },
      hours: { total: 4, billed: 2.25, unbilled: 1.75, unbilledAmount: 167.13 },
    });
  });

  it("also answers for an inactive customer", async () => {
    const sb = await start();
    expect((await get(sb, "/api/v1/customers/cus_c/summary")).body.data).toMatchObject({
      revenue: { totalNetEur: 700, ytdNetEur: 0, paidCount: 1 },
      outstanding: { openCount: 0, openAmount: 0, overdueCount: 0, overdueAmount: 0 },
      hours: { total: 1, billed: 1, unbilled: 0, unbilledAmount: 0 },
    });
  });
});

describe("time summary by customer", () => {
  it("splits hours into billed, unbilled, this week, this month and by month", async () => {
    const sb = await start();
    // Week Mon 16.03.–Sun 22.03.: te_a2 80 min = 1.33 h. March: 80 + 50 + 60 (te_a5 starts
    // 1 March 00:30 Berlin, which is still February in UTC) = 190 min = 3.17 h.
    expect((await get(sb, "/api/v1/time-entries/by-customer/cus_a/summary")).body).toEqual({
      data: {
        customerId: "cus_a",
        customerName: "Alpha GmbH",
        externalId: "DEB-1",
        hourlyRate: 80,
        totalHours: 5.67,
        billedHours: 2.5,
        unbilledHours: 3.17,
        unbilledAmount: 253.33,
        weekHours: 1.33,
        monthHours: 3.17,
        monthlyBreakdown: [
          { monthKey: "2026-02", hours: 2.5, amount: 200 },
          { monthKey: "2026-03", hours: 3.17, amount: 253.33 },
        ],
      },
      meta: null,
      error: null,
    });
    // Beta: November 135 min = 2.25 h × 95.50 = 214.875 → 214.88.
    expect((await get(sb, "/api/v1/time-entries/by-customer/cus_b/summary")).body.data).toMatchObject({
      totalHours: 4,
      billedHours: 2.25,
      unbilledHours: 1.75,
      unbilledAmount: 167.13,
      weekHours: 1.75,
      monthHours: 1.75,
      monthlyBreakdown: [
        { monthKey: "2025-11", hours: 2.25, amount: 214.88 },
        { monthKey: "2026-03", hours: 1.75, amount: 167.13 },
      ],
    });
  });
});

describe("on the DST switch day (Sunday 2026-03-29, 12:00 Berlin)", () => {
  const dstNow = at("2026-03-29T12:00:00+02:00");
  const data = () => {
    const d = tinyData();
    const base = { projectId: "prj_shop", customerId: "cus_a", description: "dst" };
    d.demo.timeEntries = [
      // Monday 00:00 opens the ISO week; 01:30 CET to 03:30 CEST on the switch day is one real hour.
      {
        ...base,
        _id: "d1",
        startTime: at("2026-03-23T00:00:00+01:00"),
        endTime: at("2026-03-23T01:00:00+01:00"),
      },
      {
        ...base,
        _id: "d2",
        startTime: at("2026-03-29T01:30:00+01:00"),
        endTime: at("2026-03-29T03:30:00+02:00"),
      },
      {
        ...base,
        _id: "d3",
        startTime: at("2026-03-22T23:30:00+01:00"),
        endTime: at("2026-03-23T00:30:00+01:00"),
      },
      {
        ...base,
        _id: "d4",
        startTime: at("2026-02-28T23:30:00+01:00"),
        endTime: at("2026-03-01T00:30:00+01:00"),
      },
    ];
    d.demo.invoices = [
      {
        _id: "i1",
        invoiceNumber: "D-1",
        customerId: "cus_a",
        invoiceDate: at("2026-03-20T00:00:00+01:00"),
        status: "sent",
        activityType: "gewerblich",
        taxRate: 19,
        netCents: 10000,
        taxCents: 1900,
        grossCents: 11900,
        createdAt: 0,
      },
      {
        _id: "i2",
        invoiceNumber: "D-2",
        customerId: "cus_a",
        invoiceDate: at("2026-03-14T00:00:00+01:00"),
        status: "sent",
        activityType: "gewerblich",
        taxRate: 19,
        netCents: 10000,
        taxCents: 1900,
        grossCents: 11900,
        createdAt: 0,
      },
    ];
    return d;
  };

  it("counts week and month in Berlin", async () => {
    const sb = await sandbox({ data: data(), now: () => dstNow });
    expect((await get(sb, "/api/v1/time-entries/by-customer/cus_a/summary")).body.data).toMatchObject({
      totalHours: 4,
      weekHours: 2, // d1 + d2
      monthHours: 3, // d1 + d2 + d3
      monthlyBreakdown: [
        { monthKey: "2026-02", hours: 1, amount: 80 },
        { monthKey: "2026-03", hours: 3, amount: 240 },
      ],
    });
    const list = await get<{ _id: string; durationMinutes: number }[]>(
      sb,
      "/api/v1/time-entries?from=2026-03-29",
    );
    expect(list.body.data).toEqual([expect.objectContaining({ _id: "d2", durationMinutes: 60 })]);
  });

  it("keeps due dates at midnight across the switch", async () => {
    const sb = await sandbox({ data: data(), now: () => dstNow });
    const report = await get<{ customers: { invoices: unknown[] }[] }>(
      sb,
      "/api/v1/reports/outstanding-payments-by-customer",
    );
    expect(report.body.data.customers[0]?.invoices).toEqual([
      {
        id: "i2",
        invoiceNumber: "D-2",
        dueDate: at("2026-03-28T00:00:00+01:00"),
        grossAmount: 119,
        daysOverdue: 1,
        urgency: "overdue",
      },
      {
        id: "i1",
        invoiceNumber: "D-1",
        dueDate: at("2026-04-03T00:00:00+02:00"),
        grossAmount: 119,
        daysOverdue: 0,
        urgency: "due_soon",
      },
    ]);
  });
});
