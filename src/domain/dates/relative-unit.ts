/**
 * "last month", "letztes Quartal", "this week", "vorletztes Jahr", "Vormonat", "2 years ago":
 * a calendar unit and how many of them back (negative) or ahead (positive) of the current one.
 * Input is folded text (see text.ts: lower case, ä → ae).
 */
export type CalendarUnit = "week" | "month" | "quarter" | "year";

export interface RelativeUnit {
  readonly unit: CalendarUnit;
  readonly step: number;
}

const UNIT_WORDS: ReadonlyArray<readonly [CalendarUnit, RegExp]> = [
  ["week", /^(?:weeks?|wochen?)$/],
  ["month", /^(?:months?|monate?n?|monats)$/],
  ["quarter", /^(?:quarters?|quartale?n?|quartals)$/],
  ["year", /^(?:years?|jahre?n?|jahres)$/],
];

const MODIFIERS: ReadonlyArray<readonly [number, RegExp]> = [
  [0, /^(?:this|current|diese[nrms]?|aktuelle[nrms]?|laufende[nrms]?)$/],
  [-1, /^(?:last|previous|past|letzte[nrms]?|vorige[nrms]?|vergangene[nrms]?)$/],
  [-2, /^vorletzte[nrms]?$/],
  [1, /^(?:next|coming|naechste[nrms]?|kommende[nrms]?)$/],
];

const COMPOUNDS: ReadonlyMap<string, RelativeUnit> = new Map([
  ["vorwoche", { unit: "week", step: -1 }],
  ["vormonat", { unit: "month", step: -1 }],
  ["vorquartal", { unit: "quarter", step: -1 }],
  ["vorjahr", { unit: "year", step: -1 }],
  ["heuer", { unit: "year", step: 0 }],
  ["year before last", { unit: "year", step: -2 }],
]);

function unitOf(word: string): CalendarUnit | null {
  return UNIT_WORDS.find(([, pattern]) => pattern.test(word))?.[0] ?? null;
}

export function readRelativeUnit(folded: string): RelativeUnit | null {
  const t = folded.replace(/^(?:im|in|the|den|das|der|die) /, "");
  const compound = COMPOUNDS.get(t);
  if (compound) return compound;
  const ago = /^(\d{1,3}) ([a-z]+) ago$/.exec(t) ?? /^vor (\d{1,3}) ([a-z]+)$/.exec(t);
  if (ago) {
    const unit = unitOf(ago[2] ?? "");
    return unit && { unit, step: -Number(ago[1]) };
  }
  const words = t.split(" ");
  if (words.length !== 2) return null;
  const step = MODIFIERS.find(([, pattern]) => pattern.test(words[0] ?? ""))?.[0];
  const unit = unitOf(words[1] ?? "");
  return step === undefined || unit === null ? null : { unit, step };
}
