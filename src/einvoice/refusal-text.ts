/** A refusal of the builder in words, German and English: what the service's figures say, and why no e-invoice can carry them. */
import type { BuildRefusal } from "./build.js";
import { decimalAmount, decimalRate } from "./xml.js";

export function refusalText(refusal: BuildRefusal): { de: string; en: string } {
  const eur = (cents: number) => `${decimalAmount(cents)} EUR`;
  switch (refusal.code) {
    case "no-tax-figures":
      return {
        de: `Der Service hat für diese Rechnung ${refusal.missing.join(", ")} nicht geliefert; ohne sie kann keine E-Rechnung entstehen.`,
        en: `The service returned no ${refusal.missing.join(", ")} for this invoice; without them no e-invoice can be made.`,
      };
    case "not-positive":
      return {
        de: `Der Nettobetrag ist ${eur(refusal.net)}: eine E-Rechnung über null oder einen negativen Betrag (Gutschrift) wird hier nicht erzeugt.`,
        en: `The net amount is ${eur(refusal.net)}: an e-invoice for zero or a negative amount (a credit note) is not made here.`,
      };
    case "odd-rate":
      return {
        de: `Der Steuersatz ${refusal.rate} % hat mehr als zwei Nachkommastellen oder ist negativ.`,
        en: `The tax rate ${refusal.rate} % has more than two decimals or is negative.`,
      };
    case "tax-not-net-times-rate":
      return {
        de: `Die Umsatzsteuer der Rechnung (${eur(refusal.tax)}) ist nicht ${decimalRate(refusal.rate)} % von ${eur(refusal.net)} (das wären ${eur(refusal.expected)}); die offiziellen Regeln (BR-CO-17) würden die E-Rechnung ablehnen. Bitte die Rechnung im Service berichtigen.`,
        en: `The invoice's VAT (${eur(refusal.tax)}) is not ${decimalRate(refusal.rate)} % of ${eur(refusal.net)} (that would be ${eur(refusal.expected)}); the official rules (BR-CO-17) would reject the e-invoice. Correct the invoice in the service.`,
      };
    case "gross-not-net-plus-tax":
      return {
        de: `Der Bruttobetrag (${eur(refusal.gross)}) ist nicht Netto ${eur(refusal.net)} plus Steuer ${eur(refusal.tax)}; die offiziellen Regeln (BR-CO-15) würden die E-Rechnung ablehnen. Bitte die Rechnung im Service berichtigen.`,
        en: `The gross amount (${eur(refusal.gross)}) is not the net ${eur(refusal.net)} plus the tax ${eur(refusal.tax)}; the official rules (BR-CO-15) would reject the e-invoice. Correct the invoice in the service.`,
      };
    case "lines-not-net":
      return {
        de: `Die Positionen ergeben ${eur(refusal.lines)}, die Rechnung sagt netto ${eur(refusal.net)}; eine E-Rechnung, deren Summe nicht stimmt, wird nicht erzeugt.`,
        en: `The lines come to ${eur(refusal.lines)} while the invoice's net is ${eur(refusal.net)}; an e-invoice whose sums do not agree is not made.`,
      };
  }
}
