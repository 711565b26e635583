/**
 * Dates as people say them: month and year offsets from a month end, clock idioms,
 * bare hours, ends on the start's day, the new period forms and spoken durations, on fixed clocks
 * including month ends, leap days and the first days of a year.
 */
import { describe, expect, it } from "vitest";
import {
  formatInstant,
  parseDuration,
  parseInstant,
  parsePeriod,
  resolveEndInstant,
  resolveInstant,
} from "../../../src/domain/dates/index.js";
import { at, BERLIN, SUNDAY } from "./fixtures.js";

const read = (phrase: string, ctx = SUNDAY): string => formatInstant(parseInstant(phrase, ctx), ctx.timeZone);
const day = (phrase: string, ctx = SUNDAY): string => read(phrase, ctx).slice(0, 10);

describe("month and year offsets clamp to the last day of the target month", () => {
  it.each([
    ["2026-03-31T10:00:00+02:00", "a month ago", "2026-02-28"],
    ["2026-03-31T10:00:00+02:00", "vor einem Monat", "2026-02-28"],
    ["2026-03-31T10:00:00+02:00", "1 month ago", "2026-02-28"],
    ["2026-03-31T10:00:00+02:00", "vor 1 Monat", "2026-02-28"],
    ["2028-03-31T10:00:00+02:00", "a month ago", "2028-02-29"],
    ["2026-12-31T10:00:00+01:00", "vor einem Monat", "2026-11-30"],
    ["2026-12-31T10:00:00+01:00", "one month ago", "2026-11-30"],
    ["2026-05-31T10:00:00+02:00", "vor drei Monaten", "2026-02-28"],
    ["2026-05-31T10:00:00+02:00", "3 months ago", "2026-02-28"],
    ["2028-02-29T10:00:00+01:00", "vor einem Jahr", "2027-02-28"],
    ["2028-02-29T10:00:00+01:00", "a year ago", "2027-02-28"],
    ["2028-02-29T10:00:00+01:00", "vor 4 Jahren", "2024-02-29"],
    ["2026-01-31T10:00:00+01:00", "in einem Monat", "2026-02-28"],
    ["2026-01-01T00:30:00+01:00", "vor einem Monat", "2025-12-01"],
  ])("on %s, %s → %s", (now, phrase, expected) => {
    expect(day(phrase, at(now))).toBe(expected);
  });

  it("keeps a time of day given with the offset", () => {
    expect(read("vor einem Monat um 14 Uhr", at("2026-03-31T10:00:00+02:00"))).toBe(
      "2026-02-28T14:00:00+01:00",
    );
  });

  it("lands in the previous month on every day of 2027 and 2028", () => {
    for (let t = Date.UTC(2027, 0, 1, 11); t < Date.UTC(2029, 0, 1); t += 86_400_000) {
      const now = new Date(t);
      const [y, m, d] = [now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()];
      const lastOfPrevious = new Date(Date.UTC(y, m, 0)).getUTCDate();
      const expected = new Date(Date.UTC(y, m - 1, Math.min(d, lastOfPrevious))).toISOString().slice(0, 10);
      expect(day("a month ago", { now: t, timeZone: BERLIN })).toBe(expected);
    }
  });
});

