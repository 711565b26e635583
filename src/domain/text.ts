/**
 * Text that other people wrote (customer names, notes, descriptions, invoice numbers, the service's
 * messages) reaches a model. It is data, never instructions: invisible and bidirectional control
 * characters, which can hide or reorder what a reader sees, are removed; line breaks become spaces,
 * so no value can start a line of its own ("\n# SYSTEM: …") in an answer; its length is capped.
 * With `markup`, for messages and body excerpts, HTML goes too: script and style blocks with their
 * content, comments, tags and entities.
 *
 * This is the one function that cleans text on the way in: the API schemas apply it to every string
 * the service returns, the client to every message it quotes.
 */

const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;
const LINE_BREAKS = /[\r\n\t\u2028\u2029\u0085]+/g;
/** Anything the replacements below would change: invisible or line-break characters, white space
 * other than single inner spaces. */
const NEEDS_CLEANING = /[\p{Cc}\p{Cf}\u2028\u2029]|\s\s|^\s|\s$|[^\S ]/u;

export interface CleanOptions {
  /** Remove HTML: `<script>`/`<style>` blocks, comments, tags, entities. */
  markup?: boolean;
}

export function cleanText(
  value: string | null | undefined,
  maxLength = 200,
  options: CleanOptions = {},
): string {
  if (!value) return "";
  let text: string;
  if (options.markup) {
    text = replaced(withoutMarkup(value));
  } else {
    // Every string of every answer passes through here: most are clean, and most of the rest only
    // need their white space folded, which the codes tell without the Unicode expressions.
    const state = cleaningNeeded(value);
    if (state === CLEAN) text = value;
    else if (state === SPACES_ONLY) text = foldedSpaces(value);
    else text = NEEDS_CLEANING.test(value) ? replaced(value) : value;
  }
  return text.length > maxLength ? `${cut(text, maxLength - 1)}…` : text;
}

function replaced(value: string): string {
  return value.replace(LINE_BREAKS, " ").replace(INVISIBLE, "").replace(/\s+/g, " ").trim();
}

/**
 * `value.replace(/\s+/g, " ").trim()` for a text of SPACES_ONLY, whose only white space is spaces and
 * isFoldedSpace characters: its words joined by single spaces. By hand, as the regular expression
 * cost half a microsecond a note, and most notes in German hold a no-break space ("30 %").
 */
function foldedSpaces(value: string): string {
  let out = "";
  let word = 0;
  for (let i = 0; i <= value.length; i++) {
    const code = i < value.length ? value.charCodeAt(i) : 0x20;
    if (code !== 0x20 && !isFoldedSpace(code)) continue;
    if (i > word) out = out === "" ? value.slice(word, i) : `${out} ${value.slice(word, i)}`;
    word = i + 1;
  }
  return out;
}

const CLEAN = 0;
/** Only white space to fold: no character the replacements would remove. */
const SPACES_ONLY = 1;
/** A character the codes do not tell: the Unicode expressions decide. */
const UNKNOWN = 2;

/**
 * What a text needs, from its codes: nothing (printable characters of the ranges below with single
 * inner spaces: nearly every name and note), its white space folded (white space that is neither
 * control nor format character: a tab, a line break, a no-break space, a double space), or
 * UNKNOWN (any other character).
 */
function cleaningNeeded(value: string): typeof CLEAN | typeof SPACES_ONLY | typeof UNKNOWN {
  const last = value.length - 1;
  let state: typeof CLEAN | typeof SPACES_ONLY = CLEAN;
  for (let i = 0; i <= last; i++) {
    const code = value.charCodeAt(i);
    if (isPlainPrintable(code)) continue;
    if (code === 0x20) {
      if (i === 0 || i === last || value.charCodeAt(i + 1) === 0x20) state = SPACES_ONLY;
    } else if (isFoldedSpace(code)) {
      state = SPACES_ONLY;
    } else {
      return UNKNOWN;
    }
  }
  return state;
}

/**
 * White space that the replacements turn into a space, never remove: tab, line feed, carriage
 * return, the no-break, Ogham, typographic, narrow, math and ideographic spaces, and the line and
 * paragraph separators (vertical tab, form feed, U+0085 and U+FEFF are controls or format
 * characters: removed, or turned into a space before, so left to the expressions).
 */
function isFoldedSpace(code: number): boolean {
  return (
    code === 0x09 ||
    code === 0x0a ||
    code === 0x0d ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

/**
 * Neither control, format, line-break nor space character, whatever follows: printable ASCII;
 * Latin-1 from ¡ but the soft hyphen; Latin Extended to Hebrew (U+0100–U+05FF); dashes, quotes and
 * bullets to the ellipsis (U+2010–U+2027); per mille to the last sign before the medium math space
 * (U+2030–U+205E); currency signs (€); letterlike symbols, arrows and the other signs to U+2BFF.
 */
function isPlainPrintable(code: number): boolean {
  if (code < 0x100) return (code > 0x20 && code < 0x7f) || (code > 0xa0 && code !== 0xad);
  return (
    code < 0x600 ||
    (code >= 0x2010 && code <= 0x2027) ||
    (code >= 0x2030 && code <= 0x205e) ||
    (code >= 0x20a0 && code <= 0x20cf) ||
    (code >= 0x2100 && code <= 0x2bff)
  );
}

function withoutMarkup(value: string): string {
  return value
    .replace(/<(script|style)\b[\s\S]*?(<\/\1\s*>|$)/gi, " ")
    .replace(/<!--[\s\S]*?(-->|$)/g, " ")
    .replace(/<\/?[a-z!][^>]*(>|$)/gi, " ")
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, " ");
}

/** The first `length` UTF-16 units, without splitting a surrogate pair. */
function cut(text: string, length: number): string {
  const end = /[\uD800-\uDBFF]/.test(text.charAt(length - 1)) ? length - 1 : length;
  return text.slice(0, end);
}

const WRITTEN_BREAKS = /\r\n?|[\u2028\u2029\u0085]/g;
/** Control and format characters but the line feed: NUL, ESC, bidi overrides, zero-width marks. */
const WRITTEN_INVISIBLE = /[^\P{Cc}\n]|\p{Cf}/gu;

/**
 * Text the caller writes for the service to keep (an invoice's notes), as it is sent: lines stay
 * lines (a note may have several; every kind of line break becomes a line feed, a tab a space),
 * but control and format characters go, as they would from text read back. Invisible characters
 * on a printed invoice hide or reorder what its reader sees.
 */
export function cleanWritten(value: string): string {
  return value
    .replace(WRITTEN_BREAKS, "\n")
    .replace(/\t/g, " ")
    .replace(WRITTEN_INVISIBLE, "")
    .replace(/ +\n/g, "\n")
    .trim();
}

/** `"Müller & Söhne GmbH (cus_1)"`, or the bare id when the name is not known (an inactive customer). */
export function named(name: string | undefined, id: string): string {
  return name ? `${cleanText(name, 80)} (${id})` : `${id} (name unknown: inactive or not found)`;
}
