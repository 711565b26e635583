import { todayIn } from "./calendar.js";
import type { DateContext } from "./context.js";
import { DateInputError } from "./errors.js";
import { readRelativeUnit } from "./relative-unit.js";
import { fold } from "./text.js";

/** Years the service's reports can sensibly cover. */
export const MIN_YEAR = 2000;
export const MAX_YEAR = 2100;

/**
 * A calendar year from a number or a phrase, relative to the context's today: 2025, "2025",
 * "im Jahr 2025",
 * "this year", "dieses Jahr", "last year", "letztes Jahr", "vorletztes Jahr", "2 years ago".
 * Throws DateInputError outside MIN_YEAR..MAX_YEAR or when the text is not a year.
 */
export function parseYear(input: number | string, ctx: DateContext): number {
  const text = String(input);
  if (text.trim() === "") throw new DateInputError("year", text, "the text is empty");
  const year = typeof input === "number" ? input : readYear(fold(input), ctx);
  if (year === null) throw new DateInputError("year", text);
  if (!Number.isInteger(year)) throw new DateInputError("year", text, "a year is a whole number");
  if (year < MIN_YEAR || year > MAX_YEAR) {
    throw new DateInputError("year", text, `years from ${MIN_YEAR} to ${MAX_YEAR} are supported`);
  }
  return year;
}

function readYear(folded: string, ctx: DateContext): number | null {
  // "im Jahr 2025", "in the year 2025", "Jahr 2025", "in 2025": the number is the year.
  const number = /^(?:(?:im|in)(?: the| das)? )?(?:(?:jahr|year|kalenderjahr|geschaeftsjahr) )?(\d{4})$/.exec(
    folded,
  );
  if (number) return Number(number[1]);
  const relative = readRelativeUnit(folded);
  if (relative?.unit !== "year") return null;
  return todayIn(ctx).getFullYear() + relative.step;
}
