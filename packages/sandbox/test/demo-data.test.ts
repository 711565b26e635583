/**
 * The generated demo year: deterministic, at least the promised amounts, and plausible for a
 * freelancer's year, for several seeds and reference dates (DST switches and New Year included).
 */
import { describe, expect, it } from "vitest";
import {
  berlinDayKey,
  berlinParts,
  berlinTime,
  berlinYear,
  isBerlinWeekend,
  startOfBerlinDay,
} from "../src/calendar.js";
import { generateDemoAccount } from "../src/seed/demo.js";
import { generateOtherAccount } from "../src/seed/other-account.js";
import { at, get, sandbox } from "./helpers.js";

const DAY = 86_400_000;
const REFERENCES = [
  ["mid-March", at("2026-03-15T11:00:00+01:00")],
  ["spring DST switch", at("2026-03-29T12:00:00+02:00")],
  ["autumn DST switch", at("2025-10-26T09:00:00+01:00")],
  ["New Year", at("2026-01-02T08:00:00+01:00")],
  ["summer holiday", at("2025-08-20T16:00:00+02:00")],
  ["just after midnight", at("2026-05-04T00:10:00+02:00")],
] as const;

describe.each(REFERENCES)("demo account around %s", (_, reference) => {
  describe.each([1, 42])("seed %i", (seed) => {
    const data = generateDemoAccount(seed, reference);
    const today = startOfBerlinDay(reference);

    it("is identical for the same seed and reference date", () => {
      expect(generateDemoAccount(seed, reference)).toEqual(data);
      expect(generateDemoAccount(seed + 1, reference)).not.toEqual(data);
    });

    it("has the promised customers and projects", () => {
      const active = data.customers.filter((c) => c.isActive);
      expect(active.length).toBeGreaterThanOrEqual(7);
      expect(new Set(active.map((c) => c.activityType))).toEqual(new Set(["freiberuflich", "gewerblich"]));
      expect(data.customers.filter((c) => !c.isActive).map((c) => c.name)).toEqual(["Altkunde Meier KG"]);
      const mueller = data.customers.filter((c) => /müller/i.test(c.name));
      expect(mueller.map((c) => [c.name, c.activityType])).toEqual([["Müller & Söhne GmbH", "gewerblich"]]);
      expect(data.customers.filter((c) => c.name.startsWith("Studio "))).toHaveLength(2);
      expect(data.customers.some((c) => /[äöüß]/i.test(c.name))).toBe(true);
      for (const c of data.customers) expect(c.email).toMatch(/@/);

      expect(data.projects.filter((p) => p.isActive).length).toBeGreaterThanOrEqual(8);
      expect(data.projects.filter((p) => !p.isActive).length).toBeGreaterThanOrEqual(1);
      const relaunch = data.projects.filter((p) => p.name === "Website Relaunch");
      expect(relaunch.map((p) => p.customerId)).toEqual(mueller.map((c) => c._id));
      for (const p of data.projects) {
        const owner = data.customers.find((c) => c._id === p.customerId);
        expect(p.color).toMatch(/^#[0-9a-f]{6}$/);
        expect(p.activityType).toBe(owner?.activityType);
      }
    });

    it("has a year of weekday entries in working hours and one running timer started today", () => {
      const running = data.timeEntries.filter((e) => e.endTime === null);
      expect(running).toHaveLength(1);
      expect(berlinDayKey(running[0]?.startTime ?? 0)).toBe(berlinDayKey(reference));
      expect(running[0]?.startTime).toBeLessThanOrEqual(reference);
      const done = data.timeEntries.filter((e) => e.endTime !== null);
      expect(done.length).toBeGreaterThanOrEqual(150);
      for (const e of done) {
        const minutes = ((e.endTime ?? 0) - e.startTime) / 60_000;
        const start = new Date(e.startTime);
        expect(isBerlinWeekend(e.startTime)).toBe(false);
        expect(e.startTime).toBeLessThan(today);
        expect(e.startTime).toBeGreaterThanOrEqual(historyStart(today));
        expect(start.getUTCMinutes() % 15).toBe(0);
        expect(minutes).toBeGreaterThanOrEqual(60);
        expect(minutes).toBeLessThanOrEqual(360);
        const hour = Number(
          new Intl.DateTimeFormat("en-GB", { hour: "numeric", timeZone: "Europe/Berlin" }).format(start),
        );
        expect(hour).toBeGreaterThanOrEqual(8);
        expect(berlinParts(e.endTime ?? 0).day).toBe(berlinParts(e.startTime).day);
      }
    });

    it("bills older entries and leaves recent ones unbilled for at least 3 customers", () => {
      const done = data.timeEntries.filter((e) => e.endTime !== null);
      const billed = done.filter((e) => e.invoiceId !== undefined);
      const unbilled = done.filter((e) => e.invoiceId === undefined);
      expect(billed.length).toBeGreaterThan(100);
      for (const e of billed) {
        expect(e.startTime).toBeLessThan(today - 21 * DAY);
        expect(data.invoices.find((i) => i._id === e.invoiceId)?.customerId).toBe(e.customerId);
      }
      for (const e of unbilled) expect(e.startTime).toBeGreaterThan(today - 90 * DAY);
      expect(new Set(unbilled.map((e) => e.customerId)).size).toBeGreaterThanOrEqual(3);
    });

    it("has invoices in all states, several overdue, numbered per year in date order", () => {
      const { invoices } = data;
      expect(invoices.length).toBeGreaterThanOrEqual(30);
      expect(new Set(invoices.map((i) => i.status))).toEqual(new Set(["draft", "sent", "paid"]));
      const overdue = invoices.filter((i) => i.status === "sent" && i.invoiceDate < today - 14 * DAY);
      expect(overdue.length).toBeGreaterThanOrEqual(3);
      const byDate = [...invoices].sort((a, b) => a.invoiceDate - b.invoiceDate);
      const counters = new Map<number, number>();
      for (const i of byDate) {
        const year = berlinYear(i.invoiceDate);
        const n = (counters.get(year) ?? 0) + 1;
        counters.set(year, n);
        expect(i.invoiceNumber).toBe(`RE-${year}-${String(n).padStart(3, "0")}`);
        expect(i.taxRate).toBe(19);
        expect(i.taxCents).toBe(Math.floor((i.netCents * 19 + 50) / 100));
        expect(i.grossCents).toBe(i.netCents + i.taxCents);
        expect(i.createdAt).toBeLessThanOrEqual(reference);
        expect(i.invoiceDate).toBeLessThanOrEqual(reference);
        expect(i.activityType).toBe(data.customers.find((c) => c._id === i.customerId)?.activityType);
        if (i.status === "paid") {
          const days = ((i.paidAt ?? 0) - i.invoiceDate) / DAY;
          expect(days).toBeGreaterThanOrEqual(5);
          expect(days).toBeLessThan(41);
          expect(i.paidAt).toBeLessThan(reference);
        } else {
          expect(i.paidAt).toBeUndefined();
        }
      }
    });

    it("prices hourly invoices as the billed minutes times the customer's rate", () => {
      for (const invoice of data.invoices) {
        const entries = data.timeEntries.filter((e) => e.invoiceId === invoice._id);
        if (entries.length === 0) continue;
        const minutes = entries.reduce((sum, e) => sum + ((e.endTime ?? 0) - e.startTime) / 60_000, 0);
        const rate = data.customers.find((c) => c._id === invoice.customerId)?.hourlyRateCents ?? 0;
        expect(invoice.netCents).toBe(Math.round((minutes * rate) / 60));
      }
    });

    it("has at least 12 expenses within the year and unique ids everywhere", () => {
      expect(data.expenses.length).toBeGreaterThanOrEqual(12);
      for (const e of data.expenses) {
        expect(e.date).toBeLessThanOrEqual(today + DAY);
        expect(e.date).toBeGreaterThanOrEqual(historyStart(today));
        expect(e.amountCents).toBeGreaterThan(0);
        expect(e.category).not.toBe("");
      }
      const other = generateOtherAccount(seed, reference);
      const ids = [data, other].flatMap((a) =>
        [a.customers, a.projects, a.timeEntries, a.invoices, a.expenses].flatMap((list) =>
          list.map((r) => r._id),
        ),
      );
      expect(new Set(ids).size).toBe(ids.length);
    });

    it("has a small second account with its own invoice number pattern", () => {
      const other = generateOtherAccount(seed, reference);
      expect(other.customers).toHaveLength(2);
      expect(other.projects).toHaveLength(2);
      expect(other.timeEntries.length).toBeGreaterThan(0);
      expect(other.invoices.map((i) => i.invoiceNumber)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^\d{4}-0007$/)]),
      );
      for (const i of other.invoices) expect(i.invoiceNumber).toMatch(/^\d{4}-\d{4}$/);
    });
  });
});

