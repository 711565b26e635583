/**
 * What the billing rules need to work: the API client, the cached directory of customers and
 * projects, the clock and the user's zone. The MCP layer's ToolContext is one of these; nothing
 * here knows how a tool is called or how an answer is worded.
 */
import type { Directory } from "../api/directory.js";
import type { ApiClient } from "../api/errors.js";
import type { DateContext } from "../domain/dates/context.js";
import { loadDates } from "../domain/dates/lazy.js";

export interface BillingContext {
  client(): ApiClient;
  directory: Directory;
  now(): Date;
  timeZone: string;
}

export function dateContext(context: Pick<BillingContext, "now" | "timeZone">): DateContext {
  return { now: context.now(), timeZone: context.timeZone };
}

/**
 * The end of a time entry: a time without a date ("17:00", "9.30", "bis 17 Uhr", "Mittag",
 * "17:00 CET") is on the start's day, or the next when it is not after the start; anything else
 * reads as its own instant. The rule lives in the date module (resolveEndInstant).
 */
export async function resolveEnd(text: string, startMs: number, context: BillingContext) {
  const { resolveEndInstant } = await loadDates();
  return resolveEndInstant(text, startMs, dateContext(context));
}
