/**
 * The three guarded writes answer a refusal alike: not an error, the outcome "refused", the facts
 * that stopped it, `refusal.override` naming the one argument that makes the write anyway, and a
 * text that says nothing was written and to check with the user first. Nothing is sent.
 */
import { describe, expect, it } from "vitest";
import { useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";
import { billingData } from "./billing-data.js";
import { countRequests } from "./support.js";

describe("a guarded write's refusal", () => {
  const sandbox = useSandbox({ data: billingData() });
  const mcp = useMcp(sandbox);
  const posts = () =>
    ["/api/v1/invoices", "/api/v1/time-entries", "/api/v1/customers"]
      .map((path) => countRequests(sandbox(), "POST", path))
      .reduce((a, b) => a + b, 0);

  const cases = [
    {
      tool: "create_invoice",
      args: { customer: "Kanzlei", fromTime: true, period: "Oktober 2026" },
      override: "allowOverlap",
      facts: "conflicts",
      head: /^Not created: /,
    },
    {
      tool: "log_time",
      // Overlaps te_k1 (5 Oct 10:00–12:00, Kanzlei).
      args: { project: "Mandantenportal", start: "2026-10-05T11:00", duration: "1h" },
      override: "allowOverlap",
      facts: "overlaps",
      head: /^Not logged: /,
    },
    {
      tool: "create_customer",
      args: { name: "Kanzlei Weiss & Partner", hourlyRate: 120 },
      override: "allowSimilar",
      facts: "candidates",
      head: /^Not created: /,
    },
  ] as const;

  it.each(cases)("$tool: outcome refused, its facts, the override; not an error, nothing sent", async (c) => {
    const before = posts();
    const result = await mcp().call(c.tool, c.args);
    expect(result.isError).toBe(false);
    expect(result.data.outcome).toBe("refused");
    expect(result.data.refusal).toEqual({ reason: expect.any(String), override: c.override });
    expect(result.data[c.facts].length).toBeGreaterThan(0);
    expect(result.text).toMatch(c.head);
    expect(result.text).toContain("Check these with the user first");
    expect(result.text).toContain(`${c.override}: true`);
    expect(posts()).toBe(before);
  });
});
