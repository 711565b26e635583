/**
 * The one rule for wall-clock times around Berlin's DST switches (README, "Calendar"): a repeated
 * time is the earlier instant, a skipped one moves forward by the jump. The suite runs in
 * America/Los_Angeles, so nothing here leans on the machine's zone.
 */
import { describe, expect, it } from "vitest";
import {
  addBerlinDays,
  addBerlinMonths,
  berlinDayKey,
  berlinTime,
  startOfBerlinDay,
} from "../src/calendar.js";

const utc = (iso: string) => Date.parse(iso);

describe("Berlin wall-clock times", () => {
  it("an ordinary time has its one instant, in winter and in summer", () => {
    expect(berlinTime(2026, 1, 15, 9, 30)).toBe(utc("2026-01-15T08:30:00Z"));
    expect(berlinTime(2026, 7, 15, 9, 30)).toBe(utc("2026-07-15T07:30:00Z"));
  });

  it("the repeated autumn hour is the earlier, summer-time instant", () => {
    // Sunday 25 October 2026: at 03:00 summer time the clocks go back to 02:00.
    expect(berlinTime(2026, 10, 25, 2, 30)).toBe(utc("2026-10-25T00:30:00Z"));
    expect(berlinTime(2026, 10, 25, 2, 0)).toBe(utc("2026-10-25T00:00:00Z"));
    // Either side of the repeated hour, a single instant each.
    expect(berlinTime(2026, 10, 25, 1, 59)).toBe(utc("2026-10-24T23:59:00Z"));
    expect(berlinTime(2026, 10, 25, 3, 0)).toBe(utc("2026-10-25T02:00:00Z"));
  });

  it("the skipped spring hour moves forward by the jump", () => {
    // Sunday 29 March 2026: at 02:00 winter time the clocks jump to 03:00.
    expect(berlinTime(2026, 3, 29, 2, 30)).toBe(utc("2026-03-29T01:30:00Z")); // = 03:30 summer time
    expect(berlinTime(2026, 3, 29, 2, 0)).toBe(utc("2026-03-29T01:00:00Z")); // = 03:00 summer time
    expect(berlinTime(2026, 3, 29, 1, 59)).toBe(utc("2026-03-29T00:59:00Z"));
    expect(berlinTime(2026, 3, 29, 3, 0)).toBe(utc("2026-03-29T01:00:00Z"));
  });

  it("adding days keeps the wall clock across a switch and lands by the same rule", () => {
    // 09:00 on the Saturday before each switch → 09:00 on the Sunday of the switch.
    expect(addBerlinDays(utc("2026-03-28T08:00:00Z"), 1)).toBe(utc("2026-03-29T07:00:00Z"));
    expect(addBerlinDays(utc("2026-10-24T07:00:00Z"), 1)).toBe(utc("2026-10-25T08:00:00Z"));
    // 02:30 on the day before → the repeated 02:30 (earlier) and the skipped 02:30 (forward).
    expect(addBerlinDays(utc("2026-10-24T00:30:00Z"), 1)).toBe(utc("2026-10-25T00:30:00Z"));
    expect(addBerlinDays(utc("2026-03-28T01:30:00Z"), 1)).toBe(utc("2026-03-29T01:30:00Z"));
  });

  it("adding months clamps to the month's last day", () => {
    expect(berlinDayKey(addBerlinMonths(berlinTime(2026, 1, 31, 12), 1))).toBe("2026-02-28");
    expect(berlinDayKey(addBerlinMonths(berlinTime(2024, 3, 31, 12), -1))).toBe("2024-02-29");
    expect(addBerlinMonths(berlinTime(2026, 2, 25, 12), 1)).toBe(utc("2026-03-25T11:00:00Z"));
    expect(addBerlinMonths(berlinTime(2026, 9, 25, 2, 30), 1)).toBe(utc("2026-10-25T00:30:00Z"));
  });

  it("a Berlin day starts at its midnight, on the days of both switches", () => {
    expect(startOfBerlinDay(utc("2026-03-29T20:00:00Z"))).toBe(utc("2026-03-28T23:00:00Z"));
    expect(startOfBerlinDay(utc("2026-10-25T20:00:00Z"))).toBe(utc("2026-10-24T22:00:00Z"));
  });
});
