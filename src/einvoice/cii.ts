/**
 * XRechnung 3.0 in UN/CEFACT CII D16B (the syntax ZUGFeRD/Factur-X embeds too). Element order is
 * the schema's. Two things generators are known to get wrong, kept right here and held by tests:
 * ApplicableHeaderTradeDelivery is written even with no delivery date (the schema requires it), and
 * a seller without a USt-IdNr gets the Steuernummer as seller identifier (BT-29), which BR-CO-26
 * asks for: a Steuernummer (BT-32) alone does not identify the seller.
 */
import type { EInvoice, InvoiceLine, PostalAddress, Vat } from "./model.js";
import { PEPPOL_BILLING, XRECHNUNG_3 } from "./model.js";
import { decimalAmount, decimalQuantity, decimalRate, element, text, XML_DECLARATION } from "./xml.js";

const NAMESPACES = {
  "xmlns:rsm": "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
  "xmlns:ram": "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100",
  "xmlns:qdt": "urn:un:unece:uncefact:data:standard:QualifiedDataType:100",
  "xmlns:udt": "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100",
};

export interface CiiOptions {
  /** BT-24; XRechnung 3.0 unless a ZUGFeRD profile asks for another. */
  guideline?: string;
}

export function writeCii(invoice: EInvoice, options: CiiOptions = {}): string {
  const guideline = options.guideline ?? XRECHNUNG_3;
  const body = element(
    "rsm:CrossIndustryInvoice",
    [
      element("rsm:ExchangedDocumentContext", [
        element("ram:BusinessProcessSpecifiedDocumentContextParameter", text("ram:ID", PEPPOL_BILLING)),
        element("ram:GuidelineSpecifiedDocumentContextParameter", text("ram:ID", guideline)),
      ]),
      element("rsm:ExchangedDocument", [
        text("ram:ID", invoice.number),
        text("ram:TypeCode", invoice.typeCode),
        element("ram:IssueDateTime", day(invoice.issueDate)),
        invoice.notes.map((note) => element("ram:IncludedNote", text("ram:Content", note))),
      ]),
      element("rsm:SupplyChainTradeTransaction", [
        invoice.lines.map((line) => lineItem(line, invoice.vat)),
        agreement(invoice),
        element("ram:ApplicableHeaderTradeDelivery", [], { always: true }),
        settlement(invoice),
      ]),
    ],
    { attributes: NAMESPACES },
  );
  return `${XML_DECLARATION}${body}\n`;
}

function day(isoDay: string): string {
  return text("udt:DateTimeString", isoDay.replace(/-/g, ""), { format: "102" });
}

function tradeTax(vat: Vat): string[] {
  return [
    text("ram:TypeCode", "VAT"),
    text("ram:CategoryCode", vat.category),
    text("ram:RateApplicablePercent", decimalRate(vat.rate)),
  ];
}

function lineItem(line: InvoiceLine, vat: Vat): string {
  return element("ram:IncludedSupplyChainTradeLineItem", [
    element("ram:AssociatedDocumentLineDocument", text("ram:LineID", line.id)),
    element("ram:SpecifiedTradeProduct", [
      text("ram:Name", line.name),
      text("ram:Description", line.description),
    ]),
    element(
      "ram:SpecifiedLineTradeAgreement",
      element("ram:NetPriceProductTradePrice", text("ram:ChargeAmount", decimalAmount(line.unitPrice))),
    ),
    element(
      "ram:SpecifiedLineTradeDelivery",
      text("ram:BilledQuantity", decimalQuantity(line.quantity), { unitCode: line.unit }),
    ),
    element("ram:SpecifiedLineTradeSettlement", [
      element("ram:ApplicableTradeTax", tradeTax(vat)),
      element(
        "ram:SpecifiedTradeSettlementLineMonetarySummation",
        text("ram:LineTotalAmount", decimalAmount(line.net)),
      ),
    ]),
  ]);
}

