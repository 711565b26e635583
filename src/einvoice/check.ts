/**
 * The check before the document, in plain words: what § 14 Abs. 4 UStG asks of every invoice and
 * what the XRechnung rules ask beyond it, each gap named with its fix in German and English. It runs
 * on the model the documents would be written from, so what it passes is what the documents say.
 */
import { SMALL_BUSINESS_NOTE } from "../domain/small-business.js";
import {
  looksLikeLeitwegId,
  normalBic,
  normalEmail,
  normalIban,
  normalLeitwegId,
  normalPostcode,
  normalVatId,
} from "./identifiers.js";
import type { EInvoice, PostalAddress } from "./model.js";

export interface Gap {
  /** Where the value lives: "seller.vatId", "buyer.buyerReference", "payment.iban" … */
  field: string;
  /** The rule that asks for it: "§ 14 Abs. 4 Nr. 2 UStG", "BR-DE-15" … */
  rule: string;
  de: string;
  en: string;
}

type Party = "seller" | "buyer";

const WHO = { seller: { de: "Ihre", en: "your" }, buyer: { de: "Die", en: "the customer's" } } as const;

export function checkEInvoice(invoice: EInvoice): Gap[] {
  return [...sellerGaps(invoice), ...buyerGaps(invoice), ...documentGaps(invoice), ...paymentGaps(invoice)];
}

function addressGaps(party: Party, address: PostalAddress): Gap[] {
  const gaps: Gap[] = [];
  const rule = party === "seller" ? "§ 14 Abs. 4 Nr. 1 UStG, BR-DE-3/4" : "§ 14 Abs. 4 Nr. 1 UStG, BR-DE-8/9";
  const who = WHO[party];
  const owner =
    party === "seller"
      ? { de: "Ihrer Anschrift", en: "your" }
      : { de: "der Anschrift der Kundin / des Kunden", en: "the customer's" };
  if (!address.street) {
    gaps.push({
      field: `${party}.address.street`,
      rule: "§ 14 Abs. 4 Nr. 1 UStG",
      de: `Straße und Hausnummer ${owner.de} fehlen: bitte angeben (z. B. "Musterstraße 12").`,
      en: `The street and number of ${owner.en} address are missing: give them (e.g. "Musterstraße 12").`,
    });
  }
  if (!address.city) {
    gaps.push({
      field: `${party}.address.city`,
      rule,
      de: `Der Ort ${owner.de} fehlt: bitte angeben.`,
      en: `The city of ${owner.en} address is missing: give it.`,
    });
  }
  if (!address.postcode) {
    gaps.push({
      field: `${party}.address.postcode`,
      rule,
      de: `Die Postleitzahl ${owner.de} fehlt: bitte angeben.`,
      en: `The postcode of ${owner.en} address is missing: give it.`,
    });
  } else if (normalPostcode(address.postcode, address.country) === null) {
    gaps.push({
      field: `${party}.address.postcode`,
      rule,
      de: `${who.de} Postleitzahl "${address.postcode}" passt nicht zu ${address.country}${address.country === "DE" ? " (fünf Ziffern)" : ""}: bitte berichtigen.`,
      en: `${capital(who.en)} postcode "${address.postcode}" does not fit ${address.country}${address.country === "DE" ? " (five digits)" : ""}: correct it.`,
    });
  }
  if (!/^[A-Z]{2}$/.test(address.country)) {
    gaps.push({
      field: `${party}.address.country`,
      rule: "BR-09, BR-11",
      de: `Das Land "${address.country}" ist kein Ländercode: bitte als ISO-Code angeben (z. B. "DE").`,
      en: `The country "${address.country}" is not a country code: give the ISO code (e.g. "DE").`,
    });
  }
  return gaps;
}