describe("clock idioms and times as said (now = Sunday 2026-11-22 10:15 Berlin)", () => {
  it.each([
    ["halb zehn", "2026-11-22T09:30:00+01:00"],
    ["Halb Zehn", "2026-11-22T09:30:00+01:00"],
    ["gestern halb zehn", "2026-11-21T09:30:00+01:00"],
    ["gestern um halb 10", "2026-11-21T09:30:00+01:00"],
    ["Viertel nach neun", "2026-11-22T09:15:00+01:00"],
    ["gestern Viertel vor zehn", "2026-11-21T09:45:00+01:00"],
    ["dreiviertel zehn", "2026-11-22T09:45:00+01:00"],
    ["drei viertel zehn", "2026-11-22T09:45:00+01:00"],
    ["viertel zehn", "2026-11-22T09:15:00+01:00"],
    ["zehn nach neun", "2026-11-22T09:10:00+01:00"],
    ["fünf vor halb zehn", "2026-11-22T09:25:00+01:00"],
    ["fuenf nach halb neun", "2026-11-22T08:35:00+01:00"],
    ["9.30", "2026-11-22T09:30:00+01:00"],
    ["gestern 17.45", "2026-11-21T17:45:00+01:00"],
    ["gestern 17.45 Uhr", "2026-11-21T17:45:00+01:00"],
    ["17 Uhr 30", "2026-11-22T17:30:00+01:00"],
    ["gestern 9 Uhr 15", "2026-11-21T09:15:00+01:00"],
    ["12 Uhr mittags", "2026-11-22T12:00:00+01:00"],
    ["abends 8 Uhr", "2026-11-22T20:00:00+01:00"],
    ["gestern Abend um 7", "2026-11-21T19:00:00+01:00"],
    ["gestern abend 7", "2026-11-21T19:00:00+01:00"],
    ["gestern nachmittags um 3", "2026-11-21T15:00:00+01:00"],
    ["gestern mittags um 1", "2026-11-21T13:00:00+01:00"],
    ["gestern um 3 Uhr morgens", "2026-11-21T03:00:00+01:00"],
    ["gestern um 3 Uhr früh", "2026-11-21T03:00:00+01:00"],
    ["yesterday evening 7", "2026-11-21T19:00:00+01:00"],
    ["Yesterday Evening at 7", "2026-11-21T19:00:00+01:00"],
    ["5 in the afternoon", "2026-11-22T17:00:00+01:00"],
    ["yesterday half past nine", "2026-11-21T09:30:00+01:00"],
    ["yesterday quarter to ten", "2026-11-21T09:45:00+01:00"],
    ["yesterday a quarter past nine", "2026-11-21T09:15:00+01:00"],
    ["yesterday ten past nine", "2026-11-21T09:10:00+01:00"],
    ["March 1st 9am", "2026-03-01T09:00:00+01:00"],
    ["gestern gegen 8", "2026-11-21T08:00:00+01:00"],
    ["Fr. 13 Uhr", "2026-11-20T13:00:00+01:00"],
    ["Dienstag letzter Woche 10 Uhr", "2026-11-10T10:00:00+01:00"],
    ["letzte Woche Dienstag 9:00", "2026-11-10T09:00:00+01:00"],
    ["Tuesday last week at 9", "2026-11-10T09:00:00+01:00"],
    ["letzten Dienstag 9:00", "2026-11-17T09:00:00+01:00"],
    ["am 1. März um 9 Uhr", "2026-03-01T09:00:00+01:00"],
  ])("%s → %s", (phrase, expected) => {
    expect(read(phrase)).toBe(expected);
  });

  it("leaves dates that look like dotted times alone", () => {
    expect(read("3.3.2026 10:00")).toBe("2026-03-03T10:00:00+01:00");
    expect(read("20.11. 9:00")).toBe("2026-11-20T09:00:00+01:00");
    expect(read("vor 3 Tagen")).toBe("2026-11-19T00:00:00+01:00");
  });
});

describe("a bare hour 1–7 is afternoon work, and the reading says so", () => {
  it.each([
    ["yesterday at 3", "2026-11-21T15:00:00+01:00"],
    ["gestern um 3", "2026-11-21T15:00:00+01:00"],
    ["gestern 3 Uhr", "2026-11-21T15:00:00+01:00"],
    ["gestern halb drei", "2026-11-21T14:30:00+01:00"],
    ["letzten Freitag um 1", "2026-11-20T13:00:00+01:00"],
    ["yesterday 7", "2026-11-21T19:00:00+01:00"],
  ])("%s → %s, assumed", (phrase, expected) => {
    const r = resolveInstant(phrase, SUNDAY);
    expect(formatInstant(r.ms, BERLIN)).toBe(expected);
    expect(r.assumptions).toEqual([expect.stringMatching(/^took \d\d:\d\d \(afternoon\) for the hour \d/)]);
  });

  it.each([
    ["yesterday 3am", "2026-11-21T03:00:00+01:00"],
    ["gestern 3 Uhr morgens", "2026-11-21T03:00:00+01:00"],
    ["gestern 3:00", "2026-11-21T03:00:00+01:00"],
    ["gestern 03 Uhr", "2026-11-21T03:00:00+01:00"],
    ["yesterday 8", "2026-11-21T08:00:00+01:00"],
    ["gestern 15 Uhr", "2026-11-21T15:00:00+01:00"],
  ])("%s → %s, nothing assumed", (phrase, expected) => {
    const r = resolveInstant(phrase, SUNDAY);
    expect(formatInstant(r.ms, BERLIN)).toBe(expected);
    expect(r.assumptions).toEqual([]);
  });

  it("says so when a time in the DST gap moves forward, or a repeated time takes the first", () => {
    const gap = resolveInstant("29.3.2026 2:30", SUNDAY);
    expect(gap.assumptions).toEqual([
      "2026-03-29 02:30 does not exist in Europe/Berlin (clocks jump forward): took 2026-03-29T03:30:00+02:00",
    ]);
    const overlap = resolveInstant("25.10.2026 2:30", SUNDAY);
    expect(overlap.assumptions).toEqual([
      "2026-10-25 02:30 happens twice in Europe/Berlin (clocks go back): took the first, 2026-10-25T02:30:00+02:00",
    ]);
  });
});

