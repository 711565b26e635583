import { cleanText } from "../text.js";

/** What the caller tried to read, which chooses the examples an error shows. */
export type DateInputKind = "instant" | "day" | "period" | "year" | "duration";

const EXAMPLES: Readonly<Record<DateInputKind, readonly string[]>> = {
  instant: [
    "2026-03-29 14:00",
    "yesterday 9:00",
    "last Monday 8:00",
    "2 days ago 14:00",
    "gestern 14 Uhr",
    "letzten Freitag 13 Uhr",
    "gestern halb zehn",
    "gestern Abend um 7",
    "yesterday 3pm",
  ],
  day: ["2026-03-29", "today", "yesterday", "last Friday", "gestern", "3.3.2026", "1. März 2026"],
  period: [
    "last month",
    "March 2026",
    "Q1 2026",
    "this week",
    "letzten Monat",
    "2026-03-01..2026-03-15",
    "KW 12",
    "letztes Quartal",
    "die letzten 7 Tage",
    "Anfang März",
    "Oktober bis Dezember 2025",
  ],
  year: ["2025", "this year", "last year", "letztes Jahr"],
  duration: ["1h 30m", "90 min", "1.5h", "1:30", "45 Minuten", "2 Stunden", "zweieinhalb Stunden", "1½ h"],
};

const NOUN: Readonly<Record<DateInputKind, string>> = {
  instant: "a date/time",
  day: "a date",
  period: "a period",
  year: "a year",
  duration: "a duration",
};

const MAX_QUOTED = 80;

/**
 * Quotes user text for a message, cleaned as any text from outside is (no control, bidi or
 * line-break characters: a quoted U+202E would reorder the sentence around it) and cut when long.
 */
export function quoteInput(input: string): string {
  return JSON.stringify(cleanText(input, MAX_QUOTED + 1));
}

/**
 * A date, period, year or duration the user wrote could not be read. The message quotes the input,
 * says why when that is known, and lists forms that work, so a model can correct itself in one step.
 */
export class DateInputError extends Error {
  override readonly name = "DateInputError";
  readonly kind: DateInputKind;
  readonly input: string;
  readonly reason: string | undefined;
  readonly examples: readonly string[];

  /** `offered`: forms that fit where the kind's usual ones would not (an instant that needs a time). */
  constructor(
    kind: DateInputKind,
    input: string,
    reason?: string,
    offered: readonly string[] = EXAMPLES[kind],
  ) {
    // Never offer the very phrase being refused as a form that works.
    const refused = sameText(input);
    const examples = offered.filter((example) => sameText(example) !== refused);
    const why = reason === undefined ? "" : `: ${reason}`;
    const tries = examples.map((e) => `"${e}"`).join(", ");
    super(`Could not read ${quoteInput(input)} as ${NOUN[kind]}${why}. Try ${tries}.`);
    this.kind = kind;
    this.input = input;
    this.reason = reason;
    this.examples = examples;
  }
}

function sameText(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, " ");
}
