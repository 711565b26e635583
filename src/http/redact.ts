/**
 * The key must never come back out, whatever a service does with it: echo it exactly, lower- or
 * upper-cased, cut to a prefix or a middle part, URL-encoded, or in base64 (alone or inside
 * "Bearer …" or "user:key", at any byte alignment, either alphabet).
 *
 * Every such echo contains a run of at least MIN_TRACE characters of one of these forms. So the
 * redactor looks for every MIN_TRACE-character piece of every form and replaces each stretch of
 * text those pieces cover with "[redacted]". A fragment shorter than MIN_TRACE is not a usable trace
 * of a random key; a key shorter than that is matched whole.
 */

export const REDACTED = "[redacted]";
export const MIN_TRACE = 8;
/** Below this a "key" is no secret worth matching in pieces (and would match ordinary words). */
const MIN_KEY_LENGTH = 4;

export type Redactor = (text: string) => string;

export function keyRedactor(key: string | undefined): Redactor {
  if (key === undefined || key.length < MIN_KEY_LENGTH) return (text) => text;
  // Letters in the key and its URL encoding may come back in any case; base64 is case-sensitive.
  const anyCase = pieces([key, encodeURIComponent(key)]);
  const exactCase = pieces(base64Cores(key));
  const patterns = [
    new RegExp(anyCase.join("|"), "gi"),
    ...(exactCase.length > 0 ? [new RegExp(exactCase.join("|"), "g")] : []),
  ];
  return (text) => {
    if (text.length < Math.min(MIN_TRACE, key.length)) return text;
    const covered: [number, number][] = [];
    for (const pattern of patterns) {
      pattern.lastIndex = 0;
      // Pieces overlap: after each match, look again one character on, not after its end. Most
      // texts hold no piece at all, and a plain alternation finds that fastest.
      for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
        covered.push([match.index, match.index + match[0].length]);
        pattern.lastIndex = match.index + 1;
      }
    }
    return covered.length === 0 ? text : replaceCovered(text, covered);
  };
}

/** Every MIN_TRACE-long piece of each form (the whole form when shorter), regex-escaped. */
function pieces(forms: string[]): string[] {
  const found = new Set<string>();
  for (const form of forms) {
    if (form.length < MIN_KEY_LENGTH) continue;
    const size = Math.min(MIN_TRACE, form.length);
    for (let i = 0; i + size <= form.length; i++) found.add(form.slice(i, i + size));
  }
  return [...found].map((piece) => piece.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&"));
}

/**
 * The part of base64 that depends on the key alone, for each of the three byte alignments the key
 * can have inside a longer encoded text, in both alphabets.
 */
function base64Cores(key: string): string[] {
  const bytes = Buffer.from(key, "utf8");
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString("base64");
    // Character j holds bits 6j..6j+5; the key's bits run from 8·offset to 8·(offset + length).
    const first = Math.ceil((8 * offset) / 6);
    const end = Math.floor((8 * (offset + bytes.length)) / 6);
    const core = encoded.slice(first, end);
    cores.push(core, core.replace(/\+/g, "-").replace(/\//g, "_"));
  }
  return cores;
}

function replaceCovered(text: string, covered: [number, number][]): string {
  covered.sort((a, b) => a[0] - b[0]);
  let out = "";
  let position = 0;
  let runEnd = -1;
  for (const [start, end] of covered) {
    if (start > runEnd) {
      if (runEnd >= 0) position = runEnd;
      out += text.slice(position, start) + REDACTED;
      runEnd = end;
    } else {
      runEnd = Math.max(runEnd, end);
    }
  }
  return out + text.slice(runEnd);
}

/** Every string inside parsed JSON, redacted; other values unchanged. */
export function redactDeep(value: unknown, redact: Redactor): unknown {
  if (typeof value === "string") return redact(value);
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, redact));
  if (value !== null && typeof value === "object") {
    const copy: Record<string, unknown> = {};
    for (const [name, item] of Object.entries(value)) copy[name] = redactDeep(item, redact);
    return copy;
  }
  return value;
}
