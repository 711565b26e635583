/**
 * XRechnung 3.0 in OASIS UBL 2.1 (Invoice). Element order is the schema's. As in CII, a seller
 * without a USt-IdNr is identified by the Steuernummer (BT-29, PartyIdentification), which
 * BR-CO-26 asks for.
 */
import type { EInvoice, InvoiceLine, PostalAddress, Vat } from "./model.js";
import { PEPPOL_BILLING, XRECHNUNG_3 } from "./model.js";
import { decimalAmount, decimalQuantity, decimalRate, element, text, XML_DECLARATION } from "./xml.js";

const NAMESPACES = {
  xmlns: "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
  "xmlns:cac": "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
  "xmlns:cbc": "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
};

export function writeUbl(invoice: EInvoice): string {
  const { seller, buyer, payment, period } = invoice;
  const money = (name: string, cents: number) =>
    text(name, decimalAmount(cents), { currencyID: invoice.currency });
  const body = element(
    "Invoice",
    [
      text("cbc:CustomizationID", XRECHNUNG_3),
      text("cbc:ProfileID", PEPPOL_BILLING),
      text("cbc:ID", invoice.number),
      text("cbc:IssueDate", invoice.issueDate),
      text("cbc:DueDate", payment?.dueDate),
      text("cbc:InvoiceTypeCode", invoice.typeCode),
      invoice.notes.map((note) => text("cbc:Note", note)),
      text("cbc:DocumentCurrencyCode", invoice.currency),
      text("cbc:BuyerReference", buyer.buyerReference),
      period &&
        element("cac:InvoicePeriod", [text("cbc:StartDate", period.start), text("cbc:EndDate", period.end)]),
      element(
        "cac:AccountingSupplierParty",
        element("cac:Party", [
          text("cbc:EndpointID", seller.electronicAddress, { schemeID: "EM" }),
          !seller.vatId && element("cac:PartyIdentification", text("cbc:ID", seller.taxNumber)),
          element("cac:PartyName", text("cbc:Name", seller.name)),
          postal(seller.address),
          partyTax(seller.vatId, "VAT"),
          partyTax(seller.taxNumber, "FC"),
          element("cac:PartyLegalEntity", text("cbc:RegistrationName", seller.name)),
          element("cac:Contact", [
            text("cbc:Name", seller.contact.name),
            text("cbc:Telephone", seller.contact.phone),
            text("cbc:ElectronicMail", seller.contact.email),
          ]),
        ]),
      ),
      element(
        "cac:AccountingCustomerParty",
        element("cac:Party", [
          text("cbc:EndpointID", buyer.electronicAddress?.value, {
            schemeID: buyer.electronicAddress?.scheme,
          }),
          postal(buyer.address),
          partyTax(buyer.vatId, "VAT"),
          element("cac:PartyLegalEntity", text("cbc:RegistrationName", buyer.name)),
        ]),
      ),
      payment &&
        element("cac:PaymentMeans", [
          text("cbc:PaymentMeansCode", payment.meansCode),
          element("cac:PayeeFinancialAccount", [
            text("cbc:ID", payment.iban),
            text("cbc:Name", payment.accountName),
            element("cac:FinancialInstitutionBranch", text("cbc:ID", payment.bic)),
          ]),
        ]),
      payment && element("cac:PaymentTerms", text("cbc:Note", payment.terms)),
      element("cac:TaxTotal", [
        money("cbc:TaxAmount", invoice.totals.tax),
        element("cac:TaxSubtotal", [
          money("cbc:TaxableAmount", invoice.totals.net),
          money("cbc:TaxAmount", invoice.totals.tax),
          taxCategory("cac:TaxCategory", invoice.vat, true),
        ]),
      ]),
      element("cac:LegalMonetaryTotal", [
        money("cbc:LineExtensionAmount", invoice.totals.net),
        money("cbc:TaxExclusiveAmount", invoice.totals.net),
        money("cbc:TaxInclusiveAmount", invoice.totals.gross),
        money("cbc:PayableAmount", invoice.totals.gross),
      ]),
      invoice.lines.map((line) => invoiceLine(line, invoice.vat, money)),
    ],
    { attributes: NAMESPACES },
  );
  return `${XML_DECLARATION}${body}\n`;
}

function postal(address: PostalAddress): string {
  return element("cac:PostalAddress", [
    text("cbc:StreetName", address.street),
    text("cbc:AdditionalStreetName", address.additionalLine),
    text("cbc:CityName", address.city),
    text("cbc:PostalZone", address.postcode),
    element("cac:Country", text("cbc:IdentificationCode", address.country)),
  ]);
}

function partyTax(id: string | undefined, scheme: "VAT" | "FC"): string {
  if (!id) return "";
  return element("cac:PartyTaxScheme", [
    text("cbc:CompanyID", id),
    element("cac:TaxScheme", text("cbc:ID", scheme)),
  ]);
}

function taxCategory(name: string, vat: Vat, withReason: boolean): string {
  return element(name, [
    text("cbc:ID", vat.category),
    text("cbc:Percent", decimalRate(vat.rate)),
    withReason && text("cbc:TaxExemptionReason", vat.exemptionReason),
    element("cac:TaxScheme", text("cbc:ID", "VAT")),
  ]);
}

function invoiceLine(line: InvoiceLine, vat: Vat, money: (name: string, cents: number) => string): string {
  return element("cac:InvoiceLine", [
    text("cbc:ID", line.id),
    text("cbc:InvoicedQuantity", decimalQuantity(line.quantity), { unitCode: line.unit }),
    money("cbc:LineExtensionAmount", line.net),
    element("cac:Item", [
      text("cbc:Description", line.description),
      text("cbc:Name", line.name),
      taxCategory("cac:ClassifiedTaxCategory", vat, false),
    ]),
    element("cac:Price", money("cbc:PriceAmount", line.unitPrice)),
  ]);
}