describe("an end without a date is on the start's day", () => {
  const start = (phrase: string) => parseInstant(phrase, SUNDAY).getTime();
  const end = (phrase: string, from: string) =>
    formatInstant(resolveEndInstant(phrase, start(from), SUNDAY).ms, BERLIN);

  it.each([
    ["9", "gestern 8 Uhr", "2026-11-21T09:00:00+01:00"],
    ["9.30", "gestern 8 Uhr", "2026-11-21T09:30:00+01:00"],
    ["17:00", "letzten Freitag 9:00", "2026-11-20T17:00:00+01:00"],
    ["bis 17 Uhr", "letzten Freitag 9:00", "2026-11-20T17:00:00+01:00"],
    ["um 17 Uhr", "letzten Freitag 9:00", "2026-11-20T17:00:00+01:00"],
    ["17 Uhr 30", "letzten Freitag 9:00", "2026-11-20T17:30:00+01:00"],
    ["Mittag", "gestern 8 Uhr", "2026-11-21T12:00:00+01:00"],
    ["noon", "yesterday 8:00", "2026-11-21T12:00:00+01:00"],
    ["halb sechs", "yesterday 8:00", "2026-11-21T17:30:00+01:00"],
    ["17:00 CET", "2026-11-13T09:00", "2026-11-13T17:00:00+01:00"],
    ["5", "yesterday 9:00", "2026-11-21T17:00:00+01:00"],
    ["3 overnight", "2026-11-17T22:00", "2026-11-18T03:00:00+01:00"],
    ["1:00 über Nacht", "2026-11-17T22:00", "2026-11-18T01:00:00+01:00"],
    ["today 9:00", "yesterday 22:00", "2026-11-22T09:00:00+01:00"],
  ])("end %j after start %j → %s", (phrase, from, expected) => {
    expect(end(phrase, from)).toBe(expected);
  });

  it("is on the start's day across the fall-back switch, started just after midnight", () => {
    const ctx = at("2026-10-26T09:00:00+01:00");
    const from = parseInstant("2026-10-25T00:30", ctx).getTime();
    expect(formatInstant(resolveEndInstant("23:30", from, ctx).ms, BERLIN)).toBe("2026-10-25T23:30:00+01:00");
  });
});

type Row = readonly [phrase: string, start: string, end: string];

describe("period phrases (now = Sunday 2026-11-22 Berlin)", () => {
  it.each<Row>([
    ["die letzten 7 Tage", "2026-11-16", "2026-11-22"],
    ["in den letzten 14 Tagen", "2026-11-09", "2026-11-22"],
    ["the last 7 days", "2026-11-16", "2026-11-22"],
    ["die letzten 2 Wochen", "2026-11-09", "2026-11-22"],
    ["last 2 weeks", "2026-11-09", "2026-11-22"],
    ["erstes Halbjahr 2026", "2026-01-01", "2026-06-30"],
    ["1. Halbjahr 2026", "2026-01-01", "2026-06-30"],
    ["zweites Halbjahr 2025", "2025-07-01", "2025-12-31"],
    ["H1 2026", "2026-01-01", "2026-06-30"],
    ["h2/2026", "2026-07-01", "2026-12-31"],
    ["first half of 2026", "2026-01-01", "2026-06-30"],
    ["KW 12", "2026-03-16", "2026-03-22"],
    ["KW12", "2026-03-16", "2026-03-22"],
    ["kw 12/2025", "2025-03-17", "2025-03-23"],
    ["Kalenderwoche 12", "2026-03-16", "2026-03-22"],
    ["12. KW", "2026-03-16", "2026-03-22"],
    ["week 12", "2026-03-16", "2026-03-22"],
    ["calendar week 12", "2026-03-16", "2026-03-22"],
    ["Anfang März", "2026-03-01", "2026-03-10"],
    ["Mitte März", "2026-03-11", "2026-03-20"],
    ["Ende März", "2026-03-21", "2026-03-31"],
    ["Ende Februar 2028", "2028-02-21", "2028-02-29"],
    ["Ende Februar 2027", "2027-02-21", "2027-02-28"],
    ["early March 2026", "2026-03-01", "2026-03-10"],
    ["mid-March", "2026-03-11", "2026-03-20"],
    ["late October", "2026-10-21", "2026-10-31"],
    ["Ende letzten Monats", "2026-10-21", "2026-10-31"],
    ["im Jahr 2025", "2025-01-01", "2025-12-31"],
    ["in the year 2025", "2025-01-01", "2025-12-31"],
    ["Q1 this year", "2026-01-01", "2026-03-31"],
    ["Q1 dieses Jahr", "2026-01-01", "2026-03-31"],
    ["Q3 last year", "2025-07-01", "2025-09-30"],
    ["März letztes Jahr", "2025-03-01", "2025-03-31"],
    ["dieses Quartal", "2026-10-01", "2026-12-31"],
    ["letztes Quartal", "2026-07-01", "2026-09-30"],
    ["letztes Wochenende", "2026-11-14", "2026-11-15"],
    ["last weekend", "2026-11-14", "2026-11-15"],
    ["dieses Wochenende", "2026-11-21", "2026-11-22"],
    ["Oktober bis Dezember 2025", "2025-10-01", "2025-12-31"],
    ["January to March 2025", "2025-01-01", "2025-03-31"],
    ["1.3. bis 15.3.2025", "2025-03-01", "2025-03-15"],
    ["1. März bis 15. März 2025", "2025-03-01", "2025-03-15"],
    ["Dezember bis Februar 2026", "2025-12-01", "2026-02-28"],
    ["KW 10 bis KW 12 2025", "2025-03-03", "2025-03-23"],
    ["Q1 bis Q2 2025", "2025-01-01", "2025-06-30"],
  ])("%s → %s..%s", (phrase, start, end) => {
    expect(parsePeriod(phrase, SUNDAY)).toMatchObject({ start, end });
  });

  it("says what it took for weekends, thirds of a month and yearless names", () => {
    expect(parsePeriod("letztes Wochenende", SUNDAY).assumptions).toEqual([
      "the weekend is Saturday 2026-11-14 and Sunday 2026-11-15",
    ]);
    expect(parsePeriod("Anfang März", SUNDAY).assumptions?.[0]).toMatch(/^took days 1–10 of March 2026/);
    expect(parsePeriod("Dezember", SUNDAY).assumptions).toEqual([
      "no year given: took December 2025, the most recent December",
    ]);
    expect(parsePeriod("Q1 2026", SUNDAY).assumptions).toBeUndefined();
  });

  it("on a Monday, last weekend is the one just past", () => {
    expect(parsePeriod("last weekend", at("2026-11-23T09:00:00+01:00"))).toMatchObject({
      start: "2026-11-21",
      end: "2026-11-22",
    });
  });
});

