import { tryParseDuration } from "./duration.js";
import { fold } from "./text.js";

/**
 * Phrases that are an exact offset from now, computed on the timeline (not the wall clock), so
 * "2 hours ago" is two real hours even across a DST switch: "now", "jetzt", "90 min ago",
 * "vor 2 Stunden", "vor einer halben Stunde", "in 30 Minuten". Day-sized offsets ("3 days ago")
 * are calendar arithmetic and go to chrono-node instead.
 */
export function readRelativeToNow(text: string, now: number): number | null {
  const t = fold(text);
  if (/^(?:now|right now|just now|jetzt|gerade|gerade eben|eben)$/.test(t)) return now;
  const ago = /^(.+) ago$/.exec(t) ?? /^vor (.+)$/.exec(t);
  const ahead = /^in (.+)$/.exec(t) ?? /^(.+) from now$/.exec(t);
  const amount = ago?.[1] ?? ahead?.[1];
  if (amount === undefined) return null;
  const minutes = tryParseDuration(amount);
  if (minutes === null) return null;
  return now + (ago ? -1 : 1) * minutes * 60_000;
}
