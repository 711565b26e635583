/**
 * Money to the cent: tax is the exact rational half-up result, checked against BigInt arithmetic
 * written independently of src/domain/money.ts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  amountForHours,
  formatAmount,
  fromCents,
  hasAtMostTwoDecimals,
  invoiceAmounts,
  sumAmounts,
  taxFromNet,
  toCents,
} from "../../src/domain/money.js";

/** numerator / denominator rounded half away from zero, in exact integers. */
function roundHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  const quotient = n / denominator;
  const rest = n % denominator;
  const rounded = 2n * rest >= denominator ? quotient + 1n : quotient;
  return negative ? -rounded : rounded;
}

/** net cents × (hundredths of a percent / 10 000): the tax in cents as an exact fraction, rounded. */
const exactTax = (netCents: number, rateHundredths: number): number =>
  Number(roundHalfAwayFromZero(BigInt(netCents) * BigInt(rateHundredths), 10_000n));

const netCents = fc.integer({ min: 0, max: 1_000_000_000 }); // up to 10 million EUR, the tool's cap
const rateHundredths = fc.oneof(
  fc.constantFrom(0, 700, 1900),
  fc.integer({ min: 0, max: 10_000 }), // any two-decimal rate from 0.00 to 100.00 %
);

describe("taxFromNet and invoiceAmounts (property)", () => {
  it("tax is the exact half-up result, gross = net + tax", () => {
    fc.assert(
      fc.property(netCents, rateHundredths, (net, hundredths) => {
        const rate = hundredths / 100;
        const expected = exactTax(net, hundredths);
        expect(taxFromNet(net, rate)).toBe(expected);
        expect(invoiceAmounts(net, rate)).toEqual({ net, tax: expected, gross: net + expected });
      }),
      { numRuns: 5_000 },
    );
  });

  it("negative amounts (credit notes) round half away from zero, mirroring positive ones", () => {
    fc.assert(
      fc.property(netCents, rateHundredths, (net, hundredths) => {
        // `+ 0` folds a harmless -0 into 0.
        expect(taxFromNet(-net, hundredths / 100) + 0).toBe(exactTax(-net, hundredths));
        expect(taxFromNet(-net, hundredths / 100) + taxFromNet(net, hundredths / 100)).toBe(0);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe("toCents (property)", () => {
  it("round-trips every two-decimal amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (cents) => {
        expect(toCents(fromCents(cents))).toBe(cents);
        expect(hasAtMostTwoDecimals(fromCents(cents))).toBe(true);
      }),
      { numRuns: 5_000 },
    );
  });

  it("rounds a third decimal half away from zero, whatever the float noise", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), (mills) => {
        expect(toCents(mills / 1000) + 0).toBe(Number(roundHalfAwayFromZero(BigInt(mills), 10n)));
        expect(hasAtMostTwoDecimals(mills / 1000)).toBe(mills % 10 === 0);
      }),
      { numRuns: 5_000 },
    );
  });
});

describe("toCents: the shortcut for amounts that are whole cents", () => {
  // What toCents computed for every amount before the shortcut: toFixed(6), then half away from zero.
  const decimalRounding = (eur: number) => {
    const scaled = Number((eur * 100).toFixed(6));
    return Math.sign(scaled) * Math.round(Math.abs(scaled));
  };

  it("gives exactly what the decimal rounding gives, sign of zero included", () => {
    const nearWholeCents = fc
      .tuple(fc.integer({ min: -100_000_000_000, max: 100_000_000_000 }), fc.integer({ min: -8, max: 8 }))
      .map(([cents, ulps]) => cents / 100 + ulps * Number.EPSILON * Math.max(1, Math.abs(cents / 100)));
    const anyAmount = fc.double({ min: -1e15, max: 1e15, noNaN: true });
    const tiny = fc.double({ min: -1e-6, max: 1e-6, noNaN: true });
    fc.assert(
      fc.property(fc.oneof(nearWholeCents, anyAmount, tiny), (eur) => {
        expect(Object.is(toCents(eur), decimalRounding(eur))).toBe(true);
      }),
      { numRuns: 20_000 },
    );
  });
});

