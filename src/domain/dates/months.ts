/** Month names in English and German, folded (lower case, ä → ae), with common abbreviations. */
const MONTHS: ReadonlyArray<readonly [number, RegExp]> = [
  [1, /^(?:january|januar|jaenner|jan)$/],
  [2, /^(?:february|februar|feber|feb)$/],
  [3, /^(?:march|maerz|marz|mar|maer|mrz)$/],
  [4, /^(?:april|apr)$/],
  [5, /^(?:may|mai)$/],
  [6, /^(?:june|juni|jun)$/],
  [7, /^(?:july|juli|jul)$/],
  [8, /^(?:august|aug)$/],
  [9, /^(?:september|sept|sep)$/],
  [10, /^(?:october|oktober|oct|okt)$/],
  [11, /^(?:november|nov)$/],
  [12, /^(?:december|dezember|dec|dez)$/],
];

/** 1–12 for a month name ("März", "maerz", "Mar.", "October"), else null. */
export function monthNumber(word: string): number | null {
  const w = word.replace(/\.$/, "");
  return MONTHS.find(([, pattern]) => pattern.test(w))?.[0] ?? null;
}

/** The months' full names, January first (the notes of invoices name them so too). */
export const ENGLISH_MONTHS: readonly string[] = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "March" for 3: labels are English, like the rest of the tool output. */
export function englishMonthName(month: number): string {
  return ENGLISH_MONTHS[month - 1] ?? String(month);
}

export const GERMAN_MONTHS: readonly string[] = [
  "Januar",
  "Februar",
  "März",
  "April",
  "Mai",
  "Juni",
  "Juli",
  "August",
  "September",
  "Oktober",
  "November",
  "Dezember",
];

/** "März" for 3: for German text (invoice notes, a German date read back). */
export function germanMonthName(month: number): string {
  return GERMAN_MONTHS[month - 1] ?? String(month);
}
