import { calendarDay } from "./calendar.js";
import type { LocalDateTime } from "./zone.js";

/**
 * ISO 8601 / RFC 3339 dates and date-times, read by hand so their meaning is exact:
 * "2026-03-29" (a day), "2026-03-29T10:00" or "2026-03-29 10:00" (wall clock in the user's zone),
 * "2026-03-29T10:00:00Z" / "+02:00" / "+0200" (an exact instant; the offset wins over the zone).
 */
export type IsoReading =
  | { readonly kind: "instant"; readonly ms: number }
  | { readonly kind: "local"; readonly local: LocalDateTime; readonly hasTime: boolean };

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[t ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?(?: ?(z|[+-]\d{2}(?::?\d{2})?))?$/i;

/** The reading; a string giving the reason when the text is ISO-shaped but not valid; null when not ISO at all. */
export function readIso(text: string): IsoReading | string | null {
  const m = ISO.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac, offset] = m;
  const day = calendarDay(Number(y), Number(mo), Number(d));
  if (!day) return `${y}-${mo}-${d} is not a calendar date`;
  if (h === undefined) {
    if (offset !== undefined) return "an offset needs a time of day";
    return { kind: "local", local: { year: Number(y), month: Number(mo), day: Number(d) }, hasTime: false };
  }
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s ?? 0);
  if (hour > 23 || minute > 59 || second > 59) return `${h}:${mi}${s ? `:${s}` : ""} is not a time of day`;
  const local: LocalDateTime = {
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour,
    minute,
    second,
    millisecond: Number((frac ?? "").padEnd(3, "0").slice(0, 3)),
  };
  if (offset === undefined) return { kind: "local", local, hasTime: true };
  const offsetMinutes = readOffset(offset);
  if (offsetMinutes === null) return `${offset} is not a UTC offset`;
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, hour, minute, second, local.millisecond);
  return { kind: "instant", ms: asUtc - offsetMinutes * 60_000 };
}

function readOffset(offset: string): number | null {
  if (offset.toLowerCase() === "z") return 0;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(offset);
  if (!m) return null;
  const hours = Number(m[2]);
  const minutes = Number(m[3] ?? 0);
  if (hours > 14 || minutes > 59) return null;
  return (m[1] === "-" ? -1 : 1) * (hours * 60 + minutes);
}
