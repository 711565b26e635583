import { describe, expect, it } from "vitest";
import { lastDayOfMonth, monthOf, shiftDay, spanKind } from "../../src/domain/calendar-span.js";

describe("whole days and months", () => {
  it.each([
    [2026, 2, "2026-02-28"],
    [2024, 2, "2024-02-29"],
    [2026, 4, "2026-04-30"],
    [2026, 12, "2026-12-31"],
    [2026, 13, "2027-01-31"],
  ])("the last day of %i-%i is %s", (year, month, last) => {
    expect(lastDayOfMonth(year, month)).toBe(last);
  });

  it("counts the last day as the Date does, for every month 0 to 13 of the years 90 to 9999", () => {
    for (let year = 90; year <= 9999; year++) {
      for (let month = 0; month <= 13; month++) {
        const expected = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
        if (lastDayOfMonth(year, month) !== expected)
          expect(`${year}-${month}: ${lastDayOfMonth(year, month)}`).toBe(expected);
      }
    }
  });

  it("gives the month of a day and of a month key alike", () => {
    expect(monthOf("2024-02-17")).toEqual({ start: "2024-02-01", end: "2024-02-29" });
    expect(monthOf("2026-11")).toEqual({ start: "2026-11-01", end: "2026-11-30" });
  });

  it("moves a day across month, year and DST boundaries by whole days", () => {
    expect(shiftDay("2026-03-28", 2)).toBe("2026-03-30");
    expect(shiftDay("2026-12-31", 1)).toBe("2027-01-01");
    expect(shiftDay("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("knows a whole month, quarter and year, and nothing else", () => {
    expect(spanKind(monthOf("2026-02"))).toBe("month");
    expect(spanKind({ start: "2026-07-01", end: "2026-09-30" })).toBe("quarter");
    expect(spanKind({ start: "2026-01-01", end: "2026-12-31" })).toBe("year");
    expect(spanKind({ start: "2026-02-01", end: "2026-02-27" })).toBe("other");
    expect(spanKind({ start: "2026-02-02", end: "2026-02-28" })).toBe("other");
  });
});
