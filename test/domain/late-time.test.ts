import { describe, expect, it } from "vitest";
import { lateTime, minutesWorth } from "../../src/domain/late-time.js";
import { supplementNotes } from "../../src/domain/period-billing.js";

const OCTOBER = { start: "2026-10-01", end: "2026-10-31" };
const billed = (netCents: number, periodStart: string | null = "2026-10-01", periodEnd = "2026-10-31") => ({
  netCents,
  periodStart,
  periodEnd: periodStart === null ? null : periodEnd,
});

describe("lateTime: the period's time against what its invoices bill", () => {
  it("the difference, in minutes when it is a whole number of them at the rate", () => {
    // 806.25 EUR of time, 731.25 EUR billed: 75.00 EUR = 45 min at 100.00 EUR/h
    expect(lateTime(OCTOBER, { amount: 80625, rate: 10000 }, [billed(73125)])).toEqual({
      kind: "compared",
      time: 80625,
      billed: 73125,
      difference: 7500,
      minutes: 45,
    });
    // 10.01 EUR at 100.00 EUR/h is no whole number of minutes
    expect(lateTime(OCTOBER, { amount: 10001, rate: 10000 }, [])).toEqual({ kind: "unbilled" });
    expect(lateTime(OCTOBER, { amount: 10001, rate: 10000 }, [billed(0, null)])).toMatchObject({
      difference: 10001,
      minutes: null,
    });
  });

  it("billed beyond the time is a negative difference; an invoice of a longer period cannot be split", () => {
    expect(lateTime(OCTOBER, { amount: 5000, rate: 10000 }, [billed(6000)])).toMatchObject({
      difference: -1000,
      minutes: null,
    });
    expect(
      lateTime(OCTOBER, { amount: 5000, rate: 10000 }, [
        billed(1000),
        billed(6000, "2026-10-01", "2026-12-31"),
      ]),
    ).toEqual({ kind: "wider", wider: [1] });
  });

  it("minutesWorth rounds the way invoices count (half-up)", () => {
    expect(minutesWorth(2917, 8750)).toBe(20); // 20 min × 87.50 / 60 = 29.166… → 29.17
    expect(minutesWorth(2916, 8750)).toBeNull();
    expect(minutesWorth(0, 8750)).toBeNull();
  });
});

describe("supplementNotes", () => {
  it("says Nachtrag, the hours and the rate, or the amount alone", () => {
    expect(supplementNotes(OCTOBER, 45, 10000, 7500)).toBe("Nachtrag Oktober 2026: 0,75 Std. à 100,00 €");
    expect(supplementNotes(OCTOBER, null, 10000, 1234567)).toBe("Nachtrag Oktober 2026: 12.345,67 €");
  });
});
