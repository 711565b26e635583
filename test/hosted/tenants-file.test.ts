import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { parseTenants, TenantsFileError } from "../../src/hosted/tenants.js";

const defaults = loadConfig({});

const entry = { id: "acme", apiKey: "sk_test_acme_0123456789", baseUrl: "https://invoicing.example.com" };

describe("the tenants file's VAT settings", () => {
  it("reads how a tenant files VAT; unset, the basis stays unset (vat_report assumes Soll and says so)", () => {
    const tenants = parseTenants(
      JSON.stringify({
        tenants: [
          { ...entry, vatBasis: "ist", vatPermanentExtension: true },
          { ...entry, id: "bravo" },
        ],
      }),
      "tenants.json",
      {},
      defaults,
    );
    expect(tenants.get("acme")?.settings).toMatchObject({ vatBasis: "ist", vatPermanentExtension: true });
    expect(tenants.get("bravo")?.settings.vatBasis).toBeUndefined();
    expect(tenants.get("bravo")?.settings.vatPermanentExtension).toBe(false);
  });

  it("refuses a basis other than soll or ist, naming the tenant's field", () => {
    const text = JSON.stringify({ tenants: [{ ...entry, vatBasis: "cash" }] });
    expect(() => parseTenants(text, "tenants.json", {}, defaults)).toThrow(TenantsFileError);
    expect(() => parseTenants(text, "tenants.json", {}, defaults)).toThrow(
      /tenants\.json: tenant "acme": vatBasis "cash" is not valid/,
    );
  });
});
