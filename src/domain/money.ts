/**
 * Money is integer cents inside the program and EUR numbers with at most two decimals at the API
 * boundary. One rounding rule everywhere: half away from zero ("kaufmännisch gerundet"), which is
 * half-up for the positive amounts invoices carry.
 */

/** An integer number of euro cents. */
export type Cents = number;

/** EUR number → integer cents. `0.1 + 0.2` style float noise is absorbed before rounding. */
export function toCents(eur: number): Cents {
  if (!Number.isFinite(eur)) throw new RangeError(`not a finite amount: ${eur}`);
  const scaled = eur * 100;
  // Most amounts are whole cents give or take binary noise: toFixed(6) below would round them to
  // that whole cent, so it is skipped (it writes a string, on every amount of every answer). A
  // whole of 0 is left to it (a tiny negative amount comes out as -0 there); an exact 0 is +0 there.
  if (scaled === 0) return 0;
  const whole = Math.round(scaled);
  if (whole !== 0 && Math.abs(scaled - whole) < 1e-7) return whole;
  // toFixed(6) removes binary noise (1.005 * 100 = 100.49999999999999) before the half-up step.
  return roundHalfAwayFromZero(Number(scaled.toFixed(6)));
}

/** Integer cents → EUR number, for the API boundary. Never -0 (which would read "-0.00"). */
export function fromCents(cents: Cents): number {
  return cents / 100 || 0;
}

/**
 * The largest amount the service may send, in EUR: a billion is far past any freelancer's invoice,
 * and keeps every sum of thousands of amounts exact in cents (below 2^53).
 */
export const MAX_AMOUNT_EUR = 1_000_000_000;

/** An amount as the tools show and return it: rounded half-up to the cent, never -0. */
export function roundToCents(eur: number): number {
  return fromCents(toCents(eur));
}

/** The sum of amounts rounded to the cent first, so it equals the sum of the rows as shown. */
export function sumAmounts(amounts: readonly number[]): number {
  return fromCents(amounts.reduce((total, amount) => total + toCents(amount), 0));
}

/**
 * The sum of amounts, to the cent, only when it can be vouched for: every amount known (not null),
 * finite and within ±MAX_AMOUNT_EUR, and the sum within that bound too. Otherwise undefined: a sum
 * made of what was left, or beyond any real amount, is never shown as a number.
 */
export function vouchedSum(amounts: readonly (number | null)[]): number | undefined {
  let cents = 0;
  for (const amount of amounts) {
    if (amount === null || !Number.isFinite(amount) || Math.abs(amount) > MAX_AMOUNT_EUR) return undefined;
    cents += toCents(amount);
  }
  return Math.abs(cents) <= MAX_AMOUNT_EUR * 100 ? fromCents(cents) : undefined;
}

/** True when `eur` has no more than two decimals (after float noise is absorbed). */
export function hasAtMostTwoDecimals(eur: number): boolean {
  return Number.isFinite(eur) && Math.abs(eur * 100 - toCents(eur)) < 1e-6;
}

/**
 * VAT on a net amount, to the cent, half-up. `ratePercent` may carry up to two decimals
 * (19, 7, 5.5); the arithmetic is done in integers so no float rounding can flip a half cent.
 */
export function taxFromNet(netCents: Cents, ratePercent: number): Cents {
  const rateHundredths = Math.round(ratePercent * 100); // 19 % → 1900
  if (Math.abs(ratePercent * 100 - rateHundredths) > 1e-6) {
    throw new RangeError(`tax rate has more than two decimals: ${ratePercent}`);
  }
  const product = netCents * rateHundredths; // cents × hundredths of a percent
  const sign = product < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(product) + 5000) / 10000);
}

/** Net, tax and gross for one invoice, all in cents. */
export function invoiceAmounts(
  netCents: Cents,
  ratePercent: number,
): { net: Cents; tax: Cents; gross: Cents } {
  const tax = taxFromNet(netCents, ratePercent);
  return { net: netCents, tax, gross: netCents + tax };
}

/** Cents × hours at an hourly rate in cents, rounded half-up to the cent. */
export function amountForHours(hours: number, hourlyRateCents: Cents): Cents {
  return roundHalfAwayFromZero(Number((hours * hourlyRateCents).toFixed(6)));
}

/**
 * The one way an amount is written: `1234.5` → `"1234.50 EUR"`, unambiguous in English and German
 * alike. Rounded half-up to the cent like every sum; never "-0.00"; never an exponent, however large
 * (written exactly, digit by digit). Never throws: a non-number says so.
 */
export function formatAmount(eur: number): string {
  if (!Number.isFinite(eur)) return "an unreadable amount";
  if (Math.abs(eur) >= EXACT_CENTS_LIMIT_EUR) return formatHuge(eur);
  const cents = toCents(eur);
  // Below EXACT_CENTS_LIMIT_EUR the cents are a safe integer, which String writes digit by digit.
  const digits = String(Math.abs(cents)).padStart(3, "0");
  const sign = cents < 0 ? "-" : "";
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)} EUR`;
}

/** Beyond this, euro × 100 is no longer an exact integer in a double. */
const EXACT_CENTS_LIMIT_EUR = 1e13;

/** Whole euros digit by digit from the double's exact value, then its cents (0 from 2^53 on). */
function formatHuge(eur: number): string {
  const whole = Math.trunc(eur);
  let euros = BigInt(Math.abs(whole));
  let cents = Math.round(Math.abs(eur - whole) * 100);
  if (cents === 100) {
    euros += 1n;
    cents = 0;
  }
  return `${eur < 0 ? "-" : ""}${euros}.${String(cents).padStart(2, "0")} EUR`;
}

function roundHalfAwayFromZero(x: number): number {
  return Math.sign(x) * Math.round(Math.abs(x));
}
