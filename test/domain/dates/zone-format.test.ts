import { describe, expect, it } from "vitest";
import {
  dayBoundsUtc,
  formatDay,
  formatInstant,
  formatLocalDateTime,
  offsetMinutesAt,
  rangeBoundsUtc,
  resolveLocalDateTime,
  wallClockAt,
  zonedDateTimeToUtc,
} from "../../../src/domain/dates/index.js";
import { BERLIN, NEW_YORK } from "./fixtures.js";

const iso = (ms: number): string => new Date(ms).toISOString();

describe("zonedDateTimeToUtc / resolveLocalDateTime", () => {
  it.each([
    [{ year: 2026, month: 11, day: 22, hour: 10, minute: 15 }, BERLIN, "2026-11-22T09:15:00.000Z", "exact"],
    [{ year: 2026, month: 7, day: 1, hour: 10 }, BERLIN, "2026-07-01T08:00:00.000Z", "exact"],
    [{ year: 2026, month: 3, day: 29 }, BERLIN, "2026-03-28T23:00:00.000Z", "exact"],
    [{ year: 2026, month: 3, day: 29, hour: 2, minute: 0 }, BERLIN, "2026-03-29T01:00:00.000Z", "gap"],
    [{ year: 2026, month: 3, day: 29, hour: 2, minute: 59 }, BERLIN, "2026-03-29T01:59:00.000Z", "gap"],
    [{ year: 2026, month: 3, day: 29, hour: 3 }, BERLIN, "2026-03-29T01:00:00.000Z", "exact"],
    [{ year: 2026, month: 10, day: 25, hour: 2 }, BERLIN, "2026-10-25T00:00:00.000Z", "overlap"],
    [{ year: 2026, month: 10, day: 25, hour: 2, minute: 59 }, BERLIN, "2026-10-25T00:59:00.000Z", "overlap"],
    [{ year: 2026, month: 10, day: 25, hour: 3 }, BERLIN, "2026-10-25T02:00:00.000Z", "exact"],
    [{ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, NEW_YORK, "2026-03-08T07:30:00.000Z", "gap"],
    [{ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, NEW_YORK, "2026-11-01T05:30:00.000Z", "overlap"],
    [{ year: 2028, month: 2, day: 29, hour: 12 }, BERLIN, "2028-02-29T11:00:00.000Z", "exact"],
    [{ year: 2026, month: 6, day: 1, hour: 12 }, "Asia/Kathmandu", "2026-06-01T06:15:00.000Z", "exact"],
  ] as const)("%o in %s → %s (%s)", (local, zone, expected, fit) => {
    expect(iso(zonedDateTimeToUtc(local, zone))).toBe(expected);
    expect(resolveLocalDateTime(local, zone).fit).toBe(fit);
  });

  it("reads instants back as wall-clock fields", () => {
    expect(wallClockAt(Date.parse("2026-03-29T01:30:00Z"), BERLIN)).toEqual({
      year: 2026,
      month: 3,
      day: 29,
      hour: 3,
      minute: 30,
      second: 0,
      millisecond: 0,
    });
    expect(offsetMinutesAt(Date.parse("2026-03-29T00:59:00Z"), BERLIN)).toBe(60);
    expect(offsetMinutesAt(Date.parse("2026-03-29T01:00:00Z"), BERLIN)).toBe(120);
    expect(offsetMinutesAt(Date.parse("2026-07-01T00:00:00Z"), NEW_YORK)).toBe(-240);
  });

  it("offsetMinutesAt answers the same when asked again (it remembers), per zone, and refuses a bad zone", () => {
    const instants = [
      "2026-03-29T00:59:00Z",
      "2026-03-29T01:00:00Z",
      "2026-10-25T00:59:00Z",
      "2026-10-25T01:00:00Z",
    ];
    for (let round = 0; round < 3; round++) {
      expect(instants.map((at) => offsetMinutesAt(Date.parse(at), BERLIN))).toEqual([60, 120, 120, 60]);
      expect(instants.map((at) => offsetMinutesAt(Date.parse(at), NEW_YORK))).toEqual([
        -240, -240, -240, -240,
      ]);
    }
    expect(() => offsetMinutesAt(Date.parse(instants[0]!), "Mars/Olympus")).toThrow();
    expect(() => offsetMinutesAt(Date.parse(instants[0]!), "Mars/Olympus")).toThrow();
  });
});

describe("formatting", () => {
  it.each([
    ["2026-03-29T08:00:00Z", BERLIN, "2026-03-29T10:00:00+02:00"],
    ["2026-03-28T08:00:00Z", BERLIN, "2026-03-28T09:00:00+01:00"],
    ["2026-10-25T00:30:00Z", BERLIN, "2026-10-25T02:30:00+02:00"],
    ["2026-10-25T01:30:00Z", BERLIN, "2026-10-25T02:30:00+01:00"],
    ["2026-11-23T04:30:00Z", NEW_YORK, "2026-11-22T23:30:00-05:00"],
    ["2026-11-23T04:30:00.042Z", NEW_YORK, "2026-11-22T23:30:00.042-05:00"],
    ["2026-11-23T04:30:00Z", "UTC", "2026-11-23T04:30:00+00:00"],
    ["2026-06-01T06:15:00Z", "Asia/Kathmandu", "2026-06-01T12:00:00+05:45"],
  ])("formatInstant(%s, %s) = %s", (instant, zone, expected) => {
    expect(formatInstant(Date.parse(instant), zone)).toBe(expected);
    expect(formatInstant(new Date(instant), zone)).toBe(expected);
  });

  it("formats the local day and a compact local time in the zone, not in UTC or the process zone", () => {
    const lateInNewYork = Date.parse("2026-11-23T04:30:00Z");
    expect(formatDay(lateInNewYork, NEW_YORK)).toBe("2026-11-22");
    expect(formatDay(lateInNewYork, BERLIN)).toBe("2026-11-23");
    expect(formatLocalDateTime(lateInNewYork, NEW_YORK)).toBe("2026-11-22 23:30");
    expect(formatDay(Date.parse("2026-11-22T23:30:00Z"), BERLIN)).toBe("2026-11-23");
  });

  it("rejects invalid instants and zones", () => {
    expect(() => formatInstant(Number.NaN, BERLIN)).toThrow(RangeError);
    expect(() => formatInstant(0, "Not/AZone")).toThrow(/Unknown time zone "Not\/AZone"/);
  });
});

describe("dayBoundsUtc", () => {
  it.each([
    ["2026-11-22", BERLIN, "2026-11-21T23:00:00.000Z", "2026-11-22T23:00:00.000Z", 24],
    ["2026-03-29", BERLIN, "2026-03-28T23:00:00.000Z", "2026-03-29T22:00:00.000Z", 23],
    ["2026-10-25", BERLIN, "2026-10-24T22:00:00.000Z", "2026-10-25T23:00:00.000Z", 25],
    ["2026-11-22", NEW_YORK, "2026-11-22T05:00:00.000Z", "2026-11-23T05:00:00.000Z", 24],
    ["2028-02-29", BERLIN, "2028-02-28T23:00:00.000Z", "2028-02-29T23:00:00.000Z", 24],
  ])("%s in %s is [%s, %s), %i hours", (day, zone, start, end, hours) => {
    const { startMs, endMs } = dayBoundsUtc(day, zone);
    expect(iso(startMs)).toBe(start);
    expect(iso(endMs)).toBe(end);
    expect((endMs - startMs) / 3_600_000).toBe(hours);
  });

  it("covers a whole period and rejects malformed days", () => {
    const { startMs, endMs } = rangeBoundsUtc("2026-03-01", "2026-03-31", BERLIN);
    expect(iso(startMs)).toBe("2026-02-28T23:00:00.000Z");
    expect(iso(endMs)).toBe("2026-03-31T22:00:00.000Z");
    expect(() => dayBoundsUtc("2026-02-30", BERLIN)).toThrow(RangeError);
    expect(() => dayBoundsUtc("yesterday", BERLIN)).toThrow(RangeError);
    expect(() => rangeBoundsUtc("2026-03-02", "2026-03-01", BERLIN)).toThrow(RangeError);
  });
});
