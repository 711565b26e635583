/**
 * Time entries as slots on the clock: whether two overlap, and which stored entries a new one would
 * collide with. A second entry on a slot already logged (another description, another customer) is
 * how hours get billed twice, so log_time refuses it unless the person says it is right.
 */
import { DAY_MS } from "./calendar-span.js";

export interface Slot {
  startMs: number;
  endMs: number;
}

/** Half-open: 09:00–11:00 and 11:00–12:00 touch but do not overlap. */
export function overlaps(a: Slot, b: Slot): boolean {
  return a.startMs < b.endMs && b.startMs < a.endMs;
}

/** Minutes as people say them in prose: "2 h 30 min", "2 h", "45 min". */
export function spokenDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** The Monday of the week an ISO day ("2026-11-20") falls in, as an ISO day. */
export function mondayOf(day: string): string {
  const ms = Date.parse(`${day}T12:00:00Z`);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return new Date(ms - weekday * DAY_MS).toISOString().slice(0, 10);
}
