/**
 * Text that other people wrote (customer names, notes, descriptions) reaches a model. It is data,
 * never instructions: invisible and bidirectional control characters, which can hide or reorder
 * what a reader sees, are removed, and its length is capped.
 */

const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;

export function cleanText(value: string | null | undefined, maxLength = 200): string {
  if (!value) return "";
  const text = value
    .replace(/[\r\n\t\u2028\u2029]+/g, " ")
    .replace(INVISIBLE, "")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}
