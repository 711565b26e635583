/**
 * The sandbox's own money arithmetic, written apart from the client's on purpose: a fake server
 * that shared the client's rounding could never catch a mistake in it. Amounts are integer euro
 * cents inside; the API speaks EUR numbers with at most two decimals. Rounding is half-up
 * (half away from zero for the rare negative amount), as German invoices round.
 */

/** An integer number of euro cents. */
export type Cents = number;

/**
 * Rounds a number of cents that may carry float noise (1.005 × 100 = 100.49999999999999) half-up.
 * Twelve significant digits hold any amount this service sees and drop the noise in the last bits.
 */
function roundCentsHalfUp(cents: number): Cents {
  const clean = Number(Math.abs(cents).toPrecision(12));
  const rounded = Math.floor(clean + 0.5);
  return cents < 0 ? -rounded : rounded;
}

/** EUR number → integer cents, half-up. */
export function toCents(eur: number): Cents {
  if (!Number.isFinite(eur)) throw new RangeError(`not a finite amount: ${eur}`);
  return roundCentsHalfUp(eur * 100);
}

/** Integer cents → EUR number, for a response body. */
export function fromCents(cents: Cents): number {
  return cents / 100;
}

/** True when the EUR number has no third decimal (12.5 and 12.34 pass, 12.345 does not). */
export function hasAtMostTwoDecimals(eur: number): boolean {
  if (!Number.isFinite(eur)) return false;
  const cents = eur * 100;
  return Math.abs(cents - roundCentsHalfUp(cents)) < 1e-6;
}

/**
 * Net, VAT and gross in cents for a net amount and a rate in percent with up to two decimals
 * (19, 7, 5.5). The VAT is computed in integers (cents × hundredths of a percent), then rounded
 * half-up to the cent, so no float step can flip a half cent.
 */
export function invoiceAmounts(
  netCents: Cents,
  ratePercent: number,
): { net: Cents; tax: Cents; gross: Cents } {
  const rateHundredths = Math.round(ratePercent * 100);
  if (Math.abs(ratePercent * 100 - rateHundredths) > 1e-6) {
    throw new RangeError(`tax rate has more than two decimals: ${ratePercent}`);
  }
  const scaled = netCents * rateHundredths; // tax in units of 1/10 000 cent
  const magnitude = Math.floor((Math.abs(scaled) + 5_000) / 10_000);
  const tax = scaled < 0 ? -magnitude : magnitude;
  return { net: netCents, tax, gross: netCents + tax };
}

/** Hours at an hourly rate, to the cent, half-up. */
export function amountForHours(hours: number, hourlyRateCents: Cents): Cents {
  return roundCentsHalfUp(hours * hourlyRateCents);
}

let euro: Intl.NumberFormat | undefined;

/** `8000` → `80,00 €`, the way a German invoice text writes an amount. */
export function formatEur(cents: Cents): string {
  euro ??= new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" });
  return euro.format(fromCents(cents));
}
