/**
 * create_invoice's schema says what a call needs: a period (the older periodStart/periodEnd form is
 * no longer shown, but calls made with it still work and still replay).
 */
import { describe, expect, it } from "vitest";
import { useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";
import { billingData } from "./billing-data.js";

describe("create_invoice's schema", () => {
  const sandbox = useSandbox({ data: billingData() });
  const mcp = useMcp(sandbox);

  it("requires a period and shows one form of it", async () => {
    const { tools } = await mcp().client.listTools();
    const schema = tools.find((t) => t.name === "create_invoice")!.inputSchema as {
      required: string[];
      properties: Record<string, unknown>;
    };
    expect(schema.required).toContain("period");
    expect(Object.keys(schema.properties)).not.toContain("periodStart");
    expect(Object.keys(schema.properties)).not.toContain("periodEnd");
  });

  it("a call in the older form still creates, and replays as the same invoice", async () => {
    const args = { customer: "Atelier", netAmount: 120, periodStart: "2026-06-01", periodEnd: "2026-06-30" };
    const created = await mcp().call("create_invoice", args);
    expect(created.data.outcome).toBe("created");
    expect(created.data.invoice).toMatchObject({ periodStart: "2026-06-01", periodEnd: "2026-06-30" });
    const again = await mcp().call("create_invoice", args);
    expect(again.data.outcome).toBe("already_exists");
    expect(again.data.invoice.id).toBe(created.data.invoice.id);
    // The same period in the shown form is the same invoice too.
    const sameInNewForm = await mcp().call("create_invoice", {
      customer: "Atelier",
      netAmount: 120,
      period: "2026-06-01..2026-06-30",
    });
    expect(sameInNewForm.data.invoice.id).toBe(created.data.invoice.id);
  });

  it("without any period it says what to give", async () => {
    const answer = await mcp().call("create_invoice", { customer: "Atelier", netAmount: 120 });
    expect(answer.isError).toBe(true);
    expect(answer.text).toContain("The service period is required");
  });
});
