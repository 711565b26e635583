/**
 * Where the client can show forms, create_invoice asks the person to confirm the summary before it
 * sends anything, in both protocol eras; a decline creates nothing. A client without elicitation
 * keeps the dry-run flow: the call creates directly.
 */
import { describe, expect, it } from "vitest";
import { createInvoice } from "../../src/api/invoices.js";
import { connect } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";
import { billingData } from "./billing-data.js";
import { api, countRequests } from "./support.js";

const INVOICES = "/api/v1/invoices";

describe.each(["2025", "2026"] as const)("create_invoice confirmation, protocol era %s", (era) => {
  const sandbox = useSandbox({ data: billingData() });
  const posts = () => countRequests(sandbox(), "POST", INVOICES);

  it("asks with the summary; an accepted form creates the invoice", async () => {
    const asked: { message: string; requestedSchema: unknown }[] = [];
    const mcp = await connect(sandbox(), {
      era,
      elicit: (request) => {
        asked.push(request);
        return { action: "accept", content: { confirm: true } };
      },
    });
    try {
      const before = posts();
      const created = await mcp.call("create_invoice", {
        customer: "mueller",
        fromTime: true,
        period: "Oktober 2026",
      });
      expect(created.isError).toBe(false);
      expect(created.data.outcome).toBe("created");
      expect(posts()).toBe(before + 1);
      expect(asked).toHaveLength(1);
      const message = asked[0]!.message;
      expect(message).toContain("Customer: Müller & Söhne GmbH (cus_m)");
      expect(message).toContain(`Number: ${created.data.invoice.invoiceNumber}`);
      expect(message).toContain("Service period: 2026-10-01 to 2026-10-31");
      expect(message).toContain("Net: 2588.75 EUR");
      expect(message).toContain("VAT 19 %: 491.86 EUR");
      expect(message).toContain("Gross: 3080.61 EUR");
      expect(asked[0]!.requestedSchema).toMatchObject({
        type: "object",
        properties: { confirm: { type: "boolean" } },
        required: ["confirm"],
      });
    } finally {
      await mcp.close();
    }
  });

  it.each([
    ["declines", { action: "decline" } as const],
    ["cancels", { action: "cancel" } as const],
    ["accepts with the box left unticked", { action: "accept", content: { confirm: false } } as const],
    // A client's answer is data: anything but a literal true is no.
    ["accepts with an answer that is not a tick", { action: "accept", content: { confirm: "yes" } } as const],
  ])("creates nothing when the person %s", async (_label, answer) => {
    let asked = 0;
    const mcp = await connect(sandbox(), {
      era,
      elicit: () => {
        asked += 1;
        return answer;
      },
    });
    try {
      const before = posts();
      const result = await mcp.call("create_invoice", {
        customer: "Nordlicht",
        fromTime: true,
        period: "Oktober 2026",
      });
      expect(asked).toBe(1);
      expect(result.isError).toBe(false);
      expect(result.data.outcome).toBe("declined");
      expect(result.text).toMatch(/^Not created: the user did not confirm/);
      expect(posts()).toBe(before);
    } finally {
      await mcp.close();
    }
  });

  it("asks again when what was confirmed is no longer what it would create", async () => {
    const asked: string[] = [];
    const mcp = await connect(sandbox(), {
      era,
      elicit: async ({ message }) => {
        asked.push(message);
        // While the person looks at the form, another invoice takes the number shown.
        if (asked.length === 1) {
          const number = /Number: (\S+)/.exec(message)?.[1] ?? "";
          await createInvoice(api(sandbox()), {
            customerId: "cus_a",
            invoiceNumber: number,
            invoiceDate: Date.parse("2026-11-22T00:00:00+01:00"),
            periodStart: Date.parse("2026-01-01T00:00:00+01:00"),
            periodEnd: Date.parse("2026-01-31T00:00:00+01:00"),
            netAmount: 1,
          });
        }
        return { action: "accept", content: { confirm: true } };
      },
    });
    try {
      const created = await mcp.call("create_invoice", {
        customer: "Atelier",
        netAmount: 20,
        period: "März 2026",
      });
      expect(created.data.outcome).toBe("created");
      expect(asked).toHaveLength(2);
      expect(asked[1]).toMatch(/^The invoice changed since you confirmed it/);
      expect(asked[1]).toContain(`Number: ${created.data.invoice.invoiceNumber}`);
      expect(asked[0]).not.toContain(`Number: ${created.data.invoice.invoiceNumber}`);
    } finally {
      await mcp.close();
    }
  });

  it("never asks for a dry run, a refusal or a replay", async () => {
    let asked = 0;
    const mcp = await connect(sandbox(), {
      era,
      elicit: () => {
        asked += 1;
        return { action: "accept", content: { confirm: true } };
      },
    });
    try {
      const preview = await mcp.call("create_invoice", {
        customer: "Atelier",
        netAmount: 10,
        period: "Mai 2026",
        dryRun: true,
      });
      expect(preview.data.outcome).toBe("dry_run");
      const refused = await mcp.call("create_invoice", {
        customer: "Kanzlei",
        fromTime: true,
        period: "Oktober 2026",
      });
      expect(refused.data.outcome).toBe("refused");
      expect(asked).toBe(0);
    } finally {
      await mcp.close();
    }
  });

  it("a client without elicitation creates directly, as before", async () => {
    const mcp = await connect(sandbox(), { era });
    try {
      const before = posts();
      const created = await mcp.call("create_invoice", {
        customer: "Atelier",
        netAmount: 12.5,
        period: "April 2026",
      });
      expect(created.data.outcome).toBe("created");
      expect(posts()).toBe(before + 1);
    } finally {
      await mcp.close();
    }
  });
});
