import { describe, expect, it } from "vitest";
import { DateInputError, formatDuration, parseDuration } from "../../../src/domain/dates/index.js";

describe("parseDuration", () => {
  it.each([
    ["1h 30m", 90],
    ["1h30", 90],
    ["1h30m", 90],
    ["1 h 30", 90],
    ["90 min", 90],
    ["90 min.", 90],
    ["90m", 90],
    ["90 minutes", 90],
    ["1.5h", 90],
    ["1,5h", 90],
    ["1,5 Stunden", 90],
    ["1.25 hours", 75],
    ["1:30", 90],
    ["0:45", 45],
    ["1:30 h", 90],
    ["45 Minuten", 45],
    ["2 Stunden", 120],
    ["2 Std", 120],
    ["2 Std.", 120],
    ["2h", 120],
    ["2 hrs", 120],
    ["1 hour 15 minutes", 75],
    ["1 hour and 15 minutes", 75],
    ["1 Stunde 15 Minuten", 75],
    ["1 Stunde und 15 Minuten", 75],
    ["an hour", 60],
    ["one hour", 60],
    ["eine Stunde", 60],
    ["half an hour", 30],
    ["eine halbe Stunde", 30],
    ["halbe Stunde", 30],
    ["a quarter of an hour", 15],
    ["eine Viertelstunde", 15],
    ["anderthalb Stunden", 90],
    ["PT1H30M", 90],
    ["pt90m", 90],
    ["PT1.5H", 90],
    ["PT45M30S", 46],
    ["P1D", 1440],
    // Rounded to the nearest minute, half up.
    ["0.33h", 20],
    ["1.01h", 61],
    ["0.1 min", 0 + 0],
  ])("%s → %i min", (text, minutes) => {
    if (minutes === 0) {
      expect(() => parseDuration(text)).toThrow(/at least one minute/);
      return;
    }
    expect(parseDuration(text)).toBe(minutes);
  });

  it.each([
    ["", /the text is empty/],
    ["90", /"90" as a duration: a number needs a unit: write "90 min" or "90h"/],
    ["1,5", /write "1\.5 min" or "1\.5h"/],
    ["0h", /at least one minute/],
    ["0:00", /at least one minute/],
    ["-1h", /must be positive/],
    ["1h 2h", /"1h 2h" as a duration: not a duration/],
    ["30 seconds", /not a duration/],
    ["1:75", /not a duration/],
    ["PT", /not a duration/],
    ["blursday", /^Could not read "blursday" as a duration: not a duration\. Try "1h 30m", "90 min"/],
  ])("rejects %j", (text, message) => {
    expect(() => parseDuration(text)).toThrow(DateInputError);
    expect(() => parseDuration(text)).toThrow(message);
  });

  it.each([
    [45, "45m"],
    [60, "1h"],
    [90, "1h 30m"],
    [1440, "24h"],
  ])("formatDuration(%i) = %s and reads back", (minutes, text) => {
    expect(formatDuration(minutes)).toBe(text);
    expect(parseDuration(text)).toBe(minutes);
  });
});
