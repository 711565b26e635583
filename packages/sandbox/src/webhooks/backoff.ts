/**
 * When the sender tries again (the document's delivery rules): after a failed attempt, up to 5 more,
 * waiting about 1, 2, 4, 8 and 16 minutes: doubling from one minute, never more than 2 hours.
 * Pure, so the schedule is tested without waiting.
 */
export const MAX_RETRIES = 5;
const FIRST_DELAY_MS = 60_000;
export const MAX_DELAY_MS = 2 * 60 * 60_000;

/** The doubling wait before retry number `retry` (1 = the first retry), capped at 2 h. */
export function backoffMs(retry: number): number {
  return Math.min(FIRST_DELAY_MS * 2 ** (Math.max(1, retry) - 1), MAX_DELAY_MS);
}

/** The wait before retry number `retry`, or undefined when all retries are used up. */
export function retryDelayMs(retry: number): number | undefined {
  return Number.isInteger(retry) && retry >= 1 && retry <= MAX_RETRIES ? backoffMs(retry) : undefined;
}
