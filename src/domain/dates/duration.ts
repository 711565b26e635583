import { DateInputError } from "./errors.js";
import { fold } from "./text.js";

/**
 * Durations for time entries, read by a small hand-written grammar, English and German:
 *   "1h 30m", "1h30", "90 min", "1.5h", "1,5 Stunden", "1:30", "2 Std", "1 hour 15 minutes",
 *   "an hour", "eine halbe Stunde", "zweieinhalb Stunden", "anderthalb Stunden", "dreiviertel Stunde",
 *   "1½ Stunden", "1 1/2 Stunden", "an hour and a half", "two and a half hours", "PT1H30M".
 * The result is whole minutes, rounded to the nearest minute (half up). A number without a unit
 * ("90") is rejected: hours and minutes are both plausible, and guessing wrong bills the wrong amount.
 */

const HOUR_UNITS = new Set(["h", "hr", "hrs", "hour", "hours", "std", "stunde", "stunden", "stdn"]);
const MINUTE_UNITS = new Set(["m", "min", "mins", "minute", "minutes", "minuten"]);

const NUMBER_WORDS: ReadonlyArray<readonly [number, string]> = [
  [1, "an?|one|ein|eine[rmn]?"],
  [2, "two|zwei"],
  [3, "three|drei"],
  [4, "four|vier"],
  [5, "five|fuenf"],
  [6, "six|sechs"],
  [7, "seven|sieben"],
  [8, "eight|acht"],
  [9, "nine|neun"],
  [10, "ten|zehn"],
  [11, "eleven|elf"],
  [12, "twelve|zwoelf"],
];

const numberWord = (word: string): number =>
  NUMBER_WORDS.find(([, w]) => new RegExp(`^(?:${w})$`).test(word))?.[0] ?? Number.NaN;

const NUMBER_WORD = `(?:${NUMBER_WORDS.map(([, w]) => w).join("|")})`;

/** "1/2", "3/4", "1 1/2" → the number, when the fraction is one. */
function fraction(whole: string | undefined, numerator: string, denominator: string): string {
  const d = Number(denominator);
  return d === 0 ? "x" : String(Number(whole ?? 0) + Number(numerator) / d);
}

// Word forms rewritten to numbers before the grammar runs; the order matters (longest first).
const WORDS: ReadonlyArray<readonly [RegExp, string | ((...groups: string[]) => string)]> = [
  // "1½", "1 ½", "½ Stunde", "1 1/2 Stunden", "3/4 Stunde".
  [
    /(\d+) ?([½¼¾])/g,
    (_w, n = "0", f = "") => String(Number(n) + ({ "½": 0.5, "¼": 0.25, "¾": 0.75 }[f] ?? 0)),
  ],
  [/[½¼¾]/g, (f) => String({ "½": 0.5, "¼": 0.25, "¾": 0.75 }[f] ?? 0)],
  [/\b(?:(\d+) )?(\d+)\/(\d+)\b/g, (_w, whole, n = "", d = "") => fraction(whole, n, d)],
  [/\b(?:three quarters of an hour|(?:eine )?drei ?viertel ?stunden?)\b/g, "45 min"],
  [/\b(?:(?:a |one )?quarter of an hour|(?:a )?quarter hour|(?:eine[rm]? )?viertel ?stunden?)\b/g, "15 min"],
  // "anderthalb", "eineinhalb", "zweieinhalb", "dreieinhalb Stunden".
  [/\b(?:anderthalb|einhalb)\b/g, "1.5"],
  [new RegExp(`\\b(${NUMBER_WORD})einhalb\\b`, "g"), (_w, n = "") => String(numberWord(n) + 0.5)],
  // "an hour and a half", "two and a half hours", "2 and a half hours", "zwei und eine halbe Stunde".
  [/\b(?:an|one) hour and a half\b/g, "1.5 h"],
  [
    new RegExp(`\\b(\\d+|${NUMBER_WORD}) (?:and a half|und eine halbe)\\b`, "g"),
    (_w, n = "") => String((/^\d+$/.test(n) ? Number(n) : numberWord(n)) + 0.5),
  ],
  [/\b(?:half an hour|(?:a )?half (?:an )?hour|(?:eine[rm]? )?halben? stunde)\b/g, "0.5 h"],
  [new RegExp(`\\b${NUMBER_WORD}\\b(?= ?[a-z])`, "g"), (w) => String(numberWord(w))],
];
const ISO = /^p(?:(\d+(?:\.\d+)?)d)?(?:t(?:(\d+(?:\.\d+)?)h)?(?:(\d+(?:\.\d+)?)m)?(?:(\d+(?:\.\d+)?)s)?)?$/;
const CLOCK = /^(\d{1,3}):([0-5]\d)(?: ?(?:h|std|stunden?|hours?))?$/;
const TERM = /^(?:and |und |\+ |, ?)?(\d+(?:\.\d+)?) ?([a-z]+)?\.? ?/;

