import { describe, expect, it } from "vitest";
import { formBase, formFields } from "../../src/domain/vat-form.js";

describe("the VAT return's fields", () => {
  it("puts 19 % in field 81 and 7 % in 86, both without a tax field; any other rate in 35/36", () => {
    expect(formFields(19)).toEqual({ base: "81", tax: null });
    expect(formFields(7)).toEqual({ base: "86", tax: null });
    expect(formFields(10.7)).toEqual({ base: "35", tax: "36" });
  });

  it("enters whole euros, with ELSTER's tax from them where the field has no tax of its own", () => {
    // Rates in hundredths of a percent, amounts in cents.
    expect(formBase({ rate: 1900, net: 143_399, tax: 27_246 })).toEqual({ formBase: 1433, formTax: 272.27 });
    expect(formBase({ rate: 700, net: 20_000, tax: 1_400 })).toEqual({ formBase: 200, formTax: 14 });
    expect(formBase({ rate: 1070, net: 10_050, tax: 1_075 })).toEqual({ formBase: 100, formTax: 10.75 });
  });
});
