/**
 * The check before the document: a complete profile passes; each missing or wrong value is one gap,
 * named by its field and rule, with the fix in German and English.
 */
import { describe, expect, it } from "vitest";
import { type BuildInput, buildEInvoice, type SellerProfile } from "../../src/einvoice/build.js";
import { checkEInvoice, type Gap } from "../../src/einvoice/check.js";
import type { EInvoice } from "../../src/einvoice/model.js";
import {
  cityHall,
  company,
  companyBuyer,
  input,
  serviceInvoice,
  smallSeller,
  vatSeller,
} from "./fixtures.js";

function model(parts: Partial<BuildInput> = {}): EInvoice {
  const result = buildEInvoice(
    input({ invoice: serviceInvoice("cust-stadt", 10_000, 19), customer: cityHall, ...parts }),
  );
  if (!result.ok) throw new Error("refused");
  return result.invoice;
}

function fields(gaps: Gap[]): string[] {
  return gaps.map((gap) => gap.field);
}

describe("a complete profile", () => {
  it.each([
    ["a seller with a USt-IdNr, a public buyer", {}],
    ["a small business with a Steuernummer only", { seller: smallSeller }],
    ["a company buyer with its own reference", { customer: company, buyer: companyBuyer }],
  ])("has no gaps: %s", (_, parts) => {
    expect(checkEInvoice(model(parts))).toEqual([]);
  });
});

describe("each gap", () => {
  it("comes with its rule and a fix in German and English", () => {
    const gaps = checkEInvoice(model({ seller: { ...vatSeller, iban: "DE02120300000000202052" } }));
    expect(gaps).toEqual([
      {
        field: "payment.iban",
        rule: "BR-DE-19",
        de: 'Die IBAN "DE02120300000000202052" ist ungültig (Prüfziffer oder Länge stimmen nicht): bitte berichtigen.',
        en: 'The IBAN "DE02120300000000202052" is not valid (its check digits or length are wrong): correct it.',
      },
    ]);
  });

  it.each<[string, SellerProfile, string[]]>([
    [
      "no USt-IdNr and no Steuernummer",
      { ...vatSeller, vatId: undefined, taxNumber: undefined },
      ["seller.taxNumber"],
    ],
    ["a USt-IdNr of the wrong shape", { ...vatSeller, vatId: "DE12345678" }, ["seller.vatId"]],
    ["a Steuernummer too short", { ...smallSeller, taxNumber: "231/456" }, ["seller.taxNumber"]],
    ["no name", { ...vatSeller, name: " " }, ["seller.name"]],
    [
      "no address",
      { ...vatSeller, address: undefined },
      ["seller.address.street", "seller.address.city", "seller.address.postcode"],
    ],
    [
      "a postcode of four digits",
      { ...vatSeller, address: { ...vatSeller.address, postcode: "4021" } },
      ["seller.address.postcode"],
    ],
    [
      "no contact",
      { ...vatSeller, contact: undefined },
      ["seller.contact.name", "seller.contact.phone", "seller.contact.email"],
    ],
    [
      "an e-mail without host",
      { ...vatSeller, contact: { ...vatSeller.contact, email: "joerg@" } },
      ["seller.contact.email"],
    ],
    ["no IBAN", { ...vatSeller, iban: undefined }, ["payment.iban"]],
    ["a BIC of seven letters", { ...vatSeller, bic: "BYLADEM" }, ["payment.bic"]],
    ["no payment terms", { ...vatSeller, paymentTermsDays: undefined }, ["payment.terms"]],
  ])("of the seller: %s", (_, seller, expected) => {
    expect(fields(checkEInvoice(model({ seller })))).toEqual(expected);
  });

  it("of the buyer: no reference, no address", () => {
    const gaps = checkEInvoice(model({ buyer: {} }));
    expect(fields(gaps)).toEqual([
      "buyer.address.street",
      "buyer.address.city",
      "buyer.address.postcode",
      "buyer.buyerReference",
    ]);
    expect(gaps.find((gap) => gap.field === "buyer.buyerReference")?.de).toContain("Leitweg-ID");
  });

  it("of the buyer: a Leitweg-ID whose check digits are wrong", () => {
    const gaps = checkEInvoice(model({ buyer: { ...companyBuyer, buyerReference: "991-33333TEST-34" } }));
    expect(fields(gaps)).toEqual(["buyer.buyerReference"]);
    expect(gaps[0]?.en).toContain("check digits");
  });

  it("of the buyer: no electronic address when there is neither a Leitweg-ID nor an e-mail", () => {
    const gaps = checkEInvoice(model({ customer: { ...company, email: null }, buyer: companyBuyer }));
    expect(fields(gaps)).toEqual(["buyer.electronicAddress"]);
  });

  it("of the buyer: a USt-IdNr of the wrong shape", () => {
    const gaps = checkEInvoice(model({ customer: company, buyer: { ...companyBuyer, vatId: "DE98765" } }));
    expect(fields(gaps)).toEqual(["buyer.vatId"]);
  });

  it("of the invoice: no service period", () => {
    const gaps = checkEInvoice(
      model({ invoice: serviceInvoice("cust-stadt", 10_000, 19, { periodStart: null, periodEnd: null }) }),
    );
    expect(fields(gaps)).toEqual(["invoice.period"]);
    expect(gaps[0]?.rule).toContain("§ 14 Abs. 4 Nr. 6 UStG");
  });

  it("of the invoice: 0 % without category E and the § 19 note", () => {
    const invoice = model({ seller: smallSeller, invoice: serviceInvoice("cust-stadt", 10_000, 0) });
    expect(checkEInvoice(invoice)).toEqual([]);
    const withoutNote = { ...invoice, notes: [] };
    expect(fields(checkEInvoice(withoutNote))).toEqual(["invoice.vat"]);
    const zeroRated = { ...invoice, vat: { category: "Z" as const, rate: 0 } };
    expect(fields(checkEInvoice(zeroRated))).toEqual(["invoice.vat"]);
  });
});
