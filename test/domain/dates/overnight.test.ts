/**
 * An end before the start is refused unless the end says the work ran overnight,
 * and the forms "yesterday at 7 in the evening", "17:30h", "im Jahr 2025" and "KW 12/26" are read.
 * Expected instants come from plain UTC arithmetic and the EU summer-time rule written out below,
 * never from the date module's own helpers.
 */
import { describe, expect, it } from "vitest";
import { parseInstant, parsePeriod, parseYear, resolveEndInstant } from "../../../src/domain/dates/index.js";
import { at, SUNDAY } from "./fixtures.js";

const HOUR = 3_600_000;

/** 01:00 UTC on the last Sunday of a month: when Berlin's clocks change (March and October). */
function switchUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month, 0));
  const sunday = lastDay.getUTCDate() - lastDay.getUTCDay();
  return Date.UTC(year, month - 1, sunday, 1);
}

/** Berlin wall time to UTC ms: +02:00 from the March to the October switch, else +01:00; a repeated hour takes summer time. */
function berlin(year: number, month: number, day: number, hour: number, minute = 0): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const summer = wall - 2 * HOUR;
  return summer >= switchUtc(year, 3) && summer < switchUtc(year, 10) ? summer : wall - HOUR;
}

describe("an end before the start", () => {
  const startOf = (phrase: string, ctx = SUNDAY) => parseInstant(phrase, ctx).getTime();

  it.each([
    ["Mittag", "gestern 15:00"],
    ["bis Mittag", "gestern 15:00"],
    ["noon", "yesterday 15:00"],
    ["1:00", "2026-11-17T22:00"],
    ["3", "2026-11-17T22:00"],
    ["14:59", "gestern 15:00"],
    ["15:00", "gestern 15:00"],
  ])("end %j after start %j is refused and says how to log overnight work", (end, start) => {
    expect(() => resolveEndInstant(end, startOf(start), SUNDAY)).toThrow(
      /is not after the start \(2026-11-\d\d \d\d:00\)\. If the work ran past midnight, say so in the end: ".+ overnight" \(or ".+ über Nacht"\); otherwise correct the start or the end/,
    );
  });

  it("names the end's clock time and the start in the refusal", () => {
    expect(() => resolveEndInstant("Mittag", startOf("gestern 15:00"), SUNDAY)).toThrow(
      'The end "Mittag" (12:00) is not after the start (2026-11-21 15:00). If the work ran past midnight, say so in the end: "Mittag overnight" (or "Mittag über Nacht")',
    );
  });

  it.each([
    ["Mittag über Nacht", "gestern 15:00", berlin(2026, 11, 22, 12)],
    ["Mittag ueber Nacht", "gestern 15:00", berlin(2026, 11, 22, 12)],
    ["1:00 overnight", "2026-11-17T22:00", berlin(2026, 11, 18, 1)],
    ["overnight until 1:00", "2026-11-17T22:00", berlin(2026, 11, 18, 1)],
    ["3 über Nacht", "2026-11-17T22:00", berlin(2026, 11, 18, 3)],
    ["9:00 next day", "2026-11-17T22:00", berlin(2026, 11, 18, 9)],
    ["6 Uhr am nächsten Tag", "2026-11-17T22:00", berlin(2026, 11, 18, 6)],
  ])("end %j after start %j, said to run overnight, is on the next day", (end, start, expected) => {
    expect(resolveEndInstant(end, startOf(start), SUNDAY).ms).toBe(expected);
  });

  it("keeps an end on the start's day as it was", () => {
    expect(resolveEndInstant("Mittag", startOf("gestern 8 Uhr"), SUNDAY).ms).toBe(berlin(2026, 11, 21, 12));
    expect(resolveEndInstant("5", startOf("gestern 9:00"), SUNDAY).ms).toBe(berlin(2026, 11, 21, 17));
  });

  it("counts real hours across the spring-forward night", () => {
    const ctx = at("2026-03-30T10:00:00+02:00");
    const start = startOf("2026-03-28T22:00", ctx);
    expect(start).toBe(berlin(2026, 3, 28, 22));
    const end = resolveEndInstant("4:00 overnight", start, ctx).ms;
    expect(end).toBe(berlin(2026, 3, 29, 4));
    expect((end - start) / HOUR).toBe(5);
    expect(() => resolveEndInstant("4:00", start, ctx)).toThrow(/overnight/);
  });

  it("counts real hours across the fall-back night", () => {
    const ctx = at("2026-10-26T10:00:00+01:00");
    const start = startOf("2026-10-24T23:00", ctx);
    const end = resolveEndInstant("3:00 über Nacht", start, ctx).ms;
    expect(end).toBe(berlin(2026, 10, 25, 3));
    expect((end - start) / HOUR).toBe(5);
  });
});