describe("demo data over HTTP", () => {
  const reference = at("2026-03-15T11:00:00+01:00");
  const paths = [
    "/api/v1/invoices",
    "/api/v1/customers",
    "/api/v1/projects",
    "/api/v1/time-entries",
    "/api/v1/reports/outstanding-payments-by-customer",
    "/api/v1/reports/eur?year=2025",
  ];

  it("two sandboxes with the same seed and date answer identically", async () => {
    const a = await sandbox({ referenceDate: reference, now: () => reference });
    const b = await sandbox({ referenceDate: new Date(reference), now: () => reference });
    for (const path of paths) expect((await get(b, path)).body).toEqual((await get(a, path)).body);
  });

  it("shows several overdue customers and a running timer", async () => {
    const sb = await sandbox({ referenceDate: reference, now: () => reference + 30 * 60_000 });
    const report = await get<{ customers: { overdueCount: number }[]; overdueAmount: number }>(
      sb,
      "/api/v1/reports/outstanding-payments-by-customer",
    );
    expect(report.body.data.customers.reduce((n, c) => n + c.overdueCount, 0)).toBeGreaterThanOrEqual(3);
    expect(report.body.data.overdueAmount).toBeGreaterThan(0);
    const entries = await get<{ isRunning: boolean; durationMinutes: number; endTime: number | null }[]>(
      sb,
      "/api/v1/time-entries",
    );
    const running = entries.body.data.filter((e) => e.isRunning);
    expect(running).toHaveLength(1);
    expect(running[0]?.endTime).toBeNull();
    expect(running[0]?.durationMinutes).toBeGreaterThanOrEqual(30);
    const invoices = await get<{ invoiceNumber: string }[]>(sb, "/api/v1/invoices", sb.keys.other);
    expect(invoices.body.data.map((i) => i.invoiceNumber)).toContain("2026-0007");
  });

  it("answers every customer's summaries on the DST switch day", async () => {
    const dst = at("2026-03-29T12:00:00+02:00");
    const sb = await sandbox({ referenceDate: dst, now: () => dst });
    const customers = await get<{ _id: string }[]>(sb, "/api/v1/customers");
    for (const { _id } of customers.body.data) {
      const time = await get<{ weekHours: number; monthlyBreakdown: { monthKey: string }[] }>(
        sb,
        `/api/v1/time-entries/by-customer/${_id}/summary`,
      );
      expect(time.status).toBe(200);
      expect(time.body.data.monthlyBreakdown.length).toBeGreaterThanOrEqual(11);
      expect((await get(sb, `/api/v1/customers/${_id}/summary`)).status).toBe(200);
    }
  });

  it("defaults the reference date to the sandbox clock", async () => {
    const sb = await sandbox({ now: () => reference });
    const explicit = await sandbox({ referenceDate: reference, now: () => reference });
    expect((await get(sb, "/api/v1/invoices")).body).toEqual((await get(explicit, "/api/v1/invoices")).body);
  });
});

/** The demo history reaches back at least a year, and always to 1 January of the previous year. */
function historyStart(today: number): number {
  return Math.min(today - 366 * DAY, berlinTime(berlinParts(today).year - 1, 1, 1));
}
