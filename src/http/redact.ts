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

/** `quickCheck: false` (for its test) runs the regular expressions on every text. */
export function keyRedactor(key: string | undefined, { quickCheck = true } = {}): Redactor {
  if (key === undefined || key.length < MIN_KEY_LENGTH) return (text) => text;
  // Letters in the key and its URL encoding may come back in any case; base64 is case-sensitive.
  const anyCase = pieces([key, encodeURIComponent(key)]);
  const exactCase = pieces(base64Cores(key));
  const patterns = [
    new RegExp(anyCase.map(escaped).join("|"), "gi"),
    ...(exactCase.length > 0 ? [new RegExp(exactCase.map(escaped).join("|"), "g")] : []),
  ];
  const mayHoldTrace = quickCheck ? traceFilter(anyCase, exactCase) : undefined;
  return (text) => {
    if (text.length < Math.min(MIN_TRACE, key.length)) return text;
    if (mayHoldTrace !== undefined && !mayHoldTrace(text)) return text;
    const covered: [number, number][] = [];
    for (const pattern of patterns) {
      pattern.lastIndex = 0;
      // Pieces overlap: after each match, look again one character on, not after its end.
      for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
        covered.push([match.index, match.index + match[0].length]);
        pattern.lastIndex = match.index + 1;
      }
    }
    return covered.length === 0 ? text : replaceCovered(text, covered);
  };
}

/** Every MIN_TRACE-long piece of each form (the whole form when shorter). */
function pieces(forms: string[]): string[] {
  const found = new Set<string>();
  for (const form of forms) {
    if (form.length < MIN_KEY_LENGTH) continue;
    const size = Math.min(MIN_TRACE, form.length);
    for (let i = 0; i + size <= form.length; i++) found.add(form.slice(i, i + size));
  }
  return [...found];
}

function escaped(piece: string): string {
  return piece.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");
}

const HASH_BASE = 31;
const TABLE_SIZE = 1 << 16;
const TABLE_MASK = TABLE_SIZE - 1;
/**
 * The quick pass hashes BLOCK characters at every STRIDE-th position first. A piece (MIN_TRACE long)
 * starting anywhere covers one of those stretches whole, as STRIDE + BLOCK − 1 ≤ MIN_TRACE.
 */
const BLOCK = 3;
const STRIDE = 6;
const SQUARE = HASH_BASE * HASH_BASE;

/** ASCII letters in lower case, every other UTF-16 unit unchanged. */
function folded(unit: number): number {
  return unit >= 65 && unit <= 90 ? unit + 32 : unit;
}

/**
 * Bit 5 set on every unit: a coarser folding than `folded` (it also pairs `@` with a backtick, a
 * digit with a control character), so two units equal when folded are equal here too, and a
 * stretch that folds like a piece's always hashes like it. Cheaper than `folded` in the quick
 * pass's loop, where a few more candidates cost less than a comparison per character.
 */
const LOOSE = 0x20;

function looseHash(text: string, start: number, length: number): number {
  let hash = 0;
  for (let i = start; i < start + length; i++)
    hash = (Math.imul(hash, HASH_BASE) + (text.charCodeAt(i) | LOOSE)) | 0;
  return hash;
}

function foldedHash(text: string, start: number, length: number): number {
  let hash = 0;
  for (let i = start; i < start + length; i++)
    hash = (Math.imul(hash, HASH_BASE) + folded(text.charCodeAt(i))) | 0;
  return hash;
}

/**
 * One quick pass that says whether a text may hold a piece at all, so the regular expressions
 * (hundreds of alternatives, tried at every position: the dearest part of reading a long answer)
 * run only when it does. A piece is MIN_TRACE long, so it always covers a whole BLOCK-long stretch
 * starting at a multiple of STRIDE; the pass hashes only those stretches, each unit loosely folded
 * (looseHash), and looks each up among the stretches of the pieces, folded alike. Only where one is
 * found are the MIN_TRACE-long windows around it hashed and looked up among the pieces' hashes (a
 * base64 piece that matches exactly matches folded too). A collision only says "maybe" too often;
 * a piece is never missed, because a case-insensitive regular expression without the `u` flag
 * matches an ASCII character only by ASCII case folding (never a non-ASCII one). So it is used only
 * where every piece is MIN_TRACE long and the case-insensitive ones are ASCII; otherwise undefined.
 */
function traceFilter(anyCase: string[], exactCase: string[]): ((text: string) => boolean) | undefined {
  const all = [...anyCase, ...exactCase];
  const usable =
    all.every((piece) => piece.length === MIN_TRACE) &&
    anyCase.every((piece) => [...piece].every((char) => char.charCodeAt(0) < 128));
  if (!usable) return undefined;
  const hashes = new Set(all.map((piece) => foldedHash(piece, 0, MIN_TRACE)));
  // The low bits in tables: a hash is no small integer to V8, and looking it up in a Set for every
  // stretch of a long text would cost more than the regular expressions it saves.
  const windows = new Uint8Array(TABLE_SIZE);
  for (const hash of hashes) windows[hash & TABLE_MASK] = 1;
  const blocks = new Uint8Array(TABLE_SIZE);
  for (const piece of all) {
    for (let i = 0; i + BLOCK <= piece.length; i++) blocks[looseHash(piece, i, BLOCK) & TABLE_MASK] = 1;
  }
  const windowMatches = (text: string, start: number) => {
    const hash = foldedHash(text, start, MIN_TRACE);
    return windows[hash & TABLE_MASK] === 1 && hashes.has(hash);
  };
  return (text) => {
    for (let block = 0; block + BLOCK <= text.length; block += STRIDE) {
      // looseHash(text, block, BLOCK), written out: this runs for every sixth character.
      const hash =
        Math.imul(text.charCodeAt(block) | LOOSE, SQUARE) +
        Math.imul(text.charCodeAt(block + 1) | LOOSE, HASH_BASE) +
        (text.charCodeAt(block + 2) | LOOSE);
      if (blocks[hash & TABLE_MASK] !== 1) continue;
      // Every window that covers this stretch whole, and no earlier stretch, starts here or less
      // than STRIDE before it.
      const last = Math.min(block, text.length - MIN_TRACE);
      for (let start = Math.max(0, block - STRIDE + 1); start <= last; start++) {
        if (windowMatches(text, start)) return true;
      }
    }
    return false;
  };
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
