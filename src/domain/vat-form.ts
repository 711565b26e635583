/**
 * The VAT return's form (Umsatzsteuer-Voranmeldung): which field takes the figures of a tax rate,
 * and what is entered there.
 */
import { type Cents, taxFromNet } from "./money.js";

/**
 * The Umsatzsteuer-Voranmeldung's fields for output tax on taxable supplies: Kz 81 the taxable
 * amount at 19 %, Kz 86 at 7 % (the tax beside them has no number of its own), Kz 35 the taxable
 * amount and Kz 36 the tax at any other rate; Kz 66 input tax from other businesses' invoices.
 * Source: GnuCash's table of the form's Kennzahlen, libgnucash/tax/us/txf-de_DE.scm (K81 "zum
 * Steuersatz von 19 %", K86 "zum Steuersatz von 7 %", K35/K36 "zu anderen Steuersätzen",
 * K66 "Vorsteuerbeträge aus Rechnungen von anderen Unternehmern"), checked against the form of
 * 2011. No other field is named: only these can be vouched for.
 */
export function formFields(ratePercent: number): { base: string; tax: string | null } {
  if (ratePercent === 19) return { base: "81", tax: null };
  if (ratePercent === 7) return { base: "86", tax: null };
  return { base: "35", tax: "36" };
}

/**
 * What goes into the form: the taxable amount in whole euros (cents dropped), and for fields 81 and
 * 86, which have no tax field, the tax ELSTER computes from that base; for 35/36 the tax is entered.
 */
export function formBase(row: { rate: number; net: Cents; tax: Cents }): {
  formBase: number;
  formTax: number;
} {
  const euros = Math.trunc(row.net / 100);
  const computed = formFields(row.rate / 100).tax === null;
  return {
    formBase: euros,
    formTax: (computed ? taxFromNet(euros * 100, row.rate / 100) : row.tax) / 100,
  };
}
