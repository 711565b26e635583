import { describe, expect, it } from "vitest";
import {
  DateInputError,
  parseDay,
  parseDuration,
  parseInstant,
  parsePeriod,
  parseYear,
} from "../../../src/domain/dates/index.js";
import { SUNDAY } from "./fixtures.js";

function errorOf(read: () => unknown): DateInputError {
  try {
    read();
  } catch (error) {
    if (error instanceof DateInputError) return error;
    throw error;
  }
  throw new Error("expected a DateInputError");
}

describe("DateInputError", () => {
  it("quotes the input and lists examples for what was asked, English and German", () => {
    const e = errorOf(() => parseInstant("next blursday", SUNDAY));
    expect(e.message).toBe(
      'Could not read "next blursday" as a date/time. Try "2026-03-29 14:00", "yesterday 9:00", ' +
        '"last Monday 8:00", "2 days ago 14:00", "gestern 14 Uhr", "letzten Freitag 13 Uhr", ' +
        '"gestern halb zehn", "gestern Abend um 7", "yesterday 3pm".',
    );
    expect(e).toMatchObject({ name: "DateInputError", kind: "instant", input: "next blursday" });
    expect(e.reason).toBeUndefined();
  });

  it.each([
    ["instant", () => parseInstant("blursday", SUNDAY), "as a date/time", '"yesterday 9:00"'],
    ["day", () => parseDay("blursday", SUNDAY), "as a date", '"gestern"'],
    ["period", () => parsePeriod("blursday", SUNDAY), "as a period", '"letzten Monat"'],
    ["year", () => parseYear("blursday", SUNDAY), "as a year", '"letztes Jahr"'],
    ["duration", () => parseDuration("blursday"), "as a duration", '"45 Minuten"'],
  ])("a %s error has its own examples", (kind, read, noun, example) => {
    const e = errorOf(read);
    expect(e.kind).toBe(kind);
    expect(e.message).toContain(`Could not read "blursday" ${noun}`);
    expect(e.message).toContain(example);
    expect(e.examples.length).toBeGreaterThanOrEqual(4);
  });

  it("never offers the phrase it refuses as an example", () => {
    // A start needs a time of day; "gestern Abend um 7" has one, so refuse it for another reason.
    const refused = new DateInputError("instant", "Gestern Abend um 7 ", "it is in the future");
    expect(refused.examples).not.toContain("gestern Abend um 7");
    expect(refused.message).not.toContain('"gestern Abend um 7"');
    expect(refused.examples).toContain("gestern halb zehn");
    const period = new DateInputError("period", "KW 12", "no entries");
    expect(period.examples).not.toContain("KW 12");
    for (const kind of ["instant", "day", "period", "year", "duration"] as const) {
      for (const example of new DateInputError(kind, "x").examples) {
        expect(new DateInputError(kind, example).examples).not.toContain(example);
      }
    }
  });

  it("every example it offers is read by the parser it is offered for", () => {
    for (const example of new DateInputError("instant", "x").examples) {
      expect(() => parseInstant(example, SUNDAY)).not.toThrow();
    }
    for (const example of new DateInputError("day", "x").examples)
      expect(() => parseDay(example, SUNDAY)).not.toThrow();
    for (const example of new DateInputError("period", "x").examples) {
      expect(() => parsePeriod(example, SUNDAY)).not.toThrow();
    }
    for (const example of new DateInputError("year", "x").examples)
      expect(() => parseYear(example, SUNDAY)).not.toThrow();
    for (const example of new DateInputError("duration", "x").examples)
      expect(() => parseDuration(example)).not.toThrow();
  });

  it("never offers the refused phrase itself as an example (case and spaces aside)", () => {
    const e = new DateInputError("instant", " Last  Monday ", "it has no time of day");
    expect(e.message).toMatch(/^Could not read "Last Monday" as a date\/time: it has no time of day\. Try /);
    expect(e.examples).not.toContain("last Monday");
    expect(e.message).not.toContain('"last Monday"');
    expect(e.message).toContain('"yesterday 9:00"');
  });

  it("takes the examples that fit the refusal when the kind's usual ones would not", () => {
    const e = new DateInputError("instant", "gestern", "it has no time of day", ["17:00", "gestern 17 Uhr"]);
    expect(e.message).toMatch(/Try "17:00", "gestern 17 Uhr"\.$/);
  });

  it("cleans control and bidi characters and cuts long input in the message, keeping the raw input on the error", () => {
    const nasty = `yester\u202Eday\u0000\n${"x".repeat(200)}`;
    const e = errorOf(() => parseInstant(nasty, SUNDAY));
    expect(e.message).toContain('"yesterday xxx');
    expect(e.message).not.toMatch(/[\p{Cc}\p{Cf}]|\\u/u);
    expect(e.message).toContain("…");
    expect(e.message.length).toBeLessThan(400);
    expect(e.input).toBe(nasty);
  });
});
