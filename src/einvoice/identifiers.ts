/**
 * The checks a value can pass or fail on its own, before any document is made: an IBAN's check
 * digits, a USt-IdNr's shape, a postcode, a Leitweg-ID's check digits, a BIC's shape. Each returns
 * the value as the documents write it (spaces out, upper case) or null when it cannot be one.
 */

/** ISO 7064 MOD 97-10 over digits and letters (A = 10 … Z = 35), as IBANs and Leitweg-IDs use it. */
function mod97(text: string): number {
  let rest = 0;
  for (const char of text) {
    const digits = char >= "A" && char <= "Z" ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest;
}

/** IBAN lengths of the SEPA countries a German freelancer's account is likely in. */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  DE: 22,
  AT: 20,
  CH: 21,
  LI: 21,
  LU: 20,
  NL: 18,
  BE: 16,
  FR: 27,
  IT: 27,
  ES: 24,
  PL: 28,
  CZ: 24,
  DK: 18,
  SE: 24,
  FI: 18,
  IE: 22,
  PT: 25,
  GB: 22,
};

/** "DE02 1203 0000 0000 2020 51" → "DE02120300000000202051", or null when the check digits fail. */
export function normalIban(value: string): string | null {
  const iban = value.replace(/[\s-]/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return null;
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length !== undefined && iban.length !== length) return null;
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1 ? iban : null;
}

/** A BIC: 4 letters bank, 2 letters country, 2 location, optionally 3 branch. */
export function normalBic(value: string): string | null {
  const bic = value.replace(/\s/g, "").toUpperCase();
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic) ? bic : null;
}

/**
 * USt-IdNr shapes (the part after the country prefix) of the EU states, as the EU's VIES service
 * documents them. Only the shape: whether the number is issued is for VIES to say.
 */
const VAT_ID_SHAPES: Readonly<Record<string, RegExp>> = {
  DE: /^\d{9}$/,
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^\d[A-Z0-9+*]\d{5}[A-Z]{1,2}$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

/** "de 123 456 789" → "DE123456789", or null when it does not have its country's shape. */
export function normalVatId(value: string): string | null {
  const id = value.replace(/[\s.-]/g, "").toUpperCase();
  const shape = VAT_ID_SHAPES[id.slice(0, 2)];
  return shape?.test(id.slice(2)) ? id : null;
}

/** Postcodes of the countries whose shape is plain digits; elsewhere any short code is taken. */
const POSTCODE_SHAPES: Readonly<Record<string, RegExp>> = {
  DE: /^\d{5}$/,
  AT: /^\d{4}$/,
  CH: /^\d{4}$/,
  LI: /^\d{4}$/,
  LU: /^\d{4}$/,
  BE: /^\d{4}$/,
  DK: /^\d{4}$/,
  FR: /^\d{5}$/,
  IT: /^\d{5}$/,
  ES: /^\d{5}$/,
};

export function normalPostcode(value: string, country: string): string | null {
  const code = value.trim().replace(/^(D|A|CH)-/i, "");
  const shape = POSTCODE_SHAPES[country.toUpperCase()];
  if (shape) return shape.test(code) ? code : null;
  return /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/.test(code) ? code : null;
}

/**
 * A Leitweg-ID (KoSIT format specification 2.0): a coarse address of 2 to 12 digits, an optional
 * fine address of up to 30 letters and digits, and two check digits (ISO 7064 MOD 97-10 over the
 * rest, hyphens ignored), joined by hyphens: "991-33333TEST-33", "04011000-1234512345-06".
 */
export function normalLeitwegId(value: string): string | null {
  const id = value.trim().toUpperCase();
  if (!/^\d{2,12}(-[A-Z0-9]{1,30})?-\d{2}$/.test(id)) return null;
  return mod97(id.replace(/-/g, "")) === 1 ? id : null;
}

/** True when a buyer reference has the shape of a Leitweg-ID (then its check digits must hold). */
export function looksLikeLeitwegId(value: string): boolean {
  return /^\d{2,12}(-[A-Za-z0-9]{1,30})?-\d{2}$/.test(value.trim());
}

/** A plain e-mail shape: something@host.tld, no spaces. */
export function normalEmail(value: string): string | null {
  const email = value.trim();
  return /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email) ? email : null;
}
