/**
 * When an invoice must be an e-invoice (EN 16931), from the person's own figures. Pure: the day of
 * the service, the buyer's kind, the § 19 status, the gross and the previous year's turnover come in.
 *
 * The rules (§ 14 Abs. 1 and § 27 Abs. 38 UStG as the Wachstumschancengesetz wrote them; § 33 and
 * § 34a UStDV): every business must be able to receive e-invoices since 1 January 2025. For services
 * between German businesses, paper or another electronic format may still be issued for services done
 * until 31 December 2026; in 2027 only by a business whose Gesamtumsatz of 2026 was at most 800,000 EUR;
 * from 2028 by no one. Exempt throughout: invoices of small businesses under § 19 UStG (they may issue
 * e-invoices, but need not), invoices of at most 250 EUR gross (Kleinbetragsrechnungen), and invoices
 * to private persons. Public clients ask for XRechnung by their own rules (E-Rechnungsverordnung and the
 * Länder), whatever the above says.
 *
 * The previous year's turnover is the service's EÜR income of that year (net, by payments received),
 * as for § 19: the Gesamtumsatz is reckoned the same way.
 */
import { type Cents, toCents } from "../domain/money.js";

export type BuyerKind = "business" | "public" | "consumer";

export const TRANSITION_LIMIT: Cents = toCents(800_000);
export const SMALL_AMOUNT_LIMIT: Cents = toCents(250);

export interface DutyFacts {
  /** The day the service was done (the last day of its period), ISO. */
  serviceDay: string;
  buyer: BuyerKind;
  smallBusiness: boolean;
  /** The invoice's gross, in cents. */
  gross: Cents;
  /** Turnover of the calendar year before the service's (EÜR income, net); null when unknown. */
  previousYearTurnover: Cents | null;
}

export type DutyReason =
  | "public-client"
  | "consumer"
  | "small-business"
  | "small-amount"
  | "before-2027"
  | "2027-below-limit"
  | "2027-above-limit"
  | "2027-turnover-unknown"
  | "from-2028";

export interface Duty {
  /** Must this invoice be an e-invoice? "unknown" when it hangs on a figure not given. */
  required: boolean | "unknown";
  reason: DutyReason;
  de: string;
  en: string;
}

export function invoiceDuty(facts: DutyFacts): Duty {
  const year = Number(facts.serviceDay.slice(0, 4));
  if (facts.buyer === "public") {
    return {
      required: true,
      reason: "public-client",
      de: "Öffentliche Auftraggeber verlangen eine XRechnung mit ihrer Leitweg-ID (E-Rechnungsverordnung des Bundes bzw. Regeln des Landes).",
      en: "Public clients require an XRechnung with their Leitweg-ID (the federal E-Rechnungsverordnung or their state's rules).",
    };
  }
  if (facts.buyer === "consumer") {
    return {
      required: false,
      reason: "consumer",
      de: "Rechnungen an Privatpersonen müssen keine E-Rechnungen sein.",
      en: "Invoices to private persons need not be e-invoices.",
    };
  }
  if (facts.smallBusiness) {
    return {
      required: false,
      reason: "small-business",
      de: "Als Kleinunternehmer nach § 19 UStG dürfen Sie E-Rechnungen ausstellen, müssen aber nicht (§ 34a UStDV). Empfangen können müssen Sie sie seit 2025.",
      en: "As a small business under § 19 UStG you may issue e-invoices but need not (§ 34a UStDV). You must be able to receive them since 2025.",
    };
  }
  if (facts.gross <= SMALL_AMOUNT_LIMIT) {
    return {
      required: false,
      reason: "small-amount",
      de: "Rechnungen bis 250 € brutto (Kleinbetragsrechnungen, § 33 UStDV) müssen keine E-Rechnungen sein.",
      en: "Invoices of at most 250 EUR gross (small-amount invoices, § 33 UStDV) need not be e-invoices.",
    };
  }
  if (year <= 2026) {
    return {
      required: false,
      reason: "before-2027",
      de: "Für Leistungen bis Ende 2026 ist die E-Rechnung noch freiwillig (Papier oder, mit Zustimmung, ein anderes elektronisches Format genügen). Ab 2027 gilt sie für Unternehmen mit mehr als 800.000 € Vorjahresumsatz, ab 2028 für alle.",
      en: "For services done until the end of 2026 an e-invoice is still optional (paper, or with consent another electronic format, will do). From 2027 it is required of businesses with more than 800,000 EUR turnover in the previous year, from 2028 of all.",
    };
  }
  if (year >= 2028) {
    return {
      required: true,
      reason: "from-2028",
      de: "Für Leistungen an Unternehmen ab 2028 ist die E-Rechnung Pflicht (§ 14 UStG).",
      en: "For services to businesses from 2028 on, an e-invoice is required (§ 14 UStG).",
    };
  }
  if (facts.previousYearTurnover === null) {
    return {
      required: "unknown",
      reason: "2027-turnover-unknown",
      de: "2027 hängt die Pflicht am Gesamtumsatz 2026: über 800.000 € ist die E-Rechnung Pflicht, sonst noch freiwillig. Der Umsatz 2026 ist nicht bekannt.",
      en: "In 2027 the duty depends on the 2026 turnover: above 800,000 EUR an e-invoice is required, otherwise still optional. The 2026 turnover is not known.",
    };
  }
  if (facts.previousYearTurnover > TRANSITION_LIMIT) {
    return {
      required: true,
      reason: "2027-above-limit",
      de: "Ihr Umsatz 2026 lag über 800.000 €: für Leistungen an Unternehmen ab 2027 ist die E-Rechnung Pflicht (§ 27 Abs. 38 UStG).",
      en: "Your 2026 turnover was above 800,000 EUR: for services to businesses from 2027 on, an e-invoice is required (§ 27 Abs. 38 UStG).",
    };
  }
  return {
    required: false,
    reason: "2027-below-limit",
    de: "Ihr Umsatz 2026 lag nicht über 800.000 €: 2027 ist die E-Rechnung noch freiwillig, ab 2028 Pflicht (§ 27 Abs. 38 UStG).",
    en: "Your 2026 turnover was not above 800,000 EUR: in 2027 an e-invoice is still optional, from 2028 on required (§ 27 Abs. 38 UStG).",
  };
}

/** From which day the person must issue e-invoices to businesses, or null when never (§ 19). */
export function dutyStart(facts: { smallBusiness: boolean; turnover2026: Cents | null }): {
  from: string | null;
  unsure: boolean;
} {
  if (facts.smallBusiness) return { from: null, unsure: false };
  if (facts.turnover2026 === null) return { from: "2027-01-01", unsure: true };
  return { from: facts.turnover2026 > TRANSITION_LIMIT ? "2027-01-01" : "2028-01-01", unsure: false };
}
