/**
 * Names to records. A user says "mueller", "Müller & Söhne" or "nordlicht"; we find the one record
 * they mean or say why we cannot, never picking silently. Matching ignores case, accents, the German
 * transliterations (ä = ae, ö = oe, ü = ue, ß = ss), punctuation and a trailing legal form (GmbH, UG,
 * e.K.). A name that is the whole of exactly one record's name wins; otherwise every record it starts
 * or is part of is a candidate, and more than one is an error that lists them with their ids: "Website"
 * must not pick "Website Relaunch" while "Portfolio-Website" matches as well.
 */
import { InputError } from "./input-error.js";
import { cleanText } from "./text.js";

export interface Named {
  _id: string;
  name: string;
  /** false for a former customer, named so in candidate lists. */
  isActive?: boolean | null | undefined;
}

export interface Noun {
  /** "customer" */
  singular: string;
  /** The tool that lists valid names, e.g. "list_customers". */
  listTool: string;
  /** Where the candidates come from when not the whole account, e.g. " of this customer". */
  among?: string;
}

/** No record matched at all (as opposed to several): the caller may still know the text as an id. */
export class UnknownNameError extends InputError {}

export function resolveByName<T extends Named>(items: readonly T[], query: string, noun: Noun): T {
  const trimmed = query.trim();
  if (trimmed === "")
    throw new InputError(`Give a ${noun.singular} name or id; ${noun.listTool} shows them.`);
  const byId = items.find((item) => item._id === trimmed);
  if (byId) return byId;

  const wanted = foldings(trimmed);
  const wantedCompact = wanted.map(compact);
  const wantedCores = cores(trimmed);
  const names = items.map((item) => {
    const forms = foldings(item.name);
    return { item, forms, compacts: forms.map(compact), cores: cores(item.name) };
  });
  const whole = names.filter(
    (n) =>
      n.forms.some((f) => wanted.includes(f)) ||
      n.compacts.some((c) => wantedCompact.includes(c)) ||
      n.cores.some((c) => wantedCores.includes(c)),
  );
  if (whole.length === 1) return whole[0]!.item;
  if (whole.length > 1)
    throw ambiguous(
      trimmed,
      whole.map((n) => n.item),
      noun,
    );

  // Without spaces too, so "ebook" finds "E-Book-Produktion"; but only from the start, or
  // "logo" would find "Produktkatalog Online".
  const partial = names.filter(
    (n) =>
      n.forms.some((f) => wanted.some((w) => f.includes(w))) ||
      n.compacts.some((c) => wantedCompact.some((w) => c.startsWith(w))),
  );
  if (partial.length === 1) return partial[0]!.item;
  if (partial.length > 1)
    throw ambiguous(
      trimmed,
      partial.map((n) => n.item),
      noun,
    );
  throw new UnknownNameError(
    `No active ${noun.singular} matches "${cleanText(trimmed, 80)}". ${candidatesText(items, noun)}`,
  );
}

/** At most this many names are listed beside an unknown one; more would be a list tool's page. */
const LISTED_CANDIDATES = 12;

/** The names there are, when few enough to read at once, so the next call needs no list first. */
function candidatesText(items: readonly Named[], noun: Noun): string {
  const active = items.filter((item) => item.isActive !== false);
  if (active.length === 0 || active.length > LISTED_CANDIDATES) {
    return `Call ${noun.listTool} to see the valid names, or pass an id.`;
  }
  const names = active
    .map((item) => `"${cleanText(item.name, 80)}"`)
    .sort((a, b) => a.localeCompare(b, "de"));
  return `The ${active.length} active ${active.length === 1 ? noun.singular : `${noun.singular}s`}${noun.among ?? ""}: ${names.join(", ")}. Pass one of these or an id; if none is meant, ask the user.`;
}

function ambiguous(query: string, candidates: readonly Named[], noun: Noun): InputError {
  const shown = candidates
    .slice(0, 10)
    .map((c) => `"${cleanText(c.name, 80)}" (id ${c._id}${c.isActive === false ? ", inactive" : ""})`);
  const more = candidates.length > 10 ? ` and ${candidates.length - 10} more` : "";
  return new InputError(
    `"${cleanText(query, 80)}" matches ${candidates.length} ${noun.singular}s: ${shown.join(", ")}${more}. Pass the full name or the id.`,
  );
}

/**
 * The comparable forms of a name: transliterated ("Müller" → "mueller") and stripped
 * ("Müller" → "muller"), so "Mueller", "Muller" and "Müller" all meet.
 */
export function foldings(name: string): string[] {
  const lower = name.toLowerCase();
  const transliterated = lower
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss");
  return [...new Set([simplify(transliterated), simplify(lower.replace(/ß/g, "ss"))])];
}

/**
 * A trailing legal form says how a business is registered, not who it is: "Müller & Söhne GmbH" and
 * "Mueller & Soehne" are the same name. Dropped only at the end, and never down to nothing.
 */
const LEGAL_FORMS = new Set([
  "gmbh",
  "mbh",
  "ug",
  "haftungsbeschraenkt",
  "haftungsbeschrankt",
  "ag",
  "kg",
  "kgaa",
  "ohg",
  "gbr",
  "partg",
  "ek",
  "ekfm",
  "ekfr",
  "ev",
  "se",
  "co",
  "ltd",
  "inc",
  "llc",
]);

/** The foldings of a name without its trailing legal form ("e.K." and "e. K." alike). */
export function cores(name: string): string[] {
  return [
    ...new Set(
      foldings(name).map((form) => {
        const words = form.split(" ");
        for (;;) {
          const last = words.length;
          if (last > 1 && LEGAL_FORMS.has(words[last - 1]!)) words.pop();
          else if (last > 2 && LEGAL_FORMS.has(`${words[last - 2]}${words[last - 1]}`)) words.splice(-2);
          else if (last > 1 && words[last - 1] === "und") words.pop();
          else break;
        }
        return words.join(" ");
      }),
    ),
  ];
}

function compact(form: string): string {
  return form.replace(/ /g, "");
}

function simplify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
