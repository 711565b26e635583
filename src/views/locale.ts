/**
 * Numbers and dates in the locale the host gives (en-US reads "Jul 17, 2026" and "€1,234.56",
 * de-DE "17.07.2026" and "1.234,56 €"), words in German or English. Amounts arrive as EUR with two
 * decimals; they are shown, never summed here beyond what a view must add up.
 */
import { type Lang, WORDS, type Word } from "./words.js";

export type { Lang };

export interface Formats {
  /** The BCP 47 locale numbers and dates are written in. */
  locale: string;
  /** The language of the words, and of the document. */
  lang: Lang;
  money(eur: number): string;
  /** A whole number or one with up to `digits` decimals: "19", "8.75". */
  number(value: number, digits?: number): string;
  /** A rate in percent: 19 → "19%" / "19 %". */
  percent(rate: number): string;
  /** "2026-03-05" → "Mar 5, 2026" / "05.03.2026". */
  day(iso: string): string;
  /** Two days as one range: "Nov 16 – 22, 2026" / "16.–22.11.2026". */
  days(fromIso: string, toIso: string): string;
  /** "2026-03" → "March 2026" / "März 2026". */
  month(key: string): string;
  /** "2026-03" → "March" / "März". */
  monthName(key: string): string;
  /** "2026-11-16" → "Monday, November 16" / "Montag, 16. November"; short: "Mon, 11/16" / "Mo., 16.11.". */
  weekday(iso: string, style?: "short"): string;
  /** Minutes of the day as a clock time: "8:15 AM" / "08:15". */
  clock(minutes: number): string;
  /** Two clock times as one range: "9:15 – 11:30 AM" / "09:15–11:30". */
  clocks(from: number, to: number): string;
  hours(value: number): string;
  t(key: Word): string;
}

/** The host's locale when the browser knows it, else the browser's own, else en-US. */
export function localeOf(requested: string | undefined): string {
  for (const candidate of [requested, navigator.language]) {
    if (!candidate) continue;
    try {
      const [supported] = Intl.DateTimeFormat.supportedLocalesOf(candidate);
      if (supported) return supported;
    } catch {
      // Not a BCP 47 tag: try the next.
    }
  }
  return "en-US";
}

export function formatsFor(requested: string | undefined): Formats {
  const locale = localeOf(requested);
  const lang: Lang = locale.toLowerCase().startsWith("de") ? "de" : "en";
  const money = new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" });
  const date = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { timeZone: "UTC", ...options });
  const noon = (iso: string) => new Date(`${iso.slice(0, 10)}T12:00:00Z`);
  const atMinute = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));
  const medium = date({ dateStyle: "medium" });
  const monthYear = date({ month: "long", year: "numeric" });
  const monthOnly = date({ month: "long" });
  const longDay = date({ weekday: "long", day: "numeric", month: "long" });
  const shortDay = date({ weekday: "short", day: "numeric", month: "numeric" });
  // A 24-hour clock writes two-digit hours ("08:30", as formatRange does); a 12-hour one does not.
  const hour12 = date({ hour: "numeric" }).resolvedOptions().hour12 === true;
  const time = date({ hour: hour12 ? "numeric" : "2-digit", minute: "2-digit" });
  const numbers = new Map<number, Intl.NumberFormat>();
  const number = (value: number, digits = 2) => {
    if (!numbers.has(digits))
      numbers.set(digits, new Intl.NumberFormat(locale, { maximumFractionDigits: digits }));
    return numbers.get(digits)!.format(value);
  };
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 });
  return {
    locale,
    lang,
    money: (eur) => money.format(eur),
    number,
    percent: (rate) => percent.format(rate / 100),
    day: (iso) => medium.format(noon(iso)),
    days: (from, to) => medium.formatRange(noon(from), noon(to)),
    month: (key) => monthYear.format(noon(`${key}-01`)),
    monthName: (key) => monthOnly.format(noon(`${key}-01`)),
    weekday: (iso, style) => (style === "short" ? shortDay : longDay).format(noon(iso)),
    clock: (minutes) => time.format(atMinute(minutes)),
    clocks: (from, to) => time.formatRange(atMinute(from), atMinute(to)),
    hours: (value) => `${number(value)} h`,
    t: (key) => WORDS[lang][key],
  };
}