describe("hand-checked amounts", () => {
  it.each([
    // [net cents, rate %, tax cents, why]
    [50, 19, 10, "0.50 × 19 % = 0.095 → 0.10 (half up)"],
    [1050, 19, 200, "10.50 × 19 % = 1.995 → 2.00"],
    [123455, 19, 23456, "1234.55 × 19 % = 234.5645 → 234.56"],
    [9999, 7, 700, "99.99 × 7 % = 6.9993 → 7.00"],
    [150, 7, 11, "1.50 × 7 % = 0.105 → 0.11"],
    [100, 5.5, 6, "1.00 × 5.5 % = 0.055 → 0.06"],
    [1, 19, 0, "0.01 × 19 % = 0.0019 → 0.00"],
    [3, 19, 1, "0.03 × 19 % = 0.0057 → 0.01"],
    [152050, 0, 0, "small-business rule: no VAT"],
    [1_000_000_000, 19, 190_000_000, "10 million EUR"],
    [-50, 19, -10, "credit note: -0.095 → -0.10"],
  ])("taxFromNet(%i, %d) = %i (%s)", (net, rate, tax) => {
    expect(taxFromNet(net, rate)).toBe(tax);
    expect(invoiceAmounts(net, rate).gross).toBe(net + tax);
  });

  it("a rate with more than two decimals is refused", () => {
    expect(() => taxFromNet(100, 19.005)).toThrow(RangeError);
  });

  it.each([
    [1.005, 101, "1.005 × 100 is 100.49999… in floats"],
    [1.015, 102, "1.015 × 100 is 101.49999… in floats"],
    [0.1 + 0.2, 30, "0.30000000000000004"],
    [2.675, 268, "2.675 is 2.67499… in floats"],
    [-1.005, -101, "half away from zero"],
    [1520.5, 152050, "plain"],
    [0, 0, "zero"],
  ])("toCents(%d) = %i (%s)", (eur, cents) => {
    expect(toCents(eur)).toBe(cents);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])("toCents(%d) throws", (value) => {
    expect(() => toCents(value)).toThrow(RangeError);
  });

  it.each([
    [1.5, 9500, 14250],
    [0.75, 9500, 7125],
    [1 / 3, 10000, 3333],
    [2 / 3, 10000, 6667],
    [0.25, 8550, 2138], // 21.375 → 21.38
  ])("amountForHours(%d h, %i ct/h) = %i ct", (hours, rate, cents) => {
    expect(amountForHours(hours, rate)).toBe(cents);
  });
});

describe("formatAmount: the one way an amount is written", () => {
  it.each([
    [1234.5, "1234.50 EUR"],
    [0, "0.00 EUR"],
    [-0, "0.00 EUR"],
    [-0.001, "0.00 EUR"],
    [-0.004, "0.00 EUR"],
    [-0.005, "-0.01 EUR"],
    [-12.3, "-12.30 EUR"],
    [1.005, "1.01 EUR"],
    [2.675, "2.68 EUR"],
    [0.1 + 0.2, "0.30 EUR"],
    [999_999_999.99, "999999999.99 EUR"],
    [1e21, "1000000000000000000000.00 EUR"],
    [-1.5e22, "-15000000000000000000000.00 EUR"],
  ])("%d → %s", (amount, text) => {
    expect(formatAmount(amount)).toBe(text);
  });

  it("never writes an exponent, for any finite amount", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (amount) => {
        expect(formatAmount(amount)).toMatch(/^-?\d+\.\d\d EUR$/);
      }),
    );
  });

  it("a row and a sum of rows agree: rows are rounded half-up to the cent before they are added", () => {
    const rows = [1.005, 0.004, 0.004];
    const shown = rows.map(formatAmount);
    expect(shown).toEqual(["1.01 EUR", "0.00 EUR", "0.00 EUR"]);
    expect(formatAmount(sumAmounts(rows))).toBe("1.01 EUR");
    expect(sumAmounts([0.005, 0.005, 0.005])).toBe(0.03);
  });

  it("cannot write what is not a number, and says so instead of throwing", () => {
    expect(formatAmount(Number.NaN)).toBe("an unreadable amount");
    expect(formatAmount(Number.POSITIVE_INFINITY)).toBe("an unreadable amount");
  });
});
