/**
 * Date arguments as the tools take them: a day or a period phrase for list filters, a point in time
 * for time entries. Everything is resolved in the user's zone against the context's clock.
 */
import { dateContext } from "../billing/context.js";
import { dayOrPeriod } from "../domain/dates/day-or-period.js";
import { DateInputError } from "../domain/dates/errors.js";
import type { ToolContext } from "./context.js";

/**
 * `from`/`to` filters: each a day ("2026-03-01", "yesterday") or a period ("last month"), whose
 * first day starts `from` and last day ends `to`. Returns inclusive ISO days.
 */
export async function dayRange(
  from: string | undefined,
  to: string | undefined,
  context: ToolContext,
): Promise<{ from: string | undefined; to: string | undefined; assumptions: readonly string[] }> {
  const ctx = dateContext(context);
  const fromDay = from === undefined ? undefined : await dayOrPeriod(from, ctx, "start");
  const toDay = to === undefined ? undefined : await dayOrPeriod(to, ctx, "end");
  if (fromDay && toDay && fromDay.day > toDay.day) {
    throw new DateInputError(
      "period",
      `${from} … ${to}`,
      `"from" (${fromDay.day}) is after "to" (${toDay.day})`,
    );
  }
  const assumptions = [...new Set([...(fromDay?.assumptions ?? []), ...(toDay?.assumptions ?? [])])];
  return { from: fromDay?.day, to: toDay?.day, assumptions };
}

/** " Assumed: …." to append to a tool's answer, or "" when nothing had to be assumed. */
export function assumedText(assumptions: readonly string[]): string {
  return assumptions.length === 0 ? "" : ` Assumed: ${assumptions.join("; ")}.`;
}
