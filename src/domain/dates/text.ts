import { rewriteClockIdioms } from "./clock-idioms.js";
import { germanMonthName } from "./months.js";

/**
 * Text preparation shared by the parsers: folding for the hand-written grammars, and the few
 * rewrites that let chrono-node read common German and English forms it otherwise misreads.
 */

/** Lower case, umlauts transliterated (ä → ae, ß → ss), whitespace collapsed, trimmed. */
export function fold(text: string): string {
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .replace(/\s+/g, " ")
    .trim();
}

const DAY_WORD = "today|yesterday|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday";
const PART_WORD = "morning|afternoon|evening|night";
const WEEKDAYS =
  "montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|monday|tuesday|wednesday|thursday|friday|saturday|sunday";

const CHRONO_REWRITES: ReadonlyArray<readonly [RegExp, string | ((...groups: string[]) => string)]> = [
  // "20.11. 9:00": chrono reads a day and month without a year only with the month's name.
  [
    /\b(\d{1,2})\.(\d{1,2})\.(?!\d)/g,
    (whole, day, month) => {
      const m = Number(month);
      return m >= 1 && m <= 12 ? `${day}. ${germanMonthName(m)}` : whole;
    },
  ],
  // "17:30h", "17.30 h": the hour sign written after a clock time.
  [/\b(\d{1,2})[:.](\d{2})\s*h\b/gi, "$1:$2"],
  // "at 7 in the evening", "9:30 in the morning": chrono reads the part of day after a time as a
  // second phrase; as a meridiem it is one.
  [
    /\b(\d{1,2}(?::\d{2})?)\s+in\s+the\s+(?:(morning)|afternoon|evening)\b/gi,
    (_w, time, morning) => `${time}${morning ? "am" : "pm"}`,
  ],
  // "yesterday 9", "friday at 3", "yesterday evening 7": a bare hour after a day word, as German
  // "gestern 9" already reads.
  [
    new RegExp(
      `\\b(${DAY_WORD})((?:\\s+(?:${PART_WORD}))?\\s+(?:at\\s+)?)(\\d{1,2})\\b(?![:.]?\\d)(?!\\s*(?:am|pm|a\\.m|p\\.m|h\\b|hours?|min))`,
      "gi",
    ),
    "$1$2$3:00",
  ],
  // "9.30", "17.45": a dotted time (not a date such as "3.3.2026" or "20.11.").
  [/(?<![\d.])([01]?\d|2[0-3])\.([0-5]\d)(?![\d]|\.\d|\.(?:\s|$))/g, "$1:$2"],
  // "14.30 Uhr", "14 Uhr": chrono reads "am 3. März 10 Uhr" as the year 2010 otherwise.
  [/\b(\d{1,2})[.:](\d{2})\s*uhr\b/gi, "$1:$2"],
  [/\b(\d{1,2})\s*uhr\b/gi, "$1:00"],
  // chrono knows "letzten Freitag" but not its synonyms.
  [/\b(?:vergangene|vorige)[nrms]?\b/gi, "letzten"],
  [/(\d)\s+fr(?:ü|ue)h\b/gi, "$1 morgens"],
  [/\bfr(?:ü|ue)h\b/gi, "vormittag"],
  [/\blast night\b/gi, "yesterday night"],
  // "gegen 8", "ca. 9 Uhr": an approximate time is logged as the time.
  [/\b(?:gegen|ca\.?|circa|etwa|ungef(?:ä|ae)hr|around|about)\s+(?=\d|halb|viertel|dreiviertel)/gi, "um "],
  // "Fr. 13 Uhr": chrono knows the weekday abbreviations without their dot.
  [/\b(Mo|Di|Mi|Do|Fr|Sa|So|Mon|Tue|Wed|Thu|Fri|Sat|Sun)\.(?=\s)/g, "$1"],
  // "letzte Woche Dienstag", "Dienstag letzter Woche", "Tuesday last week": the weekday alone;
  // weekdaySense reads "last week" from the original text.
  [
    new RegExp(
      `\\b(?:letzte[nr]?|vergangene[nr]?|vorige[nr]?|last|previous)\\s+(?:woche|week)\\s+(?:on\\s+|am\\s+)?(?=(?:${WEEKDAYS})\\b)`,
      "gi",
    ),
    "",
  ],
  [
    new RegExp(
      `\\b(${WEEKDAYS})(?:,)?\\s+(?:(?:der|of)\\s+)?(?:letzte[nr]?|vergangene[nr]?|vorige[nr]?|last|previous)\\s+(?:woche|week)\\b`,
      "gi",
    ),
    "$1",
  ],
  // "gestern nachmittags um 3": the adverb after a day word reads like the noun ("gestern Nachmittag").
  [/\b(gestern|heute|vorgestern|morgen)\s+(vormittag|nachmittag|abend|morgen|mittag)s\b/gi, "$1 $2"],
  [/\b(?:the )?day before yesterday\b/gi, "2 days ago"],
];

/** The phrase as handed to chrono-node. */
export function prepareForChrono(text: string): string {
  let out = rewriteClockIdioms(text.normalize("NFC").replace(/\s+/g, " ").trim());
  for (const [pattern, replacement] of CHRONO_REWRITES) {
    // Two calls only because TypeScript picks one overload of replace() per replacement type.
    out =
      typeof replacement === "string" ? out.replace(pattern, replacement) : out.replace(pattern, replacement);
  }
  return out;
}

/** Parts of the day a phrase may name instead of a clock time. */
export type PartOfDay = "morning" | "noon" | "afternoon" | "evening" | "night";

/** The time a part of day stands for when no clock time is given ("yesterday morning" → 09:00). */
export const PART_OF_DAY_HOUR: Readonly<Record<PartOfDay, number>> = {
  morning: 9,
  noon: 12,
  afternoon: 14,
  evening: 18,
  night: 22,
};

const PART_OF_DAY_WORDS: ReadonlyArray<readonly [PartOfDay, RegExp]> = [
  ["morning", /\b(?:morning|morgens|vormittags?|frueh)\b|\b(?:gestern|heute|vorgestern) morgen\b/],
  ["afternoon", /\b(?:afternoon|nachmittags?)\b/],
  ["noon", /\b(?:noon|midday|mittags?)\b/],
  ["evening", /\b(?:evening|abends?)\b/],
  ["night", /\b(?:night|tonight|nachts?)\b/],
];

/** The part of day a phrase names, if any ("gestern Nachmittag" → afternoon; "morgen" alone is tomorrow). */
export function partOfDayIn(text: string): PartOfDay | null {
  const folded = fold(text);
  for (const [part, pattern] of PART_OF_DAY_WORDS) if (pattern.test(folded)) return part;
  return null;
}

/** Words that may stand around a recognised phrase without changing it ("am Montag um 8"). */
const FILLER =
  /^(?:at|on|in|the|um|am|gegen|ca|circa|around|den|morgens|vormittags?|nachmittags?|abends?|nachts?|mittags?|morning|afternoon|evening|night)$/;

/** True when `rest` (the text chrono did not consume) holds only punctuation and filler words. */
export function isOnlyFiller(rest: string): boolean {
  return fold(rest)
    .split(/[\s,;.]+/)
    .every((word) => word === "" || FILLER.test(word));
}