function sellerGaps(invoice: EInvoice): Gap[] {
  const { seller } = invoice;
  const gaps: Gap[] = [];
  if (!seller.name) {
    gaps.push({
      field: "seller.name",
      rule: "§ 14 Abs. 4 Nr. 1 UStG, BR-06",
      de: "Ihr Name bzw. Firmenname fehlt: bitte angeben, wie er auf Rechnungen stehen soll.",
      en: "Your name or business name is missing: give it as invoices should show it.",
    });
  }
  gaps.push(...addressGaps("seller", seller.address));
  if (seller.vatId && normalVatId(seller.vatId) === null) {
    gaps.push({
      field: "seller.vatId",
      rule: "§ 14 Abs. 4 Nr. 2 UStG, BR-CO-09",
      de: `Ihre USt-IdNr. "${seller.vatId}" hat nicht die Form einer USt-IdNr. (in Deutschland "DE" und neun Ziffern): bitte berichtigen oder weglassen.`,
      en: `Your VAT ID "${seller.vatId}" does not have the shape of one (in Germany "DE" and nine digits): correct it or leave it out.`,
    });
  }
  if (!seller.vatId && !seller.taxNumber) {
    gaps.push({
      field: "seller.taxNumber",
      rule: "§ 14 Abs. 4 Nr. 2 UStG, BR-CO-26, BR-DE-16",
      de: "Weder Steuernummer noch USt-IdNr. angegeben: bitte mindestens eine angeben. Ohne USt-IdNr. kennzeichnet die Steuernummer Sie in der E-Rechnung (Verkäuferkennung).",
      en: "Neither a tax number (Steuernummer) nor a VAT ID is given: give at least one. Without a VAT ID, the tax number identifies you in the e-invoice (seller identifier).",
    });
  } else if (seller.taxNumber && !seller.vatId && !plausibleTaxNumber(seller.taxNumber)) {
    gaps.push({
      field: "seller.taxNumber",
      rule: "§ 14 Abs. 4 Nr. 2 UStG",
      de: `Die Steuernummer "${seller.taxNumber}" hat nicht 10 bis 13 Ziffern: bitte wie im Bescheid des Finanzamts angeben (z. B. "21/815/08150").`,
      en: `The tax number "${seller.taxNumber}" does not have 10 to 13 digits: give it as the tax office's notice shows it (e.g. "21/815/08150").`,
    });
  }
  const { contact } = seller;
  if (!contact.name) {
    gaps.push({
      field: "seller.contact.name",
      rule: "BR-DE-5",
      de: "Eine Ansprechperson für Rückfragen fehlt (Pflicht in der XRechnung): bitte einen Namen angeben.",
      en: "A contact person for questions is missing (XRechnung requires one): give a name.",
    });
  }
  if (!contact.phone) {
    gaps.push({
      field: "seller.contact.phone",
      rule: "BR-DE-6",
      de: "Eine Telefonnummer für Rückfragen fehlt (Pflicht in der XRechnung): bitte angeben.",
      en: "A phone number for questions is missing (XRechnung requires one): give it.",
    });
  }
  if (!contact.email || normalEmail(contact.email) === null) {
    gaps.push({
      field: "seller.contact.email",
      rule: "BR-DE-7, PEPPOL-EN16931-R020",
      de: contact.email
        ? `Die E-Mail-Adresse "${contact.email}" ist keine gültige Adresse: bitte berichtigen.`
        : "Eine E-Mail-Adresse für Rückfragen fehlt (Pflicht in der XRechnung): bitte angeben.",
      en: contact.email
        ? `The e-mail address "${contact.email}" is not a valid address: correct it.`
        : "An e-mail address for questions is missing (XRechnung requires one): give it.",
    });
  }
  return gaps;
}

function buyerGaps(invoice: EInvoice): Gap[] {
  const { buyer } = invoice;
  const gaps: Gap[] = [...addressGaps("buyer", buyer.address)];
  const reference = buyer.buyerReference;
  if (!reference) {
    gaps.push({
      field: "buyer.buyerReference",
      rule: "BR-DE-15",
      de: `Die Käuferreferenz fehlt (Pflicht in der XRechnung): bei öffentlichen Auftraggebern die Leitweg-ID (z. B. "991-33333TEST-33"), sonst die Referenz, die ${buyer.name} auf Rechnungen erwartet (z. B. eine Bestellnummer).`,
      en: `The buyer reference is missing (XRechnung requires it): for a public client its Leitweg-ID (e.g. "991-33333TEST-33"), otherwise the reference ${buyer.name} expects on invoices (e.g. an order number).`,
    });
  } else if (looksLikeLeitwegId(reference) && normalLeitwegId(reference) === null) {
    gaps.push({
      field: "buyer.buyerReference",
      rule: "BR-DE-15, Leitweg-ID 2.0",
      de: `Die Leitweg-ID "${reference}" hat falsche Prüfziffern (die letzten zwei Ziffern): bitte beim Auftraggeber nachfragen und berichtigen.`,
      en: `The Leitweg-ID "${reference}" has wrong check digits (its last two digits): ask the client and correct it.`,
    });
  }
  if (!buyer.electronicAddress) {
    gaps.push({
      field: "buyer.electronicAddress",
      rule: "PEPPOL-EN16931-R010",
      de: `Für ${buyer.name} ist weder eine Leitweg-ID noch eine E-Mail-Adresse bekannt: bitte eine davon angeben (die E-Rechnung braucht eine elektronische Adresse des Empfängers).`,
      en: `Neither a Leitweg-ID nor an e-mail address is known for ${buyer.name}: give one of them (an e-invoice needs the buyer's electronic address).`,
    });
  }
  if (buyer.vatId && normalVatId(buyer.vatId) === null) {
    gaps.push({
      field: "buyer.vatId",
      rule: "BR-CO-09",
      de: `Die USt-IdNr. "${buyer.vatId}" der Kundin / des Kunden hat nicht die Form einer USt-IdNr.: bitte berichtigen oder weglassen.`,
      en: `The customer's VAT ID "${buyer.vatId}" does not have the shape of one: correct it or leave it out.`,
    });
  }
  return gaps;
}

