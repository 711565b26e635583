import { describe, expect, it } from "vitest";
import {
  DateInputError,
  FUTURE_TOLERANCE_MS,
  formatInstant,
  parseInstant,
  resolveInstant,
} from "../../../src/domain/dates/index.js";
import { at, BERLIN, NEW_YORK, SUNDAY } from "./fixtures.js";

/** The phrase resolved in the context and shown as ISO local time with offset. */
function read(phrase: string, ctx = SUNDAY): string {
  return formatInstant(parseInstant(phrase, ctx), ctx.timeZone);
}

describe("parseInstant: the phrases users write (now = Sunday 2026-11-22 10:15 Berlin)", () => {
  it.each([
    // ISO 8601
    ["2026-03-29T10:00", "2026-03-29T10:00:00+02:00"],
    ["2026-03-29 10:00", "2026-03-29T10:00:00+02:00"],
    ["2026-03-29T10:00:00Z", "2026-03-29T12:00:00+02:00"],
    ["2026-03-29T10:00:00+02:00", "2026-03-29T10:00:00+02:00"],
    ["2026-03-29T10:00+0530", "2026-03-29T06:30:00+02:00"],
    ["2026-11-22T08:00:00.250-05:00", "2026-11-22T14:00:00.250+01:00"],
    ["2026-03-29", "2026-03-29T00:00:00+01:00"],
    ["2028-02-29T12:00", "2028-02-29T12:00:00+01:00"],
    // English
    ["now", "2026-11-22T10:15:00+01:00"],
    ["yesterday 9:00", "2026-11-21T09:00:00+01:00"],
    ["yesterday 9", "2026-11-21T09:00:00+01:00"],
    ["today 8", "2026-11-22T08:00:00+01:00"],
    ["monday at 10", "2026-11-16T10:00:00+01:00"],
    ["yesterday morning", "2026-11-21T09:00:00+01:00"],
    ["yesterday afternoon", "2026-11-21T14:00:00+01:00"],
    ["yesterday evening", "2026-11-21T18:00:00+01:00"],
    ["yesterday evening at 8", "2026-11-21T20:00:00+01:00"],
    ["yesterday at noon", "2026-11-21T12:00:00+01:00"],
    ["yesterday 9pm", "2026-11-21T21:00:00+01:00"],
    ["last night", "2026-11-21T22:00:00+01:00"],
    ["today 14:30", "2026-11-22T14:30:00+01:00"],
    ["14:00", "2026-11-22T14:00:00+01:00"],
    ["14:00 UTC", "2026-11-22T15:00:00+01:00"],
    ["last Monday", "2026-11-16T00:00:00+01:00"],
    ["last Sunday", "2026-11-15T00:00:00+01:00"],
    ["Sunday", "2026-11-22T00:00:00+01:00"],
    ["Friday 10:00", "2026-11-20T10:00:00+01:00"],
    ["next Monday 9:00", "2026-11-23T09:00:00+01:00"],
    ["last friday at 1pm", "2026-11-20T13:00:00+01:00"],
    ["2 days ago 14:00", "2026-11-20T14:00:00+01:00"],
    ["3 days ago", "2026-11-19T00:00:00+01:00"],
    ["day before yesterday", "2026-11-20T00:00:00+01:00"],
    ["2 hours ago", "2026-11-22T08:15:00+01:00"],
    ["90 min ago", "2026-11-22T08:45:00+01:00"],
    ["March 3, 2026 10:00", "2026-03-03T10:00:00+01:00"],
    ["Mar 3", "2026-03-03T00:00:00+01:00"],
    // German
    ["jetzt", "2026-11-22T10:15:00+01:00"],
    ["gestern 14 Uhr", "2026-11-21T14:00:00+01:00"],
    ["20.11. 9:00", "2026-11-20T09:00:00+01:00"],
    ["am 3.3. um 14 Uhr", "2026-03-03T14:00:00+01:00"],
    ["gestern um 14:30 Uhr", "2026-11-21T14:30:00+01:00"],
    ["gestern 14.30 Uhr", "2026-11-21T14:30:00+01:00"],
    ["gestern morgen", "2026-11-21T09:00:00+01:00"],
    ["gestern früh", "2026-11-21T09:00:00+01:00"],
    ["gestern Nachmittag", "2026-11-21T14:00:00+01:00"],
    ["gestern Abend", "2026-11-21T18:00:00+01:00"],
    ["gestern abend 8 Uhr", "2026-11-21T20:00:00+01:00"],
    ["heute 9:30", "2026-11-22T09:30:00+01:00"],
    ["heute mittag", "2026-11-22T12:00:00+01:00"],
    ["vorgestern 10 Uhr", "2026-11-20T10:00:00+01:00"],
    ["letzten Freitag", "2026-11-20T00:00:00+01:00"],
    ["letzten Freitag 13 Uhr", "2026-11-20T13:00:00+01:00"],
    ["vergangenen Freitag um 13 Uhr", "2026-11-20T13:00:00+01:00"],
    ["letzten Sonntag", "2026-11-15T00:00:00+01:00"],
    ["Montag 8:00", "2026-11-16T08:00:00+01:00"],
    ["am Montag um 8 Uhr", "2026-11-16T08:00:00+01:00"],
    ["diesen Montag", "2026-11-16T00:00:00+01:00"],
    ["nächsten Montag 9 Uhr", "2026-11-23T09:00:00+01:00"],
    ["am 3. März 10 Uhr", "2026-03-03T10:00:00+01:00"],
    ["3. März 2026 um 10:00", "2026-03-03T10:00:00+01:00"],
    ["24. Dezember", "2025-12-24T00:00:00+01:00"],
    ["3.3.2026 10:00", "2026-03-03T10:00:00+01:00"],
    ["3.4.2026", "2026-04-03T00:00:00+02:00"],
    ["29.2.2028 10:00", "2028-02-29T10:00:00+01:00"],
    ["vor 2 Stunden", "2026-11-22T08:15:00+01:00"],
    ["vor einer halben Stunde", "2026-11-22T09:45:00+01:00"],
    ["vor 3 Tagen 14 Uhr", "2026-11-19T14:00:00+01:00"],
    ["9 Uhr abends", "2026-11-22T21:00:00+01:00"],
  ])("%s → %s", (phrase, expected) => {
    expect(read(phrase)).toBe(expected);
  });
});

