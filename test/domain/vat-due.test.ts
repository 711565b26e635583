import { describe, expect, it } from "vitest";
import { spanKind as filingPeriod } from "../../src/domain/calendar-span.js";
import { easterSunday, nationwideHoliday, nationwideHolidays } from "../../src/domain/holidays.js";
import { vatDue } from "../../src/domain/vat-due.js";

describe("vatDue", () => {
  // Weekdays checked against a calendar; March 2021 matches the published tax calendars
  // (12.04.2021, and 10.05.2021 with a permanent extension).
  it.each([
    ["October 2026", "2026-10-01", "2026-10-31", false, "2026-11-10", null], // Tuesday
    ["October 2026, extended", "2026-10-01", "2026-10-31", true, "2026-12-10", null], // Thursday
    ["November 2026, extended", "2026-11-01", "2026-11-30", true, "2027-01-11", "2027-01-10"], // Sunday
    ["December 2026, into the next year", "2026-12-01", "2026-12-31", false, "2027-01-11", "2027-01-10"],
    ["December 2026, extended", "2026-12-01", "2026-12-31", true, "2027-02-10", null], // Wednesday
    ["Q3 2026", "2026-07-01", "2026-09-30", false, "2026-10-12", "2026-10-10"], // Saturday
    ["Q3 2026, extended", "2026-07-01", "2026-09-30", true, "2026-11-10", null],
    ["March 2021", "2021-03-01", "2021-03-31", false, "2021-04-12", "2021-04-10"],
    ["March 2021, extended", "2021-03-01", "2021-03-31", true, "2021-05-10", null], // Monday
    ["February 2028 (leap year)", "2028-02-01", "2028-02-29", false, "2028-03-10", null], // Friday
  ])("%s is due %s", (_label, start, end, extended, due, moved) => {
    expect(vatDue({ start, end }, extended)).toEqual({
      filing: start.slice(5, 7) === "07" ? "quarter" : "month",
      dueDate: due,
      movedFromWeekend: moved,
      holidays: [],
    });
  });

  it("gives a year (the annual return) and any other span no due date", () => {
    expect(vatDue({ start: "2026-01-01", end: "2026-12-31" }, false)).toEqual({
      filing: "year",
      dueDate: null,
      movedFromWeekend: null,
      holidays: [],
    });
    for (const span of [
      { start: "2026-10-01", end: "2026-10-15" },
      { start: "2026-10-02", end: "2026-10-31" },
      { start: "2026-02-01", end: "2026-04-30" }, // three months, but not a calendar quarter
      { start: "2026-01-01", end: "2026-06-30" },
    ]) {
      expect(filingPeriod(span), JSON.stringify(span)).toBe("other");
      expect(vatDue(span, true).dueDate).toBeNull();
    }
    expect(filingPeriod({ start: "2026-10-01", end: "2026-12-31" })).toBe("quarter");
  });
});

describe("nationwide public holidays", () => {
  // Easter Sundays from published calendars, the earliest (22 March) and latest (25 April) included.
  it.each([
    [2019, "2019-04-21"],
    [2020, "2020-04-12"],
    [2023, "2023-04-09"],
    [2024, "2024-03-31"],
    [2025, "2025-04-20"],
    [2026, "2026-04-05"],
    [2029, "2029-04-01"],
    [2038, "2038-04-25"],
    [2285, "2285-03-22"],
  ])("Easter %i is %s", (year, day) => {
    expect(easterSunday(year)).toBe(day);
  });

  it("2029: nine days, the movable feasts from Easter; Ascension Day is 10 May", () => {
    expect(nationwideHolidays(2029).map((h) => h.day)).toEqual([
      "2029-01-01",
      "2029-03-30",
      "2029-04-02",
      "2029-05-01",
      "2029-05-10",
      "2029-05-21",
      "2029-10-03",
      "2029-12-25",
      "2029-12-26",
    ]);
    expect(nationwideHoliday("2029-05-10")?.name).toMatch(/Ascension Day/);
    // Regional holidays are not nationwide: Epiphany, Corpus Christi 2029, Reformation Day.
    for (const day of ["2029-01-06", "2029-05-31", "2029-10-31"])
      expect(nationwideHoliday(day)).toBeUndefined();
  });

  it.each([
    // April 2029: Thursday 10 May is Ascension Day.
    ["April 2029", "2029-04-01", "2029-04-30", false, "2029-05-11", ["2029-05-10"]],
    ["March 2029, extended", "2029-03-01", "2029-03-31", true, "2029-05-11", ["2029-05-10"]],
    // Q1 2023: Monday 10 April was Easter Monday.
    ["Q1 2023", "2023-01-01", "2023-03-31", false, "2023-04-11", ["2023-04-10"]],
    // March 2020: Good Friday 10 April, the weekend, Easter Monday 13 April.
    ["March 2020", "2020-03-01", "2020-03-31", false, "2020-04-14", ["2020-04-10", "2020-04-13"]],
  ])("%s is due %s, moved past the holidays", (_label, start, end, extended, due, holidays) => {
    const answer = vatDue({ start, end }, extended);
    expect(answer.dueDate).toBe(due);
    expect(answer.movedFromWeekend).toBe(`${due.slice(0, 8)}10`);
    expect(answer.holidays.map((h) => h.day)).toEqual(holidays);
  });
});
