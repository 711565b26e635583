/**
 * A small XML writer for the two e-invoice syntaxes: elements in the order the schema asks, text
 * escaped, nothing written for an absent optional value. An element with no content is never
 * written unless asked for (`always`): the XRechnung rules reject empty elements, and the CII schema
 * requires some containers even when they hold nothing.
 */

export type Node = string | null | undefined | false | readonly Node[];

const ESCAPES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/**
 * Text as XML carries it: the five specials escaped, and the characters XML 1.0 forbids (C0
 * controls other than tab and line breaks, lone surrogates, U+FFFE/FFFF) left out.
 */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/[&<>"]/g, (char) => ESCAPES[char] ?? char);
}

function flatten(node: Node, out: string[]): void {
  if (node === null || node === undefined || node === false) return;
  if (typeof node === "string") {
    out.push(node);
    return;
  }
  for (const child of node) flatten(child, out);
}

export interface ElementOptions {
  attributes?: Readonly<Record<string, string | undefined>>;
  /** Write the element even when it has no content (a container the schema requires). */
  always?: boolean;
}

/** `<name attr="…">children</name>`, or nothing when there are no children (unless `always`). */
export function element(name: string, children: Node, options: ElementOptions = {}): string {
  const parts: string[] = [];
  flatten(children, parts);
  const content = parts.join("");
  if (content === "" && !options.always) return "";
  const attributes = Object.entries(options.attributes ?? {})
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join("");
  return content === "" ? `<${name}${attributes}/>` : `<${name}${attributes}>${content}</${name}>`;
}

/** An element holding text, or nothing when the text is absent or blank. */
export function text(
  name: string,
  value: string | undefined,
  attributes?: Readonly<Record<string, string | undefined>>,
): string {
  if (value === undefined || value.trim() === "") return "";
  return element(name, escapeXml(value), attributes ? { attributes } : {});
}

/** Cents → "1234.50" (the documents' decimal form: a point, two decimals, no grouping). */
export function decimalAmount(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const digits = String(Math.abs(cents)).padStart(3, "0");
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Ten-thousandths → "27.25", "0.3333", "1": as few decimals as the value needs. */
export function decimalQuantity(tenThousandths: number): string {
  const digits = String(Math.abs(tenThousandths)).padStart(5, "0");
  const whole = digits.slice(0, -4);
  const fraction = digits.slice(-4).replace(/0+$/, "");
  return `${tenThousandths < 0 ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

/** Hundredths of a percent → "19", "7", "5.5". */
export function decimalRate(hundredths: number): string {
  return decimalQuantity(hundredths * 100);
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
