/**
 * A date argument that may be a day or a period phrase: "last month" stands for its first or last
 * day, anything else must be a day. Read against the context's clock and zone.
 */
import type { DateContext } from "./context.js";
import { DateInputError } from "./errors.js";
import { loadDates } from "./lazy.js";

/**
 * `assumptions` says which reading was taken where the phrase allowed several ("KW 52" on
 * 1 January is the week just past).
 */
export async function dayOrPeriod(
  text: string,
  ctx: DateContext,
  side: "start" | "end",
): Promise<{ day: string; assumptions: readonly string[] }> {
  const { parseDay, parsePeriod } = await loadDates();
  try {
    const period = parsePeriod(text, ctx);
    return { day: side === "start" ? period.start : period.end, assumptions: period.assumptions ?? [] };
  } catch (periodError) {
    try {
      return { day: parseDay(text, ctx), assumptions: [] };
    } catch (dayError) {
      // "KW 54" is period-shaped: its reason ("2026 has no ISO week 54") says more than "not a date".
      const specific = periodError instanceof DateInputError && periodError.reason !== undefined;
      throw specific ? periodError : dayError;
    }
  }
}
