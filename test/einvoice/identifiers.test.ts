/** Each identifier check against values whose validity is known from their issuers' examples. */
import { describe, expect, it } from "vitest";
import {
  looksLikeLeitwegId,
  normalBic,
  normalEmail,
  normalIban,
  normalLeitwegId,
  normalPostcode,
  normalVatId,
} from "../../src/einvoice/identifiers.js";

describe("IBAN", () => {
  it.each([
    ["DE02 1203 0000 0000 2020 51", "DE02120300000000202051"],
    ["de75512108001245126199", "DE75512108001245126199"],
    ["AT61 1904 3002 3457 3201", "AT611904300234573201"],
    ["CH93 0076 2011 6238 5295 7", "CH9300762011623852957"],
  ])("%s is valid", (given, written) => {
    expect(normalIban(given)).toBe(written);
  });

  it.each([
    ["DE02120300000000202052", "one digit changed"],
    ["DE2012030000000020205", "two digits swapped and one short"],
    ["DE0212030000000020205", "a German IBAN one character short"],
    ["XX02120300000000202051", "a country letter pair whose check fails"],
    ["DE02 1203 0000 0000 2020 5!", "a character no IBAN holds"],
    ["", "nothing"],
  ])("%s is refused (%s)", (given) => {
    expect(normalIban(given)).toBeNull();
  });
});

describe("USt-IdNr", () => {
  it.each([
    ["DE123456789", "DE123456789"],
    ["de 123 456 789", "DE123456789"],
    ["ATU12345678", "ATU12345678"],
    ["NL123456789B01", "NL123456789B01"],
    ["FR12345678901", "FR12345678901"],
  ])("%s has its country's shape", (given, written) => {
    expect(normalVatId(given)).toBe(written);
  });

  it.each(["DE12345678", "DE1234567890", "123456789", "AT12345678", "21/815/08150", "QQ123456789"])(
    "%s has not",
    (given) => {
      expect(normalVatId(given)).toBeNull();
    },
  );
});

describe("postcode", () => {
  it("takes five digits in Germany, with or without the old D- prefix", () => {
    expect(normalPostcode("04109", "DE")).toBe("04109");
    expect(normalPostcode("D-10115", "DE")).toBe("10115");
  });

  it.each([
    ["4109", "DE"],
    ["041099", "DE"],
    ["1O115", "DE"],
    ["10115", "AT"],
  ])("refuses %s in %s", (given, country) => {
    expect(normalPostcode(given, country)).toBeNull();
  });

  it("takes a British postcode where no digit shape is known", () => {
    expect(normalPostcode("SW1A 1AA", "GB")).toBe("SW1A 1AA");
  });
});

describe("Leitweg-ID", () => {
  it.each(["991-33333TEST-33", "04011000-1234512345-06", "04011000-1234512345-06".toLowerCase()])(
    "%s has the right check digits",
    (given) => {
      expect(normalLeitwegId(given)).toBe(given.toUpperCase());
    },
  );

  it.each([
    ["991-33333TEST-34", "the check digits off by one"],
    ["991-33334TEST-33", "a digit of the fine address changed"],
    ["04011000-1234512345", "no check digits"],
    ["1-33333TEST-33", "a coarse address of one digit"],
  ])("%s is refused (%s)", (given) => {
    expect(normalLeitwegId(given)).toBeNull();
  });

  it("tells a Leitweg-ID's shape from an order number", () => {
    expect(looksLikeLeitwegId("991-33333TEST-34")).toBe(true);
    expect(looksLikeLeitwegId("PO-4711")).toBe(false);
  });
});

describe("BIC and e-mail", () => {
  it("takes 8 and 11 character BICs", () => {
    expect(normalBic("BYLADEM1001")).toBe("BYLADEM1001");
    expect(normalBic("cobadeff")).toBe("COBADEFF");
    expect(normalBic("COBADEF")).toBeNull();
  });

  it("takes a plain address and refuses one without a host", () => {
    expect(normalEmail(" a@b.example ")).toBe("a@b.example");
    expect(normalEmail("a@b")).toBeNull();
    expect(normalEmail("a b@c.de")).toBeNull();
  });
});
