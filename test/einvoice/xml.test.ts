/** The XML writer's small parts: escaping, numbers as the documents write them, and outcomes. */
import { describe, expect, it } from "vitest";
import { eInvoiceXml } from "../../src/einvoice/document.js";
import {
  decimalAmount,
  decimalQuantity,
  decimalRate,
  element,
  escapeXml,
  text,
} from "../../src/einvoice/xml.js";
import { cityHall, input, serviceInvoice, vatSeller } from "./fixtures.js";

describe("text", () => {
  it("escapes the specials and drops what XML 1.0 cannot carry", () => {
    expect(escapeXml('Müller & Söhne <GmbH> "Nord"')).toBe(
      "Müller &amp; Söhne &lt;GmbH&gt; &quot;Nord&quot;",
    );
    expect(escapeXml("a\u0000b\u0007c\td\ne\uFFFEf😀")).toBe("abc\td\nef😀");
  });

  it("writes nothing for an absent or blank value, and an empty container only when asked", () => {
    expect(text("cbc:Note", undefined)).toBe("");
    expect(text("cbc:Note", "  ")).toBe("");
    expect(element("a", [text("b", undefined), false, null])).toBe("");
    expect(element("a", [], { always: true })).toBe("<a/>");
    expect(text("x", "1", { scheme: undefined, unit: "HUR" })).toBe('<x unit="HUR">1</x>');
  });
});

describe("numbers", () => {
  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [123_456, "1234.56"],
    [-1, "-0.01"],
  ])("%i cents are %s", (cents, written) => {
    expect(decimalAmount(cents)).toBe(written);
  });

  it.each([
    [10_000, "1"],
    [272_500, "27.25"],
    [3_333, "0.3333"],
    [16_667, "1.6667"],
  ])("%i ten-thousandths are %s", (quantity, written) => {
    expect(decimalQuantity(quantity)).toBe(written);
  });

  it("writes rates without needless decimals", () => {
    expect([1900, 700, 550, 0].map(decimalRate)).toEqual(["19", "7", "5.5", "0"]);
  });
});

describe("outcomes", () => {
  it("are gaps, not a document, when the profile is incomplete", () => {
    const outcome = eInvoiceXml(
      input({
        invoice: serviceInvoice("cust-stadt", 10_000, 19),
        customer: cityHall,
        seller: { ...vatSeller, iban: undefined },
      }),
    );
    expect(outcome.kind).toBe("incomplete");
    if (outcome.kind === "incomplete") expect(outcome.gaps.map((gap) => gap.field)).toEqual(["payment.iban"]);
  });

  it("are a refusal, not a document, when the figures disagree", () => {
    const outcome = eInvoiceXml(
      input({ invoice: serviceInvoice("cust-stadt", 10_000, 19, { grossAmount: 120 }), customer: cityHall }),
      "ubl",
    );
    expect(outcome).toEqual({
      kind: "refused",
      refusal: { code: "gross-not-net-plus-tax", net: 10_000, tax: 1_900, gross: 12_000 },
    });
  });

  it("write the service's figures into the document", () => {
    const outcome = eInvoiceXml(
      input({ invoice: serviceInvoice("cust-stadt", 10_000, 19), customer: cityHall }),
    );
    if (outcome.kind !== "document") throw new Error(outcome.kind);
    expect(outcome.xml).toContain("<ram:ID>RE-2026-0042</ram:ID>");
    expect(outcome.xml).toContain("<ram:GrandTotalAmount>119.00</ram:GrandTotalAmount>");
    expect(outcome.xml).toContain('<ram:URIID schemeID="0204">991-33333TEST-33</ram:URIID>');
  });
});