describe("parseInstant: bare weekdays lean to the past", () => {
  const monday = at("2026-11-23T10:00:00+01:00");
  it.each([
    ["last Monday", "2026-11-16T00:00:00+01:00"],
    ["letzten Montag", "2026-11-16T00:00:00+01:00"],
    ["Monday 9:00", "2026-11-23T09:00:00+01:00"],
    ["Montag 8:00", "2026-11-23T08:00:00+01:00"],
    ["next Monday", "2026-11-30T00:00:00+01:00"],
    ["Friday", "2026-11-20T00:00:00+01:00"],
    ["Sunday", "2026-11-22T00:00:00+01:00"],
    ["this Sunday", "2026-11-29T00:00:00+01:00"],
  ])("on a Monday, %s → %s", (phrase, expected) => {
    expect(read(phrase, monday)).toBe(expected);
  });
});

describe("parseInstant: daylight-saving days in Europe/Berlin", () => {
  it("reads a wall-clock time on the spring-forward day with the summer offset", () => {
    expect(read("2026-03-29T01:30")).toBe("2026-03-29T01:30:00+01:00");
    expect(read("2026-03-29T03:00")).toBe("2026-03-29T03:00:00+02:00");
  });

  it("moves a time that does not exist (02:30 on 29 March) forward by the gap, and says so", () => {
    const r = resolveInstant("2026-03-29T02:30", SUNDAY);
    expect(formatInstant(r.ms, BERLIN)).toBe("2026-03-29T03:30:00+02:00");
    expect(r.date.toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(r.localTimeFit).toBe("gap");
    expect(resolveInstant("29.3.2026 2:30", SUNDAY).localTimeFit).toBe("gap");
  });

  it("takes the earlier of a repeated time on the fall-back day (02:30 on 25 October), and says so", () => {
    const r = resolveInstant("2026-10-25T02:30", SUNDAY);
    expect(formatInstant(r.ms, BERLIN)).toBe("2026-10-25T02:30:00+02:00");
    expect(r.localTimeFit).toBe("overlap");
    expect(read("2026-10-25T02:30:00+01:00")).toBe("2026-10-25T02:30:00+01:00");
    expect(resolveInstant("2026-10-25T03:30", SUNDAY).localTimeFit).toBe("exact");
  });

  const mondayAfterSpring = at("2026-03-30T10:00:00+02:00");
  it.each([
    ["yesterday 9:00", "2026-03-29T09:00:00+02:00"],
    ["gestern 1:30", "2026-03-29T01:30:00+01:00"],
    ["gestern 14 Uhr", "2026-03-29T14:00:00+02:00"],
    ["yesterday", "2026-03-29T00:00:00+01:00"],
    // Friday was still winter time: chrono's own fixed-offset answer would be an hour early.
    ["letzten Freitag 13 Uhr", "2026-03-27T13:00:00+01:00"],
    ["last Friday 9:00", "2026-03-27T09:00:00+01:00"],
    ["2 days ago 14:00", "2026-03-28T14:00:00+01:00"],
  ])("on the Monday after spring forward, %s → %s", (phrase, expected) => {
    expect(read(phrase, mondayAfterSpring)).toBe(expected);
  });

  const sundayBeforeSwitch = at("2026-03-29T01:30:00+01:00");
  it.each([
    ["14:00", "2026-03-29T14:00:00+02:00"],
    ["today 1:00", "2026-03-29T01:00:00+01:00"],
    ["in 2 hours", "2026-03-29T04:30:00+02:00"],
  ])("at 01:30 before the switch, %s → %s", (phrase, expected) => {
    expect(read(phrase, sundayBeforeSwitch)).toBe(expected);
  });

  it("counts 'N hours ago' on the timeline across the switch", () => {
    const afterSwitch = at("2026-03-29T04:00:00+02:00");
    expect(read("2 hours ago", afterSwitch)).toBe("2026-03-29T01:00:00+01:00");
    expect(read("vor 3 Stunden", at("2026-10-25T03:30:00+01:00"))).toBe("2026-10-25T01:30:00+02:00");
  });

  const mondayAfterFall = at("2026-10-26T09:00:00+01:00");
  it.each([
    ["gestern 14 Uhr", "2026-10-25T14:00:00+01:00"],
    ["yesterday 1:00", "2026-10-25T01:00:00+02:00"],
    ["letzten Freitag 13 Uhr", "2026-10-23T13:00:00+02:00"],
  ])("on the Monday after fall back, %s → %s", (phrase, expected) => {
    expect(read(phrase, mondayAfterFall)).toBe(expected);
  });

  it("is not disturbed by the process zone's own DST switch (Los Angeles, 8 March 2026)", () => {
    const laSwitch = at("2026-03-08T10:30:00Z"); // 03:30 PDT in Los Angeles, 11:30 CET in Berlin
    expect(read("today 9:00", laSwitch)).toBe("2026-03-08T09:00:00+01:00");
    expect(read("yesterday 2:30", laSwitch)).toBe("2026-03-07T02:30:00+01:00");
    expect(read("2026-03-08T02:30", laSwitch)).toBe("2026-03-08T02:30:00+01:00");
  });
});

describe("parseInstant: the zone decides, not the process", () => {
  it("runs the suite in a zone far from Berlin", () => {
    expect(process.env.TZ).toBe("America/Los_Angeles");
    expect(new Date("2026-01-01T00:00:00Z").getTimezoneOffset()).toBe(480);
  });

  it.each([
    ["yesterday 9:00", "2026-11-21T08:00:00.000Z", "2026-11-21T14:00:00.000Z"],
    ["gestern 14 Uhr", "2026-11-21T13:00:00.000Z", "2026-11-21T19:00:00.000Z"],
    ["2026-03-29T10:00", "2026-03-29T08:00:00.000Z", "2026-03-29T14:00:00.000Z"],
    ["2026-03-29", "2026-03-28T23:00:00.000Z", "2026-03-29T04:00:00.000Z"],
  ])("%s is a different instant in Berlin and New York", (phrase, berlin, newYork) => {
    const now = Date.parse("2026-11-22T15:15:00Z");
    expect(parseInstant(phrase, { now, timeZone: BERLIN }).toISOString()).toBe(berlin);
    expect(parseInstant(phrase, { now, timeZone: NEW_YORK }).toISOString()).toBe(newYork);
  });

  it("an explicit offset means the same instant in every zone", () => {
    const now = Date.parse("2026-11-22T15:15:00Z");
    for (const timeZone of [BERLIN, NEW_YORK, "Asia/Tokyo", "UTC"]) {
      expect(parseInstant("2026-03-29T10:00:00+02:00", { now, timeZone }).toISOString()).toBe(
        "2026-03-29T08:00:00.000Z",
      );
    }
  });

  it("uses the zone's today at 23:30 in New York, when UTC is already the next day", () => {
    const late = at("2026-11-22T23:30:00-05:00", NEW_YORK);
    expect(read("today 9:00", late)).toBe("2026-11-22T09:00:00-05:00");
    expect(read("yesterday 9:00", late)).toBe("2026-11-21T09:00:00-05:00");
    expect(read("14:00", late)).toBe("2026-11-22T14:00:00-05:00");
  });

  it("uses the zone's today at 00:30 in Berlin, when UTC is still the day before", () => {
    const early = at("2026-11-23T00:30:00+01:00");
    expect(read("today 9:00", early)).toBe("2026-11-23T09:00:00+01:00");
    expect(read("yesterday 23:30", early)).toBe("2026-11-22T23:30:00+01:00");
    expect(read("last Monday", early)).toBe("2026-11-16T00:00:00+01:00");
  });

  it("accepts now as a Date as well as milliseconds", () => {
    const asDate = { now: new Date("2026-11-22T09:15:00Z"), timeZone: BERLIN };
    expect(read("yesterday 9:00", asDate)).toBe("2026-11-21T09:00:00+01:00");
  });
});

describe("resolveInstant: what a tool needs besides the instant", () => {
  it.each([
    ["yesterday 9:00", "explicit"],
    ["2026-03-29T10:00", "explicit"],
    ["yesterday morning", "part-of-day"],
    ["gestern Abend", "part-of-day"],
    ["last Monday", "start-of-day"],
    ["2026-03-29", "start-of-day"],
    ["now", "explicit"],
  ] as const)("%s: time of day is %s", (phrase, source) => {
    expect(resolveInstant(phrase, SUNDAY).timeOfDay).toBe(source);
  });

  it("flags instants more than a few minutes ahead of now, without throwing", () => {
    expect(resolveInstant("today 14:00", SUNDAY).isFuture).toBe(true);
    expect(resolveInstant("tomorrow 9:00", SUNDAY).isFuture).toBe(true);
    expect(resolveInstant("in 4 min", SUNDAY).isFuture).toBe(false);
    expect(resolveInstant("in 6 min", SUNDAY).isFuture).toBe(true);
    expect(resolveInstant("today 9:00", SUNDAY).isFuture).toBe(false);
    const r = resolveInstant("today 11:15", SUNDAY);
    expect(r.msFromNow).toBe(3_600_000);
    expect(FUTURE_TOLERANCE_MS).toBe(300_000);
  });
});

describe("parseInstant: unreadable input is an error that quotes it", () => {
  it.each([
    ["", /the text is empty/],
    ["   ", /the text is empty/],
    ["blursday", /^Could not read "blursday" as a date\/time\. Try/],
    ["next blursday", /^Could not read "next blursday"/],
    ["blursday 14:00", /^Could not read "blursday 14:00"/],
    ["32.13.2026", /"32\.13\.2026" as a date\/time: 32\.13\.2026 is not a calendar date/],
    ["31.2.2026 10:00", /31\.2\.2026 is not a calendar date/],
    ["29.2.2027", /29\.2\.2027 is not a calendar date/],
    ["25:00", /"25:00" as a date\/time: 25:00 is not a time of day/],
    ["gestern 25 Uhr", /25 Uhr is not a time of day/],
    ["2026-02-30T10:00", /2026-02-30 is not a calendar date/],
    ["2026-03-29T24:00", /24:00 is not a time of day/],
    ["2026-03-29+02:00", /an offset needs a time of day/],
    ["3/4/2026", /could be day-first or month-first; write 2026-04-03 or 3\.4\.2026 for 3 April/],
    ["9", /^Could not read "9"/],
    ["gestern 9:00 - 17:00", /^Could not read "gestern 9:00 - 17:00"/],
  ])("%j", (phrase, message) => {
    const error = (() => {
      try {
        parseInstant(phrase, SUNDAY);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(DateInputError);
    expect((error as DateInputError).message).toMatch(message);
    expect((error as DateInputError).message).toContain('"yesterday 9:00", "last Monday 8:00"');
    expect((error as DateInputError).input).toBe(phrase);
  });

  it("rejects an unknown zone as a configuration error, not as user input", () => {
    expect(() => parseInstant("now", { now: 0, timeZone: "Mars/Olympus" })).toThrow(RangeError);
  });
});
