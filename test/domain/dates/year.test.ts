import { describe, expect, it } from "vitest";
import { DateInputError, parseYear } from "../../../src/domain/dates/index.js";
import { at, SUNDAY } from "./fixtures.js";

describe("parseYear (now = 2026-11-22)", () => {
  it.each<[number | string, number]>([
    [2025, 2025],
    ["2025", 2025],
    [" 2025 ", 2025],
    ["this year", 2026],
    ["dieses Jahr", 2026],
    ["last year", 2025],
    ["letztes Jahr", 2025],
    ["Vorjahr", 2025],
    ["vorletztes Jahr", 2024],
    ["year before last", 2024],
    ["2 years ago", 2024],
    ["vor 3 Jahren", 2023],
    [2000, 2000],
    [2100, 2100],
  ])("%j → %i", (input, expected) => {
    expect(parseYear(input, SUNDAY)).toBe(expected);
  });

  it("'this year' follows the zone's new year, not UTC's", () => {
    expect(parseYear("this year", at("2027-01-01T00:30:00+01:00"))).toBe(2027);
    expect(parseYear("last year", at("2027-01-01T00:30:00+01:00"))).toBe(2026);
  });

  it.each<[number | string, RegExp]>([
    [1999, /"1999" as a year: years from 2000 to 2100 are supported/],
    [2101, /years from 2000 to 2100/],
    ["2101", /years from 2000 to 2100/],
    [2025.5, /"2025\.5" as a year: a year is a whole number/],
    [Number.NaN, /"NaN" as a year/],
    ["", /the text is empty/],
    [
      "blursday",
      /^Could not read "blursday" as a year\. Try "2025", "this year", "last year", "letztes Jahr"\.$/,
    ],
    ["last month", /"last month" as a year/],
  ])("rejects %j", (input, message) => {
    expect(() => parseYear(input, SUNDAY)).toThrow(DateInputError);
    expect(() => parseYear(input, SUNDAY)).toThrow(message);
  });
});
