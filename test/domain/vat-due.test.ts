import { describe, expect, it } from "vitest";
import { spanKind as filingPeriod } from "../../src/domain/calendar-span.js";
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
    });
  });

  it("gives a year (the annual return) and any other span no due date", () => {
    expect(vatDue({ start: "2026-01-01", end: "2026-12-31" }, false)).toEqual({
      filing: "year",
      dueDate: null,
      movedFromWeekend: null,
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
