/** Tax and gross through create_invoice: to the cent, the small-business rule, the configured default. */
import { describe, expect, it } from "vitest";
import { connect, useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";
import { countRequests } from "./support.js";

const preview = { customer: "mueller", period: "last month", dryRun: true };

describe("create_invoice amounts", () => {
  const sandbox = useSandbox();
  const mcp = useMcp(sandbox);

  it.each([
    // [net EUR, rate %, tax EUR, gross EUR]
    [0.5, 19, 0.1, 0.6], // 0.095 rounds up
    [10.5, 19, 2, 12.5], // 1.995 → 2.00
    [1234.55, 19, 234.56, 1469.11], // 234.5645
    [0.01, 19, 0, 0.01],
    [99.99, 7, 7, 106.99], // 6.9993
    [1.5, 7, 0.11, 1.61], // 0.105 → 0.11
    [100, 5.5, 5.5, 105.5],
    [1, 5.5, 0.06, 1.06], // 0.055 → 0.06
    [2500, 0, 0, 2500],
    [9_999_999.99, 19, 1_900_000, 11_899_999.99], // 1 899 999.9981
  ])("net %d EUR at %d %% → tax %d, gross %d", async (netAmount, taxRate, taxAmount, grossAmount) => {
    const { isError, data, text } = await mcp().call("create_invoice", { ...preview, netAmount, taxRate });
    expect(isError).toBe(false);
    expect(data.request.body).toMatchObject({ netAmount, taxRate, taxAmount, grossAmount });
    expect(data.invoice).toMatchObject({ netAmount, taxRate, taxAmount, grossAmount });
    expect(text).toContain(
      `net ${netAmount.toFixed(2)} EUR + ${taxRate} % VAT ${taxAmount.toFixed(2)} EUR = gross ${grossAmount.toFixed(2)} EUR`,
    );
  });

  it("the small-business rule (taxRate 0) sends a tax of 0 and gross = net", async () => {
    const { data } = await mcp().call("create_invoice", { ...preview, netAmount: 1520.5, taxRate: 0 });
    expect(data.request.body).toMatchObject({ taxRate: 0, taxAmount: 0, grossAmount: 1520.5 });
  });

  it("without taxRate the default is 19 %", async () => {
    const { data } = await mcp().call("create_invoice", { ...preview, netAmount: 100 });
    expect(data.request.body).toMatchObject({ taxRate: 19, taxAmount: 19, grossAmount: 119 });
  });

  it.each([
    ["7", 7, 7, 107],
    ["0", 0, 0, 100],
  ])("INVOICING_DEFAULT_TAX_RATE=%s is the default rate", async (env, taxRate, taxAmount, grossAmount) => {
    const configured = await connect(sandbox(), { env: { INVOICING_DEFAULT_TAX_RATE: env } });
    try {
      const { data } = await configured.call("create_invoice", { ...preview, netAmount: 100 });
      expect(data.request.body).toMatchObject({ taxRate, taxAmount, grossAmount });
      // An explicit rate still wins over the default.
      const explicit = await configured.call("create_invoice", { ...preview, netAmount: 100, taxRate: 19 });
      expect(explicit.data.request.body).toMatchObject({ taxRate: 19, taxAmount: 19 });
    } finally {
      await configured.close();
    }
  });

  it.each([
    [{ netAmount: 10.005 }, /netAmount.*two decimals/],
    [{ netAmount: 0 }, /netAmount/],
    [{ netAmount: -5 }, /netAmount/],
    [{ netAmount: 100, taxRate: 19.005 }, /taxRate.*two decimals/],
    [{ netAmount: 100, taxRate: 101 }, /taxRate/],
  ])("invalid amounts %j are refused by name, nothing sent", async (amounts, message) => {
    const before = countRequests(sandbox(), "POST", "/api/v1/invoices");
    const result = await mcp().call("create_invoice", { ...preview, dryRun: false, ...amounts });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(message);
    expect(result.text).not.toMatch(/internal error/i);
    expect(countRequests(sandbox(), "POST", "/api/v1/invoices")).toBe(before);
  });
});
