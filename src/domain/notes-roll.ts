/**
 * The notes of an invoice made again for a later period: a month, quarter or year they name that
 * lies in the earlier invoice's service period moves on with it ("Wartung Oktober 2026" becomes
 * "Wartung November 2026", "Q3/2026" becomes "Q4/2026", "Oktober bis Dezember 2026" for Q4
 * becomes "Januar bis März 2027"), written the way it was (German or English, full name or
 * abbreviation, "10/2026" or "2026-10"). Anything else stays as written and is reported, so the
 * person can check it. Pure.
 */

import type { DaySpan } from "./calendar-span.js";
import { monthIndex, spanKind } from "./calendar-span.js";
import { ENGLISH_MONTHS, GERMAN_MONTHS } from "./dates/months.js";

export interface RolledNotes {
  notes: string;
  /** Each mention moved on, as written before and after. */
  rolled: { from: string; to: string }[];
  /** Mentions of other periods, left as written. */
  kept: string[];
}

/** The notes name the old period but the periods are not of one kind (a month and a quarter). */
export interface Unrollable {
  mentions: string[];
}

const GERMAN = GERMAN_MONTHS;
const ENGLISH = ENGLISH_MONTHS;
const GERMAN_SHORT = ["Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"];
const ENGLISH_SHORT = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const OTHER_SHORT: Record<string, number> = { mrz: 3, maerz: 3, sept: 9 };

type Language = "de" | "en";

interface MonthWord {
  month: number;
  language: Language | null;
  short: boolean;
}

/** The month a word names, and whether it tells the language; abbreviations only with a year. */
function monthWord(word: string): MonthWord | null {
  const lower = word.toLowerCase();
  const find = (list: readonly string[]) => list.findIndex((name) => name.toLowerCase() === lower) + 1;
  const de = find(GERMAN) || (lower === "maerz" ? 3 : 0);
  const en = find(ENGLISH);
  if (de || en) return { month: de || en, language: de && en ? null : de ? "de" : "en", short: false };
  const deShort = find(GERMAN_SHORT);
  const enShort = find(ENGLISH_SHORT);
  const other = OTHER_SHORT[lower] ?? 0;
  const month = deShort || enShort || other;
  if (!month) return null;
  const language =
    other && lower !== "sept" ? "de" : deShort && enShort ? null : deShort ? "de" : enShort ? "en" : null;
  return { month, language, short: true };
}

const MONTH_NAMES = [...GERMAN, ...ENGLISH, "Maerz", "Sept", "Mrz", ...GERMAN_SHORT, ...ENGLISH_SHORT];
const NAMES = [...new Set(MONTH_NAMES)].sort((a, b) => b.length - a.length).join("|");

/** Every form recognised, each with named groups; tried in this order at each position. */
const MENTION = new RegExp(
  [
    `(?<![\\p{L}])(?<name>${NAMES})(?<dot>\\.)?(?:(?<gap>[ /]|\\. ?)(?<nameYear>\\d{4}))?(?![\\p{L}\\d])`,
    "(?<![\\d.\\/-])(?<numMonth>0?[1-9]|1[0-2])(?<numSep>[./])(?<numYear>\\d{4})(?![\\d.\\/-])",
    "(?<![\\d.\\/-])(?<isoYear>\\d{4})-(?<isoMonth>0[1-9]|1[0-2])(?![\\d-])",
    "(?<![\\p{L}\\d])Q(?<q>[1-4])(?:(?<qGap> ?[/-] ?| )(?<qYear>\\d{4}))?(?![\\p{L}\\d])",
    "(?<![\\p{L}\\d])(?<qn>[1-4])\\. ?Quartal(?: (?<qnYear>\\d{4}))?(?![\\p{L}\\d])",
    "(?<![\\d.\\/-])(?<year>(?:19|20)\\d{2})(?![\\d./-])",
  ].join("|"),
  "giu",
);

interface Mention {
  index: number;
  text: string;
  /** The months it covers, as month indexes (year × 12 + month − 1); null: a year not said. */
  first: number | null;
  months: number;
  /** Same mention for another first month. */
  render: (first: number) => string;
  /** Without a year: the month (1–12) or quarter (1–4) it names, to be placed in the old period. */
  bareMonth?: number;
  bareQuarter?: number;
}

