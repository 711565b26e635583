/** The sandbox's own money arithmetic: integer cents, half-up, no float noise in a result. */
import { describe, expect, it } from "vitest";
import {
  amountForHours,
  formatEur,
  fromCents,
  hasAtMostTwoDecimals,
  invoiceAmounts,
  toCents,
} from "../src/money.js";

describe("sandbox money", () => {
  it("turns EUR numbers into cents half-up, float noise absorbed", () => {
    expect(toCents(1.005)).toBe(101); // 1.005 × 100 is 100.49999999999999 in floats
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(12.345)).toBe(1235);
    expect(toCents(12.344)).toBe(1234);
    expect(toCents(-2.5)).toBe(-250);
    expect(toCents(-0.005)).toBe(-1);
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(fromCents(123_456)).toBe(1234.56);
  });

  it("accepts at most two decimals", () => {
    expect(hasAtMostTwoDecimals(12.5)).toBe(true);
    expect(hasAtMostTwoDecimals(12.34)).toBe(true);
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(true);
    expect(hasAtMostTwoDecimals(12.345)).toBe(false);
    expect(hasAtMostTwoDecimals(Number.POSITIVE_INFINITY)).toBe(false);
  });

  it("computes VAT to the cent half-up, in integers", () => {
    expect(invoiceAmounts(100_000, 19)).toEqual({ net: 100_000, tax: 19_000, gross: 119_000 });
    expect(invoiceAmounts(50, 19)).toEqual({ net: 50, tax: 10, gross: 60 }); // 9.5 → 10
    expect(invoiceAmounts(150, 7)).toEqual({ net: 150, tax: 11, gross: 161 }); // 10.5 → 11
    expect(invoiceAmounts(149, 7)).toEqual({ net: 149, tax: 10, gross: 159 }); // 10.43 → 10
    expect(invoiceAmounts(1000, 5.5)).toEqual({ net: 1000, tax: 55, gross: 1055 });
    expect(invoiceAmounts(-50, 19).tax).toBe(-10);
    expect(() => invoiceAmounts(100, 19.005)).toThrow(RangeError);
  });

  it("prices hours half-up and writes EUR the German way", () => {
    expect(amountForHours(1.5, 8000)).toBe(12_000);
    expect(amountForHours(0.25, 8050)).toBe(2013); // 2012.5 → 2013
    expect(amountForHours(1 / 3, 9000)).toBe(3000);
    expect(formatEur(8000)).toBe("80,00\u00a0€");
    expect(formatEur(123_456)).toBe("1.234,56\u00a0€");
  });
});