function documentGaps(invoice: EInvoice): Gap[] {
  const gaps: Gap[] = [];
  if (!invoice.number.trim()) {
    gaps.push({
      field: "invoice.number",
      rule: "§ 14 Abs. 4 Nr. 4 UStG, BR-02",
      de: "Die Rechnung hat keine Rechnungsnummer: bitte im Service eine vergeben.",
      en: "The invoice has no invoice number: give it one in the service.",
    });
  }
  if (!invoice.period) {
    gaps.push({
      field: "invoice.period",
      rule: "§ 14 Abs. 4 Nr. 6 UStG, BR-DE-TMP-32",
      de: "Der Leistungszeitraum fehlt: der Service hat für diese Rechnung keinen Zeitraum geliefert. Bitte den Zeitraum der Leistung angeben.",
      en: "The service period is missing: the service returned none for this invoice. Give the period the work was done in.",
    });
  }
  const { vat } = invoice;
  if (vat.category === "E" || vat.rate === 0) {
    const says19 = invoice.notes.some((note) => /§\s*19/.test(note));
    if (vat.category !== "E" || !vat.exemptionReason || !says19) {
      gaps.push({
        field: "invoice.vat",
        rule: "§ 14 Abs. 4 Nr. 8 UStG, BR-E-10",
        de: `Eine Rechnung ohne Umsatzsteuer nach § 19 UStG braucht die Steuerkategorie E mit dem Hinweis "${SMALL_BUSINESS_NOTE}"`,
        en: `An invoice without VAT under § 19 UStG needs tax category E with the note "${SMALL_BUSINESS_NOTE}"`,
      });
    }
  }
  return gaps;
}

function paymentGaps(invoice: EInvoice): Gap[] {
  const { payment } = invoice;
  if (!payment) {
    return [
      {
        field: "payment.iban",
        rule: "BR-DE-1, BR-DE-23",
        de: "Die Bankverbindung fehlt (Pflicht in der XRechnung): bitte die IBAN angeben, auf die gezahlt werden soll.",
        en: "The bank account is missing (XRechnung requires payment instructions): give the IBAN to be paid to.",
      },
    ];
  }
  const gaps: Gap[] = [];
  if (normalIban(payment.iban) === null) {
    gaps.push({
      field: "payment.iban",
      rule: "BR-DE-19",
      de: `Die IBAN "${payment.iban}" ist ungültig (Prüfziffer oder Länge stimmen nicht): bitte berichtigen.`,
      en: `The IBAN "${payment.iban}" is not valid (its check digits or length are wrong): correct it.`,
    });
  }
  if (payment.bic && normalBic(payment.bic) === null) {
    gaps.push({
      field: "payment.bic",
      rule: "BT-86",
      de: `Die BIC "${payment.bic}" hat nicht die Form einer BIC (8 oder 11 Zeichen): bitte berichtigen oder weglassen.`,
      en: `The BIC "${payment.bic}" does not have the shape of one (8 or 11 characters): correct it or leave it out.`,
    });
  }
  if (!payment.dueDate || !payment.terms) gaps.push(paymentTermsGap());
  return gaps;
}

/**
 * The payment terms are missing. Without a bank account the model has no payment at all, so the
 * check names only the account; a caller that knows the terms are missing too can name both at once.
 */
export function paymentTermsGap(): Gap {
  return {
    field: "payment.terms",
    rule: "BR-CO-25",
    de: "Die Zahlungsbedingungen fehlen: bitte das Zahlungsziel in Tagen angeben (z. B. 14).",
    en: "The payment terms are missing: give the number of days until payment is due (e.g. 14).",
  };
}

/** A Steuernummer: 10 to 13 digits, however the tax office groups them. */
function plausibleTaxNumber(value: string): boolean {
  const digits = value.replace(/[\s/]/g, "");
  return /^\d{10,13}$/.test(digits);
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