describe("spoken forms: evening hours, an h suffix, a year and a calendar week", () => {
  it.each([
    ["yesterday at 7 in the evening", SUNDAY, berlin(2026, 11, 21, 19)],
    ["yesterday 7:15 in the evening", SUNDAY, berlin(2026, 11, 21, 19, 15)],
    ["yesterday at 3 in the afternoon", SUNDAY, berlin(2026, 11, 21, 15)],
    ["yesterday at 6 in the morning", SUNDAY, berlin(2026, 11, 21, 6)],
    ["yesterday at 7 in the evening", at("2026-03-30T10:00:00+02:00"), berlin(2026, 3, 29, 19)],
    ["yesterday at 7 in the evening", at("2026-10-26T10:00:00+01:00"), berlin(2026, 10, 25, 19)],
    ["gestern 17:30h", SUNDAY, berlin(2026, 11, 21, 17, 30)],
    ["gestern 17.30 h", SUNDAY, berlin(2026, 11, 21, 17, 30)],
    ["17:30h", at("2026-11-22T18:00:00+01:00"), berlin(2026, 11, 22, 17, 30)],
    ["29.3.2026 17:30h", SUNDAY, berlin(2026, 3, 29, 17, 30)],
  ])("%j → the expected instant", (phrase, ctx, expected) => {
    expect(parseInstant(phrase, ctx).getTime()).toBe(expected);
  });

  it("reads an end written with the hour sign", () => {
    const start = parseInstant("gestern 9:00", SUNDAY).getTime();
    expect(resolveEndInstant("17:30h", start, SUNDAY).ms).toBe(berlin(2026, 11, 21, 17, 30));
  });

  it.each([
    ["im Jahr 2025", 2025],
    ["Im Jahr 2024", 2024],
    ["in the year 2025", 2025],
    ["Jahr 2023", 2023],
  ])("year %j → %i", (phrase, expected) => {
    expect(parseYear(phrase, SUNDAY)).toBe(expected);
  });

  /** Monday of ISO week `week` of `year`, by hand: week 1 holds 4 January. */
  function isoWeekMonday(year: number, week: number): string {
    const jan4 = Date.UTC(year, 0, 4);
    const weekday = (new Date(jan4).getUTCDay() + 6) % 7;
    return new Date(jan4 + (-weekday + (week - 1) * 7) * 86_400_000).toISOString().slice(0, 10);
  }
  const sundayAfter = (monday: string) =>
    new Date(Date.parse(`${monday}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);

  it.each([
    ["KW 12/26", 2026, 12],
    ["KW12/26", 2026, 12],
    ["kw 1/27", 2027, 1],
    ["KW 53/26", 2026, 53],
    ["12. KW/25", 2025, 12],
  ])("%j is ISO week %i-W%i", (phrase, year, week) => {
    const monday = isoWeekMonday(year, week);
    expect(parsePeriod(phrase, SUNDAY)).toMatchObject({ start: monday, end: sundayAfter(monday) });
  });
});
