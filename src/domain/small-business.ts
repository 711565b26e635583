/**
 * The small-business rule (Kleinunternehmerregelung, § 19 UStG): an invoice without VAT must say
 * why, and the rule only holds below two revenue limits. Pure: the caller brings the revenue.
 *
 * The limits in force since 1 January 2025 (§ 19 Abs. 1 UStG as amended by the Jahressteuergesetz
 * 2024, BGBl. 2024 I Nr. 387): the Gesamtumsatz of the previous calendar year did not exceed
 * 25,000 EUR, and that of the current year does not exceed 100,000 EUR. Both are net amounts now
 * (before 2025: 22,000 and 50,000 EUR, gross, the second a forecast). Passing 100,000 EUR in the
 * current year ends the rule at once, with the very sale that passes it; passing 25,000 EUR ends it
 * for the following year. The Gesamtumsatz is reckoned by payments received (§ 19 Abs. 2 UStG:
 * vereinnahmte Entgelte), which is what the service's EÜR income is (cash principle, net).
 */
import { type Cents, toCents } from "./money.js";

export const PREVIOUS_YEAR_LIMIT: Cents = toCents(25_000);
export const CURRENT_YEAR_LIMIT: Cents = toCents(100_000);

/** The line an invoice without VAT carries by default. */
export const SMALL_BUSINESS_NOTE = "Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.";

/**
 * Notes already say why there is no VAT (§ 19, Kleinunternehmer, a tax exemption, reverse charge):
 * then the default line is not added. Anything else gets it on a line of its own.
 */
const SAYS_WHY = /§\s*19|kleinunternehm|ustg|umsatzsteuer|steuerfrei|steuerbefreit|reverse charge|13b/i;

export function notesWithoutVat(notes: string | undefined): { notes: string; added: boolean } {
  if (notes !== undefined && SAYS_WHY.test(notes)) return { notes, added: false };
  const text = notes?.trim() ? `${notes.trimEnd()}\n${SMALL_BUSINESS_NOTE}` : SMALL_BUSINESS_NOTE;
  return { notes: text, added: true };
}

export interface YearIncome {
  year: number;
  /** Income received in that year, net (EÜR). */
  income: Cents;
}

export interface LimitWarning {
  year: number;
  income: Cents;
  limit: Cents;
  which: "previous year" | "current year";
}

/**
 * Limits passed: the previous year's income over 25,000 EUR, or the current year's income with this
 * invoice's net over 100,000 EUR (the invoice is not paid yet, but once it is, it counts).
 */
export function limitsPassed(previous: YearIncome, current: YearIncome, invoiceNet: Cents): LimitWarning[] {
  const passed: LimitWarning[] = [];
  if (previous.income > PREVIOUS_YEAR_LIMIT) {
    passed.push({ ...previous, limit: PREVIOUS_YEAR_LIMIT, which: "previous year" });
  }
  const withThis = current.income + invoiceNet;
  if (withThis > CURRENT_YEAR_LIMIT) {
    passed.push({ year: current.year, income: withThis, limit: CURRENT_YEAR_LIMIT, which: "current year" });
  }
  return passed;
}