export function rollNotes(notes: string, from: DaySpan, to: DaySpan): RolledNotes | Unrollable {
  const mentions = findMentions(notes);
  const start = monthIndex(from.start);
  const end = monthIndex(from.end);
  const kind = spanKind(from);
  const inside = (m: Mention): number | null => {
    if (m.bareMonth !== undefined) {
      const hits = [];
      for (let i = start; i <= end; i += 1) if ((i % 12) + 1 === m.bareMonth) hits.push(i);
      return hits.length === 1 ? hits[0]! : null;
    }
    if (m.bareQuarter !== undefined) {
      const first = start - (start % 12) + (m.bareQuarter - 1) * 3;
      return kind === "quarter" && first === start ? first : null;
    }
    if (m.first === null || m.first < start || m.first + m.months - 1 > end) return null;
    // A year is rolled only where the period is that year: elsewhere "2026" may mean anything.
    return m.months === 12 && kind !== "year" ? null : m.first;
  };
  const within = mentions.filter((m) => inside(m) !== null);
  // A plain year is reported only where it was rolled: elsewhere it is as likely an amount.
  const kept = (rolled: readonly Mention[]) =>
    mentions.filter((m) => !rolled.includes(m) && m.months !== 12).map((m) => m.text);
  if (kind === "other" || kind !== spanKind(to)) {
    if (within.length > 0) return { mentions: within.map((m) => m.text) };
    return { notes, rolled: [], kept: kept([]) };
  }
  const offset = monthIndex(to.start) - start;
  let rolledNotes = notes;
  const rolled: RolledNotes["rolled"] = [];
  for (const mention of [...within].reverse()) {
    const after = mention.render(inside(mention)! + offset);
    rolledNotes =
      rolledNotes.slice(0, mention.index) + after + rolledNotes.slice(mention.index + mention.text.length);
    rolled.unshift({ from: mention.text, to: after });
  }
  return { notes: rolledNotes, rolled, kept: kept(within) };
}

/** The months and quarters the notes name, as written (plain years aside). */
export function periodMentions(notes: string): string[] {
  return findMentions(notes)
    .filter((m) => m.months !== 12)
    .map((m) => m.text);
}

function findMentions(notes: string): Mention[] {
  const found: Mention[] = [];
  const words: { word: MonthWord; groups: Record<string, string | undefined> }[] = [];
  for (const match of notes.matchAll(MENTION)) {
    const g = match.groups ?? {};
    if (g.name !== undefined) {
      const word = monthWord(g.name);
      // Without a year, only a full name written with its capital ("may" is a verb, "Jan" a name).
      const bare = g.nameYear === undefined;
      if (word === null || (bare && (word.short || !/^\p{Lu}/u.test(g.name)))) continue;
      words.push({ word, groups: g });
    }
    const mention = mentionOf(match[0], match.index, g, () => notesLanguage(words));
    if (mention) found.push(mention);
  }
  return found;
}

/** German unless the notes name a month in English only. */
function notesLanguage(words: readonly { word: MonthWord }[]): Language {
  return words.some((w) => w.word.language === "en") && !words.some((w) => w.word.language === "de")
    ? "en"
    : "de";
}

function mentionOf(
  text: string,
  index: number,
  g: Record<string, string | undefined>,
  language: () => Language,
): Mention | null {
  const caps = (s: string) => (text === text.toUpperCase() && /\p{L}{2}/u.test(text) ? s.toUpperCase() : s);
  if (g.name !== undefined) {
    const word = monthWord(g.name)!;
    const lang = word.language ?? language();
    const year = g.nameYear === undefined ? null : Number(g.nameYear);
    const name = (month: number) => {
      const list = word.short
        ? lang === "de"
          ? GERMAN_SHORT
          : ENGLISH_SHORT
        : lang === "de"
          ? GERMAN
          : ENGLISH;
      return caps(list[month]!);
    };
    return {
      index,
      text,
      first: year === null ? null : year * 12 + word.month - 1,
      months: 1,
      ...(year === null ? { bareMonth: word.month } : {}),
      render: (first) =>
        `${name(first % 12)}${g.dot ?? ""}${year === null ? "" : `${g.gap}${Math.floor(first / 12)}`}`,
    };
  }
  if (g.numMonth !== undefined) {
    const padded = g.numMonth.length === 2;
    return {
      index,
      text,
      first: Number(g.numYear) * 12 + Number(g.numMonth) - 1,
      months: 1,
      render: (first) =>
        `${String((first % 12) + 1).padStart(padded ? 2 : 1, "0")}${g.numSep}${Math.floor(first / 12)}`,
    };
  }
  if (g.isoYear !== undefined) {
    return {
      index,
      text,
      first: Number(g.isoYear) * 12 + Number(g.isoMonth) - 1,
      months: 1,
      render: (first) => `${Math.floor(first / 12)}-${String((first % 12) + 1).padStart(2, "0")}`,
    };
  }
  const quarter = g.q ?? g.qn;
  if (quarter !== undefined) {
    const year = g.qYear ?? g.qnYear;
    const q = Number(quarter);
    return {
      index,
      text,
      first: year === undefined ? null : Number(year) * 12 + (q - 1) * 3,
      months: 3,
      ...(year === undefined ? { bareQuarter: q } : {}),
      render: (first) => {
        const next = Math.floor((first % 12) / 3) + 1;
        const y = Math.floor(first / 12);
        if (g.q !== undefined) return `${text[0]}${next}${year === undefined ? "" : `${g.qGap}${y}`}`;
        return text.replace(/^[1-4]/, String(next)).replace(/\d{4}$/, String(y));
      },
    };
  }
  if (g.year !== undefined) {
    return {
      index,
      text,
      first: Number(g.year) * 12,
      months: 12,
      render: (first) => String(Math.floor(first / 12)),
    };
  }
  return null;
}
