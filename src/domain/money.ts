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
  // toFixed(6) removes binary noise (1.005 * 100 = 100.49999999999999) before the half-up step.
  const scaled = Number((eur * 100).toFixed(6));
  return roundHalfAwayFromZero(scaled);
}

/** Integer cents → EUR number, for the API boundary. */
export function fromCents(cents: Cents): number {
  return cents / 100;
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

let eurFormat: Intl.NumberFormat | undefined;

/** `123456` → `1.234,56 €`: how a German freelancer reads an amount. */
export function formatEur(cents: Cents): string {
  // Made on first use, not at import: the first Intl formatter loads ICU's locale data (~15 ms),
  // which a start that answers only initialize and tools/list does not need.
  eurFormat ??= new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" });
  return eurFormat.format(fromCents(cents));
}

function roundHalfAwayFromZero(x: number): number {
  return Math.sign(x) * Math.round(Math.abs(x));
}
