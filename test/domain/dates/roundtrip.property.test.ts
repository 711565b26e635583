import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  dayBoundsUtc,
  formatDay,
  formatInstant,
  parseDay,
  parseInstant,
  wallClockAt,
  zonedDateTimeToUtc,
} from "../../../src/domain/dates/index.js";

const ZONES = [
  "Europe/Berlin",
  "America/New_York",
  "America/Los_Angeles",
  "Asia/Kolkata",
  "Asia/Kathmandu",
  "Australia/Lord_Howe",
  "Pacific/Chatham",
  "UTC",
] as const;

const zone = fc.constantFrom(...ZONES);
const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) });
const now = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) });

describe("round trips", () => {
  it("formatInstant then parseInstant gives back the same millisecond, in any zone", () => {
    fc.assert(
      fc.property(instant, zone, zone, now, (ms, formatZone, parseZone, nowMs) => {
        const text = formatInstant(ms, formatZone);
        expect(parseInstant(text, { now: nowMs, timeZone: formatZone }).getTime()).toBe(ms);
        // The offset in the text wins over the reader's zone.
        expect(parseInstant(text, { now: nowMs, timeZone: parseZone }).getTime()).toBe(ms);
      }),
      { numRuns: 500 },
    );
  });

  it("an instant lies within the bounds of the day it is formatted on", () => {
    fc.assert(
      fc.property(instant, zone, (ms, timeZone) => {
        const day = formatDay(ms, timeZone);
        const { startMs, endMs } = dayBoundsUtc(day, timeZone);
        expect(startMs <= ms && ms < endMs).toBe(true);
        expect(parseDay(day, { now: ms, timeZone })).toBe(day);
      }),
      { numRuns: 300 },
    );
  });

  it("the wall clock of an instant maps back to it, unless it is the later of a repeated hour", () => {
    fc.assert(
      fc.property(instant, zone, (ms, timeZone) => {
        const wall = wallClockAt(ms, timeZone);
        const back = zonedDateTimeToUtc(wall, timeZone);
        expect(back === ms || back < ms).toBe(true);
        expect(wallClockAt(back, timeZone)).toEqual(wall);
      }),
      { numRuns: 500 },
    );
  });
});
