/**
 * Germany's nationwide public holidays, for deadlines that move to the next working day (§ 108
 * Abs. 3 AO). Pure: a year in, days out. The movable feasts hang on Easter Sunday (the Gregorian
 * computus); the fixed ones are set in every state's law alike. A state's own holidays (Epiphany,
 * Corpus Christi, Reformation Day, …) differ by state and are not here.
 */
import { DAY_MS } from "./calendar-span.js";

export interface Holiday {
  /** YYYY-MM-DD. */
  day: string;
  name: string;
}

/** Easter Sunday of a Gregorian year, as YYYY-MM-DD (the anonymous Gregorian algorithm). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(Date.UTC(year, month - 1, day));
}

export function nationwideHolidays(year: number): Holiday[] {
  const easter = Date.parse(`${easterSunday(year)}T00:00:00Z`);
  const fromEaster = (days: number) => iso(easter + days * DAY_MS);
  return [
    { day: `${year}-01-01`, name: "New Year's Day (Neujahr)" },
    { day: fromEaster(-2), name: "Good Friday (Karfreitag)" },
    { day: fromEaster(1), name: "Easter Monday (Ostermontag)" },
    { day: `${year}-05-01`, name: "Labour Day (Tag der Arbeit)" },
    { day: fromEaster(39), name: "Ascension Day (Christi Himmelfahrt)" },
    { day: fromEaster(50), name: "Whit Monday (Pfingstmontag)" },
    { day: `${year}-10-03`, name: "German Unity Day (Tag der Deutschen Einheit)" },
    { day: `${year}-12-25`, name: "Christmas Day (1. Weihnachtstag)" },
    { day: `${year}-12-26`, name: "Boxing Day (2. Weihnachtstag)" },
  ].sort((x, y) => x.day.localeCompare(y.day));
}

/** The nationwide holiday on a day (YYYY-MM-DD), or undefined. */
export function nationwideHoliday(day: string): Holiday | undefined {
  return nationwideHolidays(Number(day.slice(0, 4))).find((holiday) => holiday.day === day);
}

function iso(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
