import { describe, expect, it } from "vitest";
import { DateInputError, parsePeriod } from "../../../src/domain/dates/index.js";
import { at, NEW_YORK, SUNDAY } from "./fixtures.js";

type Row = readonly [phrase: string, start: string, end: string, label: string];

describe("parsePeriod (now = Sunday 2026-11-22 Berlin)", () => {
  it.each<Row>([
    ["last month", "2026-10-01", "2026-10-31", "October 2026"],
    ["letzten Monat", "2026-10-01", "2026-10-31", "October 2026"],
    ["vorigen Monat", "2026-10-01", "2026-10-31", "October 2026"],
    ["Vormonat", "2026-10-01", "2026-10-31", "October 2026"],
    ["this month", "2026-11-01", "2026-11-30", "November 2026"],
    ["diesen Monat", "2026-11-01", "2026-11-30", "November 2026"],
    ["March 2026", "2026-03-01", "2026-03-31", "March 2026"],
    ["März 2026", "2026-03-01", "2026-03-31", "March 2026"],
    ["Maerz 2026", "2026-03-01", "2026-03-31", "March 2026"],
    ["2026-03", "2026-03-01", "2026-03-31", "March 2026"],
    ["03/2026", "2026-03-01", "2026-03-31", "March 2026"],
    ["February 2028", "2028-02-01", "2028-02-29", "February 2028"],
    ["Februar 2027", "2027-02-01", "2027-02-28", "February 2027"],
    ["März", "2026-03-01", "2026-03-31", "March 2026"],
    ["im März", "2026-03-01", "2026-03-31", "March 2026"],
    ["in 2025", "2025-01-01", "2025-12-31", "2025"],
    ["December", "2025-12-01", "2025-12-31", "December 2025"],
    ["Q1 2026", "2026-01-01", "2026-03-31", "Q1 2026"],
    ["Q2 2026", "2026-04-01", "2026-06-30", "Q2 2026"],
    ["Q3/2026", "2026-07-01", "2026-09-30", "Q3 2026"],
    ["2026-Q4", "2026-10-01", "2026-12-31", "Q4 2026"],
    ["Q4", "2026-10-01", "2026-12-31", "Q4 2026"],
    ["1. Quartal 2026", "2026-01-01", "2026-03-31", "Q1 2026"],
    ["erstes Quartal 2026", "2026-01-01", "2026-03-31", "Q1 2026"],
    ["first quarter of 2026", "2026-01-01", "2026-03-31", "Q1 2026"],
    ["last quarter", "2026-07-01", "2026-09-30", "Q3 2026"],
    ["letztes Quartal", "2026-07-01", "2026-09-30", "Q3 2026"],
    ["this quarter", "2026-10-01", "2026-12-31", "Q4 2026"],
    ["this year", "2026-01-01", "2026-12-31", "2026"],
    ["dieses Jahr", "2026-01-01", "2026-12-31", "2026"],
    ["last year", "2025-01-01", "2025-12-31", "2025"],
    ["letztes Jahr", "2025-01-01", "2025-12-31", "2025"],
    ["im letzten Jahr", "2025-01-01", "2025-12-31", "2025"],
    ["vorletztes Jahr", "2024-01-01", "2024-12-31", "2024"],
    ["2025", "2025-01-01", "2025-12-31", "2025"],
    ["this week", "2026-11-16", "2026-11-22", "2026-W47"],
    ["diese Woche", "2026-11-16", "2026-11-22", "2026-W47"],
    ["last week", "2026-11-09", "2026-11-15", "2026-W46"],
    ["letzte Woche", "2026-11-09", "2026-11-15", "2026-W46"],
    ["KW 12 2026", "2026-03-16", "2026-03-22", "2026-W12"],
    ["2026-W53", "2026-12-28", "2027-01-03", "2026-W53"],
    ["last 7 days", "2026-11-16", "2026-11-22", "2026-11-16 to 2026-11-22"],
    ["letzte 30 Tage", "2026-10-24", "2026-11-22", "2026-10-24 to 2026-11-22"],
    ["2026-03-01..2026-03-15", "2026-03-01", "2026-03-15", "2026-03-01 to 2026-03-15"],
    ["2026-03-01 to 2026-03-15", "2026-03-01", "2026-03-15", "2026-03-01 to 2026-03-15"],
    ["2026-03-01 - 2026-03-15", "2026-03-01", "2026-03-15", "2026-03-01 to 2026-03-15"],
    ["2026-03-01 bis 2026-03-15", "2026-03-01", "2026-03-15", "2026-03-01 to 2026-03-15"],
    ["between 2026-03-01 and 2026-03-15", "2026-03-01", "2026-03-15", "2026-03-01 to 2026-03-15"],
    ["zwischen 1.3.2026 und 15.3.2026", "2026-03-01", "2026-03-15", "2026-03-01 to 2026-03-15"],
    ["from 2026-03-01 to 2026-03-15", "2026-03-01", "2026-03-15", "2026-03-01 to 2026-03-15"],
    ["1.3.2026 bis 15.3.2026", "2026-03-01", "2026-03-15", "2026-03-01 to 2026-03-15"],
    ["vom 1. bis 15. März 2026", "2026-03-01", "2026-03-15", "2026-03-01 to 2026-03-15"],
    ["Q1 2026 bis Q2 2026", "2026-01-01", "2026-06-30", "2026-01-01 to 2026-06-30"],
    ["March 2026 to May 2026", "2026-03-01", "2026-05-31", "2026-03-01 to 2026-05-31"],
    ["2026-03-29", "2026-03-29", "2026-03-29", "2026-03-29"],
    ["yesterday", "2026-11-21", "2026-11-21", "2026-11-21"],
    ["gestern", "2026-11-21", "2026-11-21", "2026-11-21"],
    ["3.3.2026", "2026-03-03", "2026-03-03", "2026-03-03"],
  ])("%s → %s..%s (%s)", (phrase, start, end, label) => {
    expect(parsePeriod(phrase, SUNDAY)).toMatchObject({ start, end, label });
  });

  describe("around year and quarter boundaries", () => {
    const january = at("2027-01-15T09:00:00+01:00");
    it.each<Row>([
      ["last month", "2026-12-01", "2026-12-31", "December 2026"],
      ["letzten Monat", "2026-12-01", "2026-12-31", "December 2026"],
      ["last quarter", "2026-10-01", "2026-12-31", "Q4 2026"],
      ["this quarter", "2027-01-01", "2027-03-31", "Q1 2027"],
      ["last year", "2026-01-01", "2026-12-31", "2026"],
      ["December", "2026-12-01", "2026-12-31", "December 2026"],
      ["January", "2027-01-01", "2027-01-31", "January 2027"],
      ["this week", "2027-01-11", "2027-01-17", "2027-W02"],
    ])("in January: %s → %s..%s", (phrase, start, end, label) => {
      expect(parsePeriod(phrase, january)).toMatchObject({ start, end, label });
    });

    it.each<Row>([
      ["2026-03-31T23:30:00+02:00", "Q1 2026", "2026-01-01", "2026-03-31"],
      ["2026-04-01T00:30:00+02:00", "Q1 2026", "2026-01-01", "2026-03-31"],
    ])("at %s, 'this quarter' and 'last quarter' switch at local midnight", (now, _label, _s, _e) => {
      const ctx = at(now);
      const thisQ = parsePeriod("this quarter", ctx);
      const lastQ = parsePeriod("last quarter", ctx);
      if (now.startsWith("2026-03-31")) {
        expect(thisQ.label).toBe("Q1 2026");
        expect(lastQ.label).toBe("Q4 2025");
        expect(lastQ).toEqual({ start: "2025-10-01", end: "2025-12-31", label: "Q4 2025" });
      } else {
        expect(thisQ.label).toBe("Q2 2026");
        expect(lastQ).toEqual({ start: "2026-01-01", end: "2026-03-31", label: "Q1 2026" });
      }
    });

    it("this week across New Year uses the ISO week (Monday–Sunday)", () => {
      expect(parsePeriod("this week", at("2026-01-01T12:00:00+01:00"))).toEqual({
        start: "2025-12-29",
        end: "2026-01-04",
        label: "2026-W01",
      });
    });

    it("the month is the zone's month at 23:30 New York time on the last day", () => {
      const ctx = at("2026-11-30T23:30:00-05:00", NEW_YORK); // already 1 December in UTC
      expect(parsePeriod("this month", ctx).label).toBe("November 2026");
      expect(parsePeriod("last month", ctx).label).toBe("October 2026");
    });
  });

  it.each([
    ["", /the text is empty/],
    ["blursday", /^Could not read "blursday" as a period\. Try "last month", "March 2026", "Q1 2026"/],
    ["Q5 2026", /^Could not read "Q5 2026" as a period/],
    ["2026-13", /there is no month 13/],
    ["2026-W54", /2026 has no ISO week 54/],
    ["2026-03-15..2026-03-01", /ends \(2026-03-01\) before it starts \(2026-03-15\)/],
    ["last 3 months", /only 'last N days'/],
    ["32.13.2026", /32\.13\.2026 is not a calendar date/],
    ["vom 31. bis 15. Februar 2026", /day 31 is not in that month/],
  ])("rejects %j", (phrase, message) => {
    expect(() => parsePeriod(phrase, SUNDAY)).toThrow(DateInputError);
    expect(() => parsePeriod(phrase, SUNDAY)).toThrow(message);
  });
});

describe("parsePeriod at the calendar's edges", () => {
  it.each([
    "Q1 0050",
    "0050-02",
    "0000",
    "Q4 9999",
    "9999-12",
    "1999",
    "2101-01",
    "0050-01-01..2026-01-01",
    "2026-01-01..9999-12-31",
  ])("%s: refused, saying which years are read", (phrase) => {
    expect(() => parsePeriod(phrase, SUNDAY)).toThrow(DateInputError);
    expect(() => parsePeriod(phrase, SUNDAY)).toThrow(/periods from 2000 to 2100 are supported/);
  });

  it.each<Row>([
    ["Q1 2000", "2000-01-01", "2000-03-31", "Q1 2000"],
    ["2100-12", "2100-12-01", "2100-12-31", "December 2100"],
  ])("%s → %s..%s (%s)", (phrase, start, end, label) => {
    expect(parsePeriod(phrase, SUNDAY)).toMatchObject({ start, end, label });
  });
});
