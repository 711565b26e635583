/**
 * The next invoice number in the account's own sequence. German invoices need unique, consecutive
 * numbers; accounts choose their own shape ("RE-2026-014", "2026-0007", "INV-88"). We continue the
 * series of the most recent invoice: same prefix, suffix and zero-padding, counter plus one. A year
 * in the prefix follows the new invoice's year, and the counter then starts again at 1, as such
 * series do at New Year.
 */

export interface NumberedInvoice {
  invoiceNumber: string;
  /** The calendar year of its invoice date, in the user's zone. */
  year: number;
  /** Its invoice date, for choosing the most recent. */
  invoiceDate: number;
}

interface Parsed {
  prefix: string;
  counter: number;
  width: number;
  suffix: string;
}

const NUMBERED = /^(.*?)(\d+)(\D*)$/s;

export function parseInvoiceNumber(invoiceNumber: string): Parsed | undefined {
  const match = NUMBERED.exec(invoiceNumber);
  if (!match) return undefined;
  const [, prefix = "", digits = "", suffix = ""] = match;
  return { prefix, counter: Number(digits), width: digits.length, suffix };
}

export function nextInvoiceNumber(existing: readonly NumberedInvoice[], year: number): string {
  const taken = new Set(existing.map((invoice) => invoice.invoiceNumber));
  const latest = [...existing]
    .map((invoice) => ({ invoice, parsed: parseInvoiceNumber(invoice.invoiceNumber) }))
    .filter((x): x is { invoice: NumberedInvoice; parsed: Parsed } => x.parsed !== undefined)
    .sort((a, b) => b.invoice.invoiceDate - a.invoice.invoiceDate || b.parsed.counter - a.parsed.counter)[0];
  if (!latest) return unique(`RE-${year}-`, 1, 3, "", taken);

  let { prefix } = latest.parsed;
  const { suffix, width } = latest.parsed;
  const ownYear = String(latest.invoice.year);
  if (latest.invoice.year !== year && prefix.includes(ownYear))
    prefix = prefix.replace(ownYear, String(year));

  let highest = 0;
  for (const invoice of existing) {
    const parsed = parseInvoiceNumber(invoice.invoiceNumber);
    if (parsed && parsed.prefix === prefix && parsed.suffix === suffix)
      highest = Math.max(highest, parsed.counter);
  }
  return unique(prefix, highest + 1, width, suffix, taken);
}

function unique(prefix: string, counter: number, width: number, suffix: string, taken: Set<string>): string {
  for (let n = counter; ; n++) {
    const candidate = `${prefix}${String(n).padStart(width, "0")}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