/** Whole minutes from a duration phrase; throws DateInputError when it cannot be read or is not positive. */
export function parseDuration(text: string): number {
  const minutes = readMinutes(text);
  if (typeof minutes === "string") throw new DateInputError("duration", text, minutes);
  return minutes;
}

/** Like parseDuration, but null instead of an error (for callers that try several readings). */
export function tryParseDuration(text: string): number | null {
  const minutes = readMinutes(text);
  return typeof minutes === "number" ? minutes : null;
}

/** Minutes as "1h 30m", "45m", "2h": the form parseDuration reads back. */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m}m`;
  return m === 0 ? `${h}h` : `${h}h ${m}m`;
}

/** Minutes, or the reason the text is not a duration. */
function readMinutes(text: string): number | string {
  const t = fold(text).replace(/(\d),(\d)/g, "$1.$2");
  if (t === "") return "the text is empty";
  if (/^\d+(?:\.\d+)?$/.test(t)) return `a number needs a unit: write "${t} min" or "${t}h"`;
  if (/^-/.test(t)) return "a duration must be positive";
  const exact = readIso(t) ?? readClock(t) ?? readTerms(wordsToNumbers(t));
  if (exact === null) return "not a duration";
  const rounded = Math.round(exact);
  if (rounded <= 0) return "a duration must be at least one minute";
  return rounded;
}

function readIso(t: string): number | null {
  const m = ISO.exec(t);
  if (!m || t === "p" || t.endsWith("t")) return null;
  const n = (i: number): number => Number(m[i] ?? 0);
  return n(1) * 1440 + n(2) * 60 + n(3) + n(4) / 60; // days, hours, minutes, seconds
}

function readClock(t: string): number | null {
  const m = CLOCK.exec(t);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

function wordsToNumbers(t: string): string {
  // Two calls only because TypeScript picks one overload of replace() per replacement type.
  return WORDS.reduce(
    (s, [pattern, replacement]) =>
      typeof replacement === "string" ? s.replace(pattern, replacement) : s.replace(pattern, replacement),
    t,
  );
}

/** "1 h 30 min", "1h30", "90m": each unit at most once; a bare number after hours means minutes. */
function readTerms(t: string): number | null {
  let rest = t;
  let hours: number | null = null;
  let minutes: number | null = null;
  while (rest !== "") {
    const m = TERM.exec(rest);
    if (!m || m[0] === "") return null;
    rest = rest.slice(m[0].length);
    const value = Number(m[1]);
    const unit = m[2];
    if (unit !== undefined && HOUR_UNITS.has(unit) && hours === null && minutes === null) hours = value;
    else if (unit !== undefined && MINUTE_UNITS.has(unit) && minutes === null) minutes = value;
    else if (unit === undefined && hours !== null && minutes === null && rest === "") minutes = value;
    else return null;
  }
  if (hours === null && minutes === null) return null;
  return (hours ?? 0) * 60 + (minutes ?? 0);
}