function postal(address: PostalAddress): string {
  return element("ram:PostalTradeAddress", [
    text("ram:PostcodeCode", address.postcode),
    text("ram:LineOne", address.street),
    text("ram:LineTwo", address.additionalLine),
    text("ram:CityName", address.city),
    text("ram:CountryID", address.country),
  ]);
}

function taxRegistration(scheme: "VA" | "FC", id: string | undefined): string {
  return element("ram:SpecifiedTaxRegistration", text("ram:ID", id, { schemeID: scheme }));
}

function agreement(invoice: EInvoice): string {
  const { seller, buyer } = invoice;
  // BT-29: with a USt-IdNr the seller is identified by it (BT-31); without, by the Steuernummer.
  const sellerId = seller.vatId ? undefined : seller.taxNumber;
  return element("ram:ApplicableHeaderTradeAgreement", [
    text("ram:BuyerReference", buyer.buyerReference),
    element("ram:SellerTradeParty", [
      text("ram:ID", sellerId),
      text("ram:Name", seller.name),
      element("ram:DefinedTradeContact", [
        text("ram:PersonName", seller.contact.name),
        element("ram:TelephoneUniversalCommunication", text("ram:CompleteNumber", seller.contact.phone)),
        element("ram:EmailURIUniversalCommunication", text("ram:URIID", seller.contact.email)),
      ]),
      postal(seller.address),
      element(
        "ram:URIUniversalCommunication",
        text("ram:URIID", seller.electronicAddress, { schemeID: "EM" }),
      ),
      taxRegistration("VA", seller.vatId),
      taxRegistration("FC", seller.taxNumber),
    ]),
    element("ram:BuyerTradeParty", [
      text("ram:Name", buyer.name),
      postal(buyer.address),
      element(
        "ram:URIUniversalCommunication",
        text("ram:URIID", buyer.electronicAddress?.value, { schemeID: buyer.electronicAddress?.scheme }),
      ),
      taxRegistration("VA", buyer.vatId),
    ]),
  ]);
}

function settlement(invoice: EInvoice): string {
  const { payment, vat, totals, period } = invoice;
  return element("ram:ApplicableHeaderTradeSettlement", [
    text("ram:InvoiceCurrencyCode", invoice.currency),
    payment &&
      element("ram:SpecifiedTradeSettlementPaymentMeans", [
        text("ram:TypeCode", payment.meansCode),
        element("ram:PayeePartyCreditorFinancialAccount", [
          text("ram:IBANID", payment.iban),
          text("ram:AccountName", payment.accountName),
        ]),
        element("ram:PayeeSpecifiedCreditorFinancialInstitution", text("ram:BICID", payment.bic)),
      ]),
    element("ram:ApplicableTradeTax", [
      text("ram:CalculatedAmount", decimalAmount(totals.tax)),
      text("ram:TypeCode", "VAT"),
      text("ram:ExemptionReason", vat.exemptionReason),
      text("ram:BasisAmount", decimalAmount(totals.net)),
      text("ram:CategoryCode", vat.category),
      text("ram:RateApplicablePercent", decimalRate(vat.rate)),
    ]),
    period &&
      element("ram:BillingSpecifiedPeriod", [
        element("ram:StartDateTime", day(period.start)),
        element("ram:EndDateTime", day(period.end)),
      ]),
    payment &&
      element("ram:SpecifiedTradePaymentTerms", [
        text("ram:Description", payment.terms),
        payment.dueDate && element("ram:DueDateDateTime", day(payment.dueDate)),
      ]),
    element("ram:SpecifiedTradeSettlementHeaderMonetarySummation", [
      text("ram:LineTotalAmount", decimalAmount(totals.net)),
      text("ram:TaxBasisTotalAmount", decimalAmount(totals.net)),
      text("ram:TaxTotalAmount", decimalAmount(totals.tax), { currencyID: invoice.currency }),
      text("ram:GrandTotalAmount", decimalAmount(totals.gross)),
      text("ram:DuePayableAmount", decimalAmount(totals.gross)),
    ]),
  ]);
}
