/**
 * Former (inactive) customers: the service lists only active ones, but its customer summary serves
 * any id of the account. Their ids resolve everywhere, their invoices show their names, and a name
 * search finds them, marked inactive, in a fresh session too (one bounded, cached scan of invoices).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_FORMER_LOOKUPS } from "../../src/api/directory.js";
import { listInvoices } from "../../src/api/invoices.js";
import { getOutstandingByCustomer } from "../../src/api/reports.js";
import { connect, useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";
import { api, countRequests, demoDirectory, whole } from "./support.js";

describe("former customers", () => {
  const sandbox = useSandbox();
  const mcp = useMcp(sandbox);
  let formerId: string;
  beforeAll(async () => {
    const demo = await demoDirectory(sandbox());
    const active = new Set(demo.customers.map((c) => c._id));
    const invoices = whole(await listInvoices(api(sandbox())));
    formerId = invoices.find((invoice) => !active.has(invoice.customerId))!.customerId;
  });

  it("an inactive customer's id resolves through the summary endpoint", async () => {
    const { isError, data, text } = await mcp().call("customer_summary", { customer: formerId });
    expect(isError).toBe(false);
    expect(data.customer).toMatchObject({ id: formerId, name: "Altkunde Meier KG" });
    expect(text).toContain(`Altkunde Meier KG (id ${formerId})`);
  });

  it("invoice rows show the former customer's name, not 'name unknown'", async () => {
    const fresh = await connect(sandbox());
    try {
      const { isError, data, text } = await fresh.call("list_invoices", { customer: formerId, limit: 100 });
      expect(isError).toBe(false);
      expect(data.total).toBeGreaterThan(0);
      for (const row of data.invoices) expect(row).toMatchObject({ customerId: formerId });
      expect(text).toContain(` · Altkunde Meier KG · `);
      expect(text).toContain(`Altkunde Meier KG (${formerId})`);
      expect(text).not.toContain("name unknown");

      // The unfiltered list names them too, asking the summary once per former customer.
      const summaries = () => countRequests(sandbox(), "GET", `/api/v1/customers/${formerId}/summary`);
      const before = summaries();
      const all = await fresh.call("list_invoices", { limit: 100 });
      expect(all.text).not.toContain("name unknown");
      expect(summaries()).toBe(before);
    } finally {
      await fresh.close();
    }
  });

  it("a fresh session finds the former customer by name, with one scan of the invoices", async () => {
    const fresh = await connect(sandbox());
    const invoiceLists = () => countRequests(sandbox(), "GET", "/api/v1/invoices");
    const summaries = () =>
      sandbox().requests.filter(
        (r) => r.method === "GET" && /^\/api\/v1\/customers\/[^/]+\/summary/.test(r.path),
      ).length;
    try {
      const [listsBefore, summariesBefore] = [invoiceLists(), summaries()];
      const byName = await fresh.call("customer_summary", { customer: "Altkunde Meier" });
      expect(byName.isError, byName.text).toBe(false);
      expect(byName.data.customer.id).toBe(formerId);
      // Bounded: one invoice listing (its pages), and a summary per former customer found there.
      const scanLists = invoiceLists() - listsBefore;
      expect(scanLists).toBeGreaterThan(0);
      expect(summaries() - summariesBefore).toBeLessThanOrEqual(MAX_FORMER_LOOKUPS + 1);

      // Cached: another unknown name does not scan again.
      const listsAfter = invoiceLists();
      const nobody = await fresh.call("customer_summary", { customer: "Niemand Handelsgesellschaft" });
      expect(nobody.isError).toBe(true);
      expect(nobody.text).toMatch(/No active customer matches "Niemand Handelsgesellschaft"/);
      expect(invoiceLists()).toBe(listsAfter);

      const found = await fresh.call("list_customers", { query: "meier" });
      expect(found.data.customers).toEqual([
        expect.objectContaining({ id: formerId, name: "Altkunde Meier KG", active: false }),
      ]);
      expect(found.text).toContain(
        `Altkunde Meier KG (id ${formerId}) · 70.00 EUR/h · inactive (former customer)`,
      );
      // The plain list stays the service's list of active customers.
      const plain = await fresh.call("list_customers");
      expect(plain.text).not.toContain("Altkunde Meier KG");
    } finally {
      await fresh.close();
    }
  });

  it("a search in a fresh session finds the former customer too", async () => {
    const fresh = await connect(sandbox());
    try {
      const found = await fresh.call("list_customers", { query: "altkunde" });
      expect(found.data.customers).toEqual([expect.objectContaining({ id: formerId, active: false })]);
    } finally {
      await fresh.close();
    }
  });

  it("an outstanding row without a name shows the name learnt from the summary endpoint", async () => {
    // A service that leaves the name out of its report (the document shows it; a peer may not).
    const report = await getOutstandingByCustomer(api(sandbox()));
    const first = report.customers[0]!;
    const unnamed = { ...report, customers: [{ ...first, customerId: formerId, customerName: "" }] };
    sandbox().faults.add({
      path: "/api/v1/reports/outstanding-payments-by-customer",
      action: { kind: "not-envelope", body: { data: unnamed, meta: { total: 1 }, error: null } },
    });
    const { isError, data, text } = await mcp().call("outstanding_by_customer");
    expect(isError).toBe(false);
    expect(data.customers[0]).toMatchObject({ customerId: formerId, customerName: "Altkunde Meier KG" });
    expect(text).toContain(`Altkunde Meier KG (id ${formerId})`);
  });

  it("a well-formed id the service does not know is no customer's id, not an inactive name", async () => {
    const { isError, text } = await mcp().call("customer_summary", { customer: "cus_doesnotexist" });
    expect(isError).toBe(true);
    expect(text).toMatch(/^No customer has the id "cus_doesnotexist": the service does not know it/);
    expect(text).toContain("list_customers");
  });

  it("a name that only looks like a token stays a name", async () => {
    const { isError, text } = await mcp().call("customer_summary", { customer: "Zuckerbäcker" });
    expect(isError).toBe(true);
    expect(text).toMatch(/^No active customer matches "Zuckerbäcker"/);
  });
});
