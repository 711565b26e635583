/**
 * Names to records. A user says "mueller", "Müller & Söhne" or "nordlicht"; we find the one record
 * they mean or say why we cannot, never picking silently. Matching ignores case, accents and the
 * German transliterations (ä = ae, ö = oe, ü = ue, ß = ss) and punctuation; exact beats prefix beats
 * substring, and a tie at the best level is an error that lists the candidates with their ids.
 */
import { InputError } from "./input-error.js";
import { cleanText } from "./text.js";

export interface Named {
  _id: string;
  name: string;
}

export interface Noun {
  /** "customer" */
  singular: string;
  /** The tool that lists valid names, e.g. "list_customers". */
  listTool: string;
}

export function resolveByName<T extends Named>(items: readonly T[], query: string, noun: Noun): T {
  const trimmed = query.trim();
  if (trimmed === "")
    throw new InputError(`Give a ${noun.singular} name or id; ${noun.listTool} shows them.`);
  const byId = items.find((item) => item._id === trimmed);
  if (byId) return byId;

  const wanted = foldings(trimmed);
  const wantedCompact = wanted.map(compact);
  const names = items.map((item) => {
    const forms = foldings(item.name);
    return { item, forms, compacts: forms.map(compact) };
  });
  // Without spaces too, so "ebook" finds "E-Book-Produktion"; but only from the start, or
  // "logo" would find "Produktkatalog Online".
  const levels: ((name: (typeof names)[number]) => boolean)[] = [
    ({ forms, compacts }) =>
      forms.some((f) => wanted.includes(f)) || compacts.some((c) => wantedCompact.includes(c)),
    ({ forms, compacts }) =>
      forms.some((f) => wanted.some((w) => f.startsWith(w))) ||
      compacts.some((c) => wantedCompact.some((w) => c.startsWith(w))),
    ({ forms }) => forms.some((f) => wanted.some((w) => f.includes(w))),
  ];
  for (const matches of levels) {
    const found = names.filter(matches);
    if (found.length === 1) return found[0]!.item;
    if (found.length > 1)
      throw ambiguous(
        trimmed,
        found.map((f) => f.item),
        noun,
      );
  }
  throw new InputError(
    `No active ${noun.singular} matches "${cleanText(trimmed, 80)}". Call ${noun.listTool} to see the valid names, or pass an id.`,
  );
}

function ambiguous(query: string, candidates: Named[], noun: Noun): InputError {
  const shown = candidates.slice(0, 10).map((c) => `"${cleanText(c.name, 80)}" (id ${c._id})`);
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
