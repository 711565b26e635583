import { describe, expect, it } from "vitest";
import type { Customer } from "../../src/api/schemas.js";
import { customerRow, matchingCustomers } from "../../src/reports/customers.js";

const customer = (id: string, name: string, more: Partial<Customer> = {}): Customer => ({
  _id: id,
  name,
  ...more,
});

const active = [
  customer("cus_z", "Zeta Verlag"),
  customer("cus_m", "Müller & Söhne GmbH"),
  customer("cus_a", "Atelier Nord"),
];
const former = [customer("cus_old", "Altkunde Müller KG", { isActive: false }), active[1]!];

describe("matchingCustomers: the active ones, and former ones for a search, by name", () => {
  it("lists only the active customers without a query, sorted by name", () => {
    expect(matchingCustomers(active, [], undefined).map((c) => c._id)).toEqual(["cus_a", "cus_m", "cus_z"]);
  });

  it("matches any spelling of a name and adds a former customer once, never an active one twice", () => {
    const found = matchingCustomers(active, former, "mueller");
    expect(found.map((c) => c._id)).toEqual(["cus_old", "cus_m"]);
  });

  it("finds nothing for a name nobody has", () => {
    expect(matchingCustomers(active, former, "Schröder")).toEqual([]);
  });
});

describe("customerRow: what a list shows of a customer", () => {
  it("cleans the text other people wrote and says null where nothing is known", () => {
    expect(customerRow(customer("cus_x", "Evil\u202eCorp", { email: "a@b.de\u0007" }))).toEqual({
      id: "cus_x",
      name: expect.not.stringContaining("\u202e"),
      email: expect.not.stringContaining("\u0007"),
      hourlyRate: null,
      activityType: null,
      active: true,
    });
    expect(customerRow(customer("cus_y", "Y", { isActive: false, hourlyRate: 80 }))).toMatchObject({
      hourlyRate: 80,
      active: false,
    });
  });
});
