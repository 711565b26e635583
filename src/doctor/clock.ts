/**
 * Clock skew, as far as the service's `Date` header shows it. "today", "yesterday 9:00" and due dates
 * are read on this machine's clock, so a clock that is off logs time on the wrong day near midnight.
 */
import type { Check } from "./report.js";

/** Beyond this, it is worth fixing; below, the header's one-second resolution and latency dominate. */
export const MAX_SKEW_MS = 2 * 60_000;

export interface Timed {
  date: string | undefined;
  sentAt: number;
  receivedAt: number;
}

/** Undefined when the service sent no usable `Date`: then skew is not visible. */
export function clockCheck(answer: Timed): Check | undefined {
  const serverMs = answer.date === undefined ? Number.NaN : Date.parse(answer.date);
  if (Number.isNaN(serverMs)) return undefined;
  // The header is truncated to whole seconds: its true moment is on average half a second later.
  const skewMs = serverMs + 500 - (answer.sentAt + answer.receivedAt) / 2;
  if (Math.abs(skewMs) <= MAX_SKEW_MS) {
    return { name: "clock", status: "ok", finding: "in step with the service's clock" };
  }
  const direction = skewMs < 0 ? "ahead of" : "behind";
  return {
    name: "clock",
    status: "warn",
    finding: `this machine's clock is ${duration(Math.abs(skewMs))} ${direction} the service's`,
    fix: 'Dates like "today" and "yesterday 9:00" are read on this clock, so entries near midnight can land\non the wrong day. Turn on automatic date and time (network time) in the system settings.',
  };
}

function duration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 120) return `${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} hours` : `${Math.round(hours / 24)} days`;
}
