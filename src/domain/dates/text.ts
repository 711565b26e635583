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

const CHRONO_REWRITES: ReadonlyArray<readonly [RegExp, string]> = [
  // "14.30 Uhr", "14 Uhr": chrono reads "am 3. März 10 Uhr" as the year 2010 otherwise.
  [/\b(\d{1,2})[.:](\d{2})\s*uhr\b/gi, "$1:$2"],
  [/\b(\d{1,2})\s*uhr\b/gi, "$1:00"],
  // chrono knows "letzten Freitag" but not its synonyms.
  [/\b(?:vergangene|vorige)[nrms]?\b/gi, "letzten"],
  [/\bfr(?:ü|ue)h\b/gi, "vormittag"],
  [/\blast night\b/gi, "yesterday night"],
  [/\b(?:the )?day before yesterday\b/gi, "2 days ago"],
];

/** The phrase as handed to chrono-node. */
export function prepareForChrono(text: string): string {
  let out = text.normalize("NFC").replace(/\s+/g, " ").trim();
  for (const [pattern, replacement] of CHRONO_REWRITES) out = out.replace(pattern, replacement);
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
