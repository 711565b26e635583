/** Slots on the clock: half-open overlaps, durations as people say them, the week a day is in. */
import { describe, expect, it } from "vitest";
import { shiftDay } from "../../src/domain/calendar-span.js";
import { mondayOf, overlaps, spokenDuration } from "../../src/domain/time-slots.js";

const at = (hhmm: string) => Date.parse(`2026-11-20T${hhmm}:00+01:00`);
const slot = (from: string, to: string) => ({ startMs: at(from), endMs: at(to) });

describe("overlaps", () => {
  it.each([
    [slot("09:00", "11:00"), slot("10:00", "12:00"), true],
    [slot("09:00", "14:00"), slot("10:00", "11:00"), true],
    [slot("09:00", "11:00"), slot("09:00", "11:00"), true],
    [slot("09:00", "11:00"), slot("11:00", "12:00"), false], // touching
    [slot("12:00", "13:00"), slot("09:00", "11:00"), false],
  ])("%j and %j → %s", (a, b, expected) => {
    expect(overlaps(a, b)).toBe(expected);
    expect(overlaps(b, a)).toBe(expected);
  });
});

describe("spokenDuration", () => {
  it.each([
    [150, "2 h 30 min"],
    [120, "2 h"],
    [45, "45 min"],
    [1440, "24 h"],
  ])("%i → %s", (minutes, text) => {
    expect(spokenDuration(minutes)).toBe(text);
  });
});

describe("mondayOf and shiftDay", () => {
  it.each([
    ["2026-11-16", "2026-11-16"], // Monday
    ["2026-11-20", "2026-11-16"], // Friday
    ["2026-11-22", "2026-11-16"], // Sunday belongs to the week before it
    ["2026-03-29", "2026-03-23"], // the day clocks change
    ["2027-01-01", "2026-12-28"], // across a year
  ])("%s is in the week of %s", (day, monday) => {
    expect(mondayOf(day)).toBe(monday);
  });

  it("moves across months and years", () => {
    expect(shiftDay("2026-12-31", 1)).toBe("2027-01-01");
    expect(shiftDay("2026-03-01", -1)).toBe("2026-02-28");
  });
});
