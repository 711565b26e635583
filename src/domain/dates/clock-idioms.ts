/**
 * Spoken clock times rewritten to "H:MM" before chrono-node reads the phrase, which knows none of
 * them: "halb zehn" (09:30), "Viertel nach neun", "Viertel vor zehn", "dreiviertel zehn" (09:45,
 * as said in the south and east), "viertel zehn" (09:15), "zehn nach neun", "fünf vor halb zehn",
 * "17 Uhr 30", and English "half past nine", "quarter to ten", "ten past nine", "half nine"
 * (British, 09:30). They name a 12-hour clock, so the caller's rule for hours 1–7 applies to them
 * as to a bare "3" (see phrase.ts).
 */

const HOUR_WORDS: ReadonlyArray<readonly [number, string]> = [
  [1, "eins|ein|one"],
  [2, "zwei|two"],
  [3, "drei|three"],
  [4, "vier|four"],
  [5, "f(?:ü|ue)nf|five"],
  [6, "sechs|six"],
  [7, "sieben|seven"],
  [8, "acht|eight"],
  [9, "neun|nine"],
  [10, "zehn|ten"],
  [11, "elf|eleven"],
  [12, "zw(?:ö|oe)lf|twelve"],
];

const MINUTE_WORDS: ReadonlyArray<readonly [number, string]> = [
  [5, "f(?:ü|ue)nf|five"],
  [10, "zehn|ten"],
  [20, "zwanzig|twenty"],
  [25, "f(?:ü|ue)nfundzwanzig|twenty-five|twenty five"],
];

const HOUR = `(\\d{1,2}|${HOUR_WORDS.map(([, w]) => w).join("|")})`;
const MINUTES = `(\\d{1,2}|${MINUTE_WORDS.map(([, w]) => w).join("|")})`;
// The hour must not be followed by a unit: "vor 3 Tagen" is not "vor 3" o'clock.
const END =
  "(?![\\d:.]\\d|\\s*(?:tage?n?|days?|wochen?|weeks?|monate?n?|months?|jahre?n?|years?|stunden?|hours?|min))";

function numberOf(word: string, table: ReadonlyArray<readonly [number, string]>): number | null {
  if (/^\d+$/.test(word)) return Number(word);
  const lower = word.toLowerCase();
  return table.find(([, w]) => new RegExp(`^(?:${w})$`).test(lower))?.[0] ?? null;
}

/** "H:MM" for an hour 1–12 and minutes, the hour wrapping 0 → 12 ("halb eins" is 12:30). */
function clock(hour: number | null, minute: number): string | null {
  if (hour === null || hour < 1 || hour > 12) return null;
  return `${hour}:${String(minute).padStart(2, "0")}`;
}

const before = (hour: number | null): number | null => (hour === null ? null : hour === 1 ? 12 : hour - 1);

type Rewrite = readonly [RegExp, (...groups: string[]) => string];

function rule(pattern: string, make: (a: string, b: string) => string | null): Rewrite {
  return [new RegExp(`\\b${pattern}${END}`, "gi"), (whole, a = "", b = "") => make(a, b) ?? whole];
}

const hourOf = (w: string) => numberOf(w, HOUR_WORDS);
const minutesOf = (w: string) => numberOf(w, MINUTE_WORDS);

const REWRITES: readonly Rewrite[] = [
  // "17 Uhr 30", "9 Uhr 15": a 24-hour time said aloud.
  [/\b(\d{1,2})\s*uhr\s+(\d{2})\b/gi, (_w, h = "", m = "") => `${h}:${m}`],
  rule(`${MINUTES}\\s+(?:minuten\\s+)?vor\\s+halb\\s+${HOUR}`, (m, h) => {
    const n = minutesOf(m);
    return n === null || n >= 30 ? null : clock(before(hourOf(h)), 30 - n);
  }),
  rule(`${MINUTES}\\s+(?:minuten\\s+)?nach\\s+halb\\s+${HOUR}`, (m, h) => {
    const n = minutesOf(m);
    return n === null || n >= 30 ? null : clock(before(hourOf(h)), 30 + n);
  }),
  rule(`halb\\s+${HOUR}`, (h) => clock(before(hourOf(h)), 30)),
  rule(`(?:drei\\s*viertel|3/4)\\s+${HOUR}`, (h) => clock(before(hourOf(h)), 45)),
  rule(`viertel\\s+nach\\s+${HOUR}`, (h) => clock(hourOf(h), 15)),
  rule(`viertel\\s+vor\\s+${HOUR}`, (h) => clock(before(hourOf(h)), 45)),
  rule(`viertel\\s+${HOUR}`, (h) => clock(before(hourOf(h)), 15)),
  rule(`${MINUTES}\\s+(?:minuten\\s+)?nach\\s+${HOUR}`, (m, h) => {
    const n = minutesOf(m);
    return n === null || n >= 30 ? null : clock(hourOf(h), n);
  }),
  rule(`${MINUTES}\\s+(?:minuten\\s+)?vor\\s+${HOUR}`, (m, h) => {
    const n = minutesOf(m);
    return n === null || n >= 30 ? null : clock(before(hourOf(h)), 60 - n);
  }),
  rule(`half\\s+past\\s+${HOUR}`, (h) => clock(hourOf(h), 30)),
  rule(`(?:a\\s+)?quarter\\s+past\\s+${HOUR}`, (h) => clock(hourOf(h), 15)),
  rule(`(?:a\\s+)?quarter\\s+(?:to|before|of)\\s+${HOUR}`, (h) => clock(before(hourOf(h)), 45)),
  rule(`${MINUTES}\\s+(?:minutes\\s+)?past\\s+${HOUR}`, (m, h) => {
    const n = minutesOf(m);
    return n === null || n >= 30 ? null : clock(hourOf(h), n);
  }),
  rule(`${MINUTES}\\s+minutes\\s+(?:to|before)\\s+${HOUR}`, (m, h) => {
    const n = minutesOf(m);
    return n === null || n >= 30 ? null : clock(before(hourOf(h)), 60 - n);
  }),
  rule(`half\\s+${HOUR}`, (h) => clock(hourOf(h), 30)),
];

/** The text with spoken clock times replaced by "H:MM"; other text is left alone. */
export function rewriteClockIdioms(text: string): string {
  return REWRITES.reduce((out, [pattern, make]) => out.replace(pattern, make), text);
}

/**
 * Whether the text writes its time as a 24-hour clock reading ("9:30", "9.30", "03 Uhr") rather than
 * a bare or spoken hour ("3", "um 3 Uhr", "halb drei"). Dates ("20.11.", "3.3.2026") do not count.
 */
export function hasClockNotation(text: string): boolean {
  const withoutDates = text.replace(/\b\d{1,2}\.\d{1,2}\.(?:\d{2,4})?/g, " ");
  return /(?<![\d.])\d{1,2}[:.]\d{2}(?!\d)/.test(withoutDates) || /(?<![\d.:])0\d(?![\d])/.test(withoutDates);
}
