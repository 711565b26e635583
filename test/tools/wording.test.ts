/**
 * Small traps an assistant tripped on, each through a real MCP client
 * against the sandbox (now = Sunday 2026-11-22 10:15 Berlin).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { listInvoices } from "../../src/api/invoices.js";
import { connect, useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";
import { api, demoDirectory, whole } from "./support.js";

describe("wording", () => {
  const sandbox = useSandbox();
  const mcp = useMcp(sandbox);
  let demo: Awaited<ReturnType<typeof demoDirectory>>;
  beforeAll(async () => {
    demo = await demoDirectory(sandbox());
  });

  it("outstanding_by_customer: one customer is '1 customer'; no raw urgency code", async () => {
    const all = await mcp().call("outstanding_by_customer");
    expect(all.text).not.toMatch(/\b1 customers\b/);
    // The report does say due_soon (kept in the data for programs); the text says it in words.
    const urgencies = all.data.customers.flatMap((c: { invoices: { urgency: string }[] }) =>
      c.invoices.map((i) => i.urgency),
    );
    expect(urgencies).toContain("due_soon");
    expect(all.text).not.toContain("due_soon");
    expect(all.text).toContain("· due soon");
    const one = all.data.customers[0];
    const single = await mcp().call("outstanding_by_customer", { customer: one.customerId });
    expect(single.text).toMatch(/ from 1 customer[,.]/);
  });

  it("outstanding_by_customer with overdueOnly calls its sum overdue, not outstanding", async () => {
    const { data, text } = await mcp().call("outstanding_by_customer", { overdueOnly: true });
    expect(data.customers.length).toBeGreaterThan(0);
    const head = text.split("\n")[0]!;
    expect(head).toMatch(/^\d+\.\d\d EUR overdue from \d+ customers?, gross/);
    expect(head).not.toContain("outstanding");
    expect(text).not.toMatch(/ open, /);
  });

  it("an empty search for paid invoices reminds that dates are invoice dates, and how to get payments", async () => {
    const { isError, data, text } = await mcp().call("list_invoices", { status: "paid", from: "today" });
    expect(isError).toBe(false);
    expect(data.total).toBe(0);
    expect(text).toContain("Dates here are invoice dates: the REST API has no payment dates");
    // Without an inbox: where the setup is, not the setup again (it is in the instructions).
    expect(text).toContain("the server's instructions say how to receive payment events");
    expect(text).not.toContain("INVOICING_WEBHOOK_SECRET");
  });

  it("an invoice is found by its number, whatever its case", async () => {
    const invoice = whole(await listInvoices(api(sandbox())))[3]!;
    const { data, text } = await mcp().call("list_invoices", {
      number: ` ${invoice.invoiceNumber.toLowerCase()} `,
    });
    expect(data.invoices.map((r: { id: string }) => r.id)).toEqual([invoice._id]);
    expect(text).toContain(`- ${invoice.invoiceNumber} · `);
    const none = await mcp().call("list_invoices", { number: "RE-1999-999" });
    expect(none.data.total).toBe(0);
    expect(none.text).toContain("No invoice has the number RE-1999-999");
  });

  it("an overlap with the same customer's entry does not speak of two customers", async () => {
    const args = { project: "Website Relaunch", start: "2026-11-08T06:00", duration: "1h" };
    expect((await mcp().call("log_time", args)).data.outcome).toBe("created");
    const refused = await mcp().call("log_time", { ...args, start: "2026-11-08T06:30" });
    expect(refused.data.outcome).toBe("refused");
    expect(refused.text).not.toContain("two customers");
    expect(refused.text).toContain("for the same customer");
    expect(demo.project("Website Relaunch").customerId).toBe(refused.data.overlaps[0].stored[0].customerId);
  });

  it("recent_events without an inbox says how to set up the webhook receiver, not a protocol error", async () => {
    const bare = await connect(sandbox());
    try {
      const answer = await bare.call("recent_events", { type: "invoice.paid", since: "this week" });
      expect(answer.isError).toBe(true);
      expect(answer.text).toMatch(/^recent_events is not available: it reads stored webhook events/);
      expect(answer.text).toContain("INVOICING_WEBHOOK_SECRET");
    } finally {
      await bare.close();
    }
  });
});