describe("weeks, quarters and halves without a year look back, like month names", () => {
  const newYear2027 = at("2027-01-01T09:00:00+01:00"); // Friday, ISO week 2026-W53
  const newYear2026 = at("2026-01-01T09:00:00+01:00"); // Thursday, ISO week 2026-W01
  it.each<readonly [string, ReturnType<typeof at>, string, string]>([
    ["Q4", newYear2027, "2026-10-01", "2026-12-31"],
    ["viertes Quartal", newYear2027, "2026-10-01", "2026-12-31"],
    ["KW 52", newYear2027, "2026-12-21", "2026-12-27"],
    ["KW 52", newYear2026, "2025-12-22", "2025-12-28"],
    ["KW 1", newYear2026, "2025-12-29", "2026-01-04"],
    ["H2", newYear2027, "2026-07-01", "2026-12-31"],
    ["Dezember", newYear2027, "2026-12-01", "2026-12-31"],
    ["letztes Quartal", newYear2027, "2026-10-01", "2026-12-31"],
    ["letztes Wochenende", newYear2027, "2026-12-26", "2026-12-27"],
    ["Q1", newYear2027, "2027-01-01", "2027-03-31"],
  ])("%s on the first day of the year → %s..%s", (phrase, ctx, start, end) => {
    expect(parsePeriod(phrase, ctx)).toMatchObject({ start, end });
  });

  it("says it took last year's quarter", () => {
    expect(parsePeriod("Q4", newYear2027).assumptions).toEqual([
      "no year given: took Q4 2026, the most recent Q4",
    ]);
  });
});

describe("spoken durations", () => {
  it.each([
    ["zweieinhalb Stunden", 150],
    ["Zweieinhalb Std.", 150],
    ["dreieinhalb Stunden", 210],
    ["dreiviertel Stunde", 45],
    ["eine Dreiviertelstunde", 45],
    ["1½ Stunden", 90],
    ["1 ½ h", 90],
    ["½ Stunde", 30],
    ["1 1/2 Stunden", 90],
    ["3/4 Stunde", 45],
    ["anderthalb Stunden", 90],
    ["eineinhalb Stunden", 90],
    ["half an hour", 30],
    ["an hour and a half", 90],
    ["two and a half hours", 150],
    ["2 and a half hours", 150],
    ["drei Stunden", 180],
    ["zwei Stunden und 15 Minuten", 135],
    ["zehn Minuten", 10],
  ])("%s → %i min", (text, minutes) => {
    expect(parseDuration(text)).toBe(minutes);
  });

  it("still refuses a bare number and a fraction of nothing", () => {
    expect(() => parseDuration("90")).toThrow(/needs a unit/);
    expect(() => parseDuration("1/0 Stunden")).toThrow(/not a duration/);
  });
});
