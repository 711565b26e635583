/**
 * What an e-invoice (EN 16931, as XRechnung 3.0 and ZUGFeRD/Factur-X profile EN 16931 use it) says,
 * as one typed value that both syntaxes (CII, UBL) are written from. Money is integer cents, dates
 * are ISO days (YYYY-MM-DD) in the person's zone, quantities are integer ten-thousandths, so no
 * writer ever rounds: what the model holds is what the document says.
 *
 * The BT numbers name the business terms of EN 16931-1, so a finding of the official rules
 * (which speak in BT numbers) can be traced to a field here.
 */
import type { Cents } from "../domain/money.js";

/** A postal address in parts (BG-5, BG-8). */
export interface PostalAddress {
  /** Street and house number (BT-35, BT-50). */
  street: string;
  /** A second line, e.g. "c/o" or a building (BT-36, BT-51). */
  additionalLine?: string | undefined;
  /** BT-38, BT-53. */
  postcode: string;
  /** BT-37, BT-52. */
  city: string;
  /** ISO 3166-1 alpha-2 (BT-40, BT-55). */
  country: string;
}

/** Who issues the invoice: what the service does not hold, from the person's own profile. */
export interface Seller {
  /** BT-27: the name the business is registered or trades under. */
  name: string;
  address: PostalAddress;
  /** USt-IdNr (BT-31), e.g. "DE123456789". */
  vatId?: string | undefined;
  /** Steuernummer (BT-32), e.g. "21/815/08150". */
  taxNumber?: string | undefined;
  /** BG-6: a person to ask about the invoice (XRechnung requires name, phone and e-mail). */
  contact: { name: string; phone: string; email: string };
  /** BT-34: where the invoice can be answered electronically; the contact's e-mail when unset. */
  electronicAddress?: string | undefined;
}

/** Who receives it: the service's customer, completed with what the API does not return. */
export interface Buyer {
  /** BT-44. */
  name: string;
  address: PostalAddress;
  /** The customer's USt-IdNr (BT-48). */
  vatId?: string | undefined;
  /**
   * BT-10, required by XRechnung: a public client's Leitweg-ID, or whatever reference the client
   * asks invoices to carry (an order number, a cost centre).
   */
  buyerReference?: string | undefined;
  /** BT-49: a Leitweg-ID (scheme 0204) or an e-mail (scheme EM). */
  electronicAddress?: { scheme: "0204" | "EM"; value: string } | undefined;
}

/** How to pay (BG-16, BG-17, BT-20, BT-9). */
export interface Payment {
  /** 58 = SEPA credit transfer (UNTDID 4461). */
  meansCode: "58";
  iban: string;
  bic?: string | undefined;
  /** BT-85, defaults to the seller's name. */
  accountName?: string | undefined;
  /** BT-9. */
  dueDate?: string | undefined;
  /** BT-20, e.g. "Zahlbar innerhalb von 14 Tagen ohne Abzug." */
  terms?: string | undefined;
}

/**
 * VAT category (UNCL 5305 as EN 16931 restricts it): S standard rate (19 %, 7 %), Z zero rated,
 * E exempt, which is how an invoice under the small-business rule (§ 19 UStG) is written.
 */
export type VatCategory = "S" | "Z" | "E";

export interface Vat {
  category: VatCategory;
  /** Hundredths of a percent: 1900 for 19 %, 0 for Z and E. */
  rate: number;
  /** BT-120: why there is no VAT (required for E); for § 19 the German sentence saying so. */
  exemptionReason?: string | undefined;
}

/** UN/ECE Recommendation 20 unit codes this product writes: hours, or one lump sum. */
export type UnitCode = "HUR" | "LS";

export interface InvoiceLine {
  /** BT-126: 1, 2, 3 … */
  id: string;
  /** BT-153, e.g. the project's name. */
  name: string;
  /** BT-154. */
  description?: string | undefined;
  /** BT-129 in ten-thousandths of the unit: 27.25 hours → 272500. */
  quantity: number;
  unit: UnitCode;
  /** BT-146: the net price of one unit (the hourly rate), in cents. */
  unitPrice: Cents;
  /** BT-131: quantity × price, to the cent; the lines sum to the invoice's net. */
  net: Cents;
}

export interface EInvoice {
  /** BT-1: the service's invoice number. */
  number: string;
  /** BT-2. */
  issueDate: string;
  /** BT-3: 380 commercial invoice. */
  typeCode: "380";
  /** BT-5. */
  currency: "EUR";
  /** BG-14: the service period (§ 14 Abs. 4 Nr. 6 UStG); absent when the service gave none. */
  period?: { start: string; end: string } | undefined;
  /** BT-22: the service's notes, and the § 19 sentence where it applies. */
  notes: string[];
  seller: Seller;
  buyer: Buyer;
  payment?: Payment | undefined;
  vat: Vat;
  lines: InvoiceLine[];
  totals: {
    /** BT-106 = BT-109 = BT-116: the service's net. */
    net: Cents;
    /** BT-110 = BT-117: the service's tax. */
    tax: Cents;
    /** BT-112 = BT-115: the service's gross. */
    gross: Cents;
  };
}

/** The syntaxes an e-invoice is written in. */
export type Syntax = "cii" | "ubl";

/** BT-24 for XRechnung 3.0, and BT-23 as the KoSIT sample invoices give it. */
export const XRECHNUNG_3 = "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0";
export const PEPPOL_BILLING = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0";
