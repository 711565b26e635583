/**
 * The small-business rule (§ 19 UStG) in words, wherever an answer meets it: an invoice without VAT
 * (create_invoice), turnover outside the VAT return (vat_report). The limits come from
 * src/billing/small-business.ts.
 */
import type { LimitPassed } from "../billing/small-business.js";
import { eur } from "./format.js";

/** The warning for an invoice without VAT when the account's income passes the limits, or a note that it could not be checked. */
export function smallBusinessText(limits: readonly LimitPassed[] | null): string {
  if (limits === null) {
    return "\nThe small-business limits (§ 19 UStG) could not be checked: the EÜR report could not be read.";
  }
  return limits
    .map((p) =>
      p.which === "previous year"
        ? `\nWarning (§ 19 UStG): income received in ${p.year} was ${eur(p.income)}, above the ${eur(p.limit)} limit for the previous year, so the small-business rule does not apply in ${p.year + 1} and this invoice would need VAT. Check with the user (and their tax adviser) before using taxRate 0.`
        : `\nWarning (§ 19 UStG): with this invoice, income in ${p.year} comes to ${eur(p.income)}, above the ${eur(p.limit)} limit for the current year; from the sale that passes it, VAT is due. Check with the user (and their tax adviser) before using taxRate 0.`,
    )
    .join("");
}
