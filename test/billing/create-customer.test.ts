import { describe, expect, it } from "vitest";
import { Directory } from "../../src/api/directory.js";
import type { ApiClient } from "../../src/api/errors.js";
import type { BillingContext } from "../../src/billing/context.js";
import { createCheckedCustomer } from "../../src/billing/create-customer.js";
import { clientFor, REFERENCE_DATE, useSandbox } from "../helpers/sandbox.js";
import { billingData, MUELLER } from "../tools/billing-data.js";

/** A sandbox of its own per block (tests run shuffled), and a fresh billing context over it. */
function useService() {
  const sandbox = useSandbox({ data: billingData() });
  const posts = () => sandbox().requests.filter((r) => r.method === "POST" && r.path === "/api/v1/customers");
  const context = (): BillingContext => {
    const client = clientFor(sandbox(), { maxAttempts: 1 });
    const api = (): ApiClient => client;
    return {
      client: api,
      directory: new Directory(api, () => REFERENCE_DATE),
      now: () => new Date(REFERENCE_DATE),
      timeZone: "Europe/Berlin",
    };
  };
  return { posts, context };
}

describe("createCheckedCustomer: nothing created", () => {
  const { posts, context } = useService();

  it("without a rate creates nothing and names the customers whose name folds to the same", async () => {
    const before = posts().length;
    const outcome = await createCheckedCustomer({ name: "MUELLER & Soehne gmbh" }, context());
    expect(outcome.kind).toBe("needs rate");
    expect(outcome.kind === "needs rate" && outcome.same.map((c) => c._id)).toEqual([MUELLER]);
    const none = await createCheckedCustomer({ name: "Ganz Neu AG" }, context());
    expect(none).toEqual({ kind: "needs rate", same: [] });
    expect(posts().length).toBe(before);
  });

  it("finds the same customer again, and says which given fields the list could not compare", async () => {
    const outcome = await createCheckedCustomer(
      { name: "Müller & Söhne GmbH", hourlyRate: 95, ustId: "DE123456789" },
      context(),
    );
    expect(outcome.kind).toBe("exists");
    if (outcome.kind !== "exists") return;
    expect([outcome.customer._id, outcome.hourlyRate, outcome.notCompared]).toEqual([MUELLER, 95, ["ustId"]]);
  });

  it("refuses the same name with another rate, and a similar name, with the candidates", async () => {
    const before = posts().length;
    const same = await createCheckedCustomer({ name: "Müller & Söhne GmbH", hourlyRate: 90 }, context());
    expect(same.kind === "refused" && same.candidates.map((c) => [c.customer._id, c.likeness])).toEqual([
      [MUELLER, "same name"],
    ]);
    const similar = await createCheckedCustomer({ name: "Müller Söhne", hourlyRate: 90 }, context());
    expect(similar.kind === "refused" && similar.candidates.map((c) => c.likeness)).toEqual(["similar name"]);
    expect(posts().length).toBe(before);
  });
});

describe("createCheckedCustomer: created", () => {
  const { context } = useService();

  it("creates past similar names with allowSimilar, names them, and a later read sees the new customer", async () => {
    const ctx = context();
    const outcome = await createCheckedCustomer(
      { name: "Müller Söhne Neu", hourlyRate: 90, allowSimilar: true, email: "a@b.de" },
      ctx,
    );
    expect(outcome.kind).toBe("created");
    if (outcome.kind !== "created") return;
    expect([outcome.name, outcome.hourlyRate, outcome.near.map((c) => c._id)]).toEqual([
      "Müller Söhne Neu",
      90,
      [MUELLER],
    ]);
    // The directory read before the create is dropped: the same context now knows the customer.
    expect((await ctx.directory.customers()).map((c) => c._id)).toContain(outcome.id);
  });
});
