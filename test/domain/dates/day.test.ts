import { describe, expect, it } from "vitest";
import { DateInputError, parseDay } from "../../../src/domain/dates/index.js";
import { at, NEW_YORK, SUNDAY } from "./fixtures.js";

describe("parseDay (now = Sunday 2026-11-22 10:15 Berlin)", () => {
  it.each([
    ["2026-03-29", "2026-03-29"],
    ["2028-02-29", "2028-02-29"],
    ["today", "2026-11-22"],
    ["heute", "2026-11-22"],
    ["yesterday", "2026-11-21"],
    ["gestern", "2026-11-21"],
    ["vorgestern", "2026-11-20"],
    ["tomorrow", "2026-11-23"],
    ["morgen", "2026-11-23"],
    ["now", "2026-11-22"],
    ["last Friday", "2026-11-20"],
    ["letzten Freitag", "2026-11-20"],
    ["Friday", "2026-11-20"],
    ["last Sunday", "2026-11-15"],
    ["1. März 2026", "2026-03-01"],
    ["March 3, 2026", "2026-03-03"],
    ["3 March 2026", "2026-03-03"],
    ["3.3.2026", "2026-03-03"],
    ["03.03.2026", "2026-03-03"],
    ["29.2.2028", "2028-02-29"],
    ["3. März", "2026-03-03"],
    ["24. Dezember", "2025-12-24"],
    ["yesterday 9:00", "2026-11-21"],
    ["2026-03-29T10:00", "2026-03-29"],
    ["2026-03-29T23:30:00Z", "2026-03-30"],
    ["2026-03-29T23:30:00-05:00", "2026-03-30"],
  ])("%s → %s", (phrase, expected) => {
    expect(parseDay(phrase, SUNDAY)).toBe(expected);
  });

  it("29 February without a year: the current leap year; in other years it needs the year", () => {
    expect(parseDay("29. Februar", at("2028-03-01T12:00:00+01:00"))).toBe("2028-02-29");
    expect(parseDay("Feb 29", at("2028-03-01T12:00:00+01:00"))).toBe("2028-02-29");
    expect(parseDay("29. Februar 2024", at("2027-06-01T12:00:00+02:00"))).toBe("2024-02-29");
    // chrono-node checks the date against the current year before we can choose one.
    expect(() => parseDay("29. Februar", at("2027-06-01T12:00:00+02:00"))).toThrow(DateInputError);
  });

  it("last month in January is December of the year before (days too)", () => {
    expect(parseDay("24. Dezember", at("2027-01-05T12:00:00+01:00"))).toBe("2026-12-24");
    expect(parseDay("yesterday", at("2027-01-01T00:10:00+01:00"))).toBe("2026-12-31");
  });

  it("today is the zone's date, not UTC's", () => {
    expect(parseDay("today", at("2026-11-22T23:30:00-05:00", NEW_YORK))).toBe("2026-11-22");
    expect(parseDay("today", at("2026-11-23T00:30:00+01:00"))).toBe("2026-11-23");
    expect(parseDay("2026-11-23T03:00:00Z", at("2026-11-22T23:30:00-05:00", NEW_YORK))).toBe("2026-11-22");
  });

  it.each([
    ["", /the text is empty/],
    ["14:00", /names a time of day but no date/],
    ["blursday", /^Could not read "blursday" as a date\. Try "2026-03-29", "today"/],
    ["32.13.2026", /32\.13\.2026 is not a calendar date/],
    ["2027-02-29", /2027-02-29 is not a calendar date/],
  ])("rejects %j", (phrase, message) => {
    expect(() => parseDay(phrase, SUNDAY)).toThrow(DateInputError);
    expect(() => parseDay(phrase, SUNDAY)).toThrow(message);
  });
});
