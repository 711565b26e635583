/**
 * create_invoice refuses what may bill the same work twice, names the invoices and the override,
 * and still answers a replay with the existing invoice. Data: billing-data.ts.
 */
import { describe, expect, it } from "vitest";
import { useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";
import { useStripPeerMcp } from "../helpers/strip-peer.js";
import { billingData } from "./billing-data.js";
import { countRequests } from "./support.js";

const INVOICES = "/api/v1/invoices";

describe("create_invoice guards", () => {
  const sandbox = useSandbox({ data: billingData() });
  const mcp = useMcp(sandbox);
  const posts = () => countRequests(sandbox(), "POST", INVOICES);

  it("refuses a period an invoice of the customer already covers, naming it and the override", async () => {
    const args = { customer: "Kanzlei", fromTime: true, period: "Oktober 2026" };
    const before = posts();
    const refused = await mcp().call("create_invoice", args);
    expect(refused.isError).toBe(false);
    expect(refused.data.outcome).toBe("refused");
    expect(refused.data.conflicts).toEqual([
      expect.objectContaining({
        id: "inv_k1",
        invoiceNumber: "RE-2026-010",
        invoiceDate: "2026-11-03",
        status: "sent",
        netAmount: 220,
        periodStart: "2026-10-01",
        periodEnd: "2026-10-31",
        reason: "same amount and period",
      }),
    ]);
    expect(refused.text).toMatch(
      /^Not created: Kanzlei Weiß & Partner \(cus_k\) may already be billed for 2026-10-01 to 2026-10-31 by:/,
    );
    expect(refused.text).toContain(
      "RE-2026-010 (id inv_k1) · dated 2026-11-03 · sent · net 220.00 EUR · period 2026-10-01 to 2026-10-31",
    );
    expect(refused.text).toContain("allowOverlap: true");
    expect(posts()).toBe(before);

    const preview = await mcp().call("create_invoice", { ...args, dryRun: true });
    expect(preview.data.outcome).toBe("dry_run");
    expect(preview.data.conflicts).toHaveLength(1);
    expect(preview.text).toContain("Creating this would be refused");

    const forced = await mcp().call("create_invoice", { ...args, allowOverlap: true });
    expect(forced.data.outcome).toBe("created");
    expect(posts()).toBe(before + 1);
  });

  it("a second try at the same month, with other notes, is refused and names the first", async () => {
    const first = await mcp().call("create_invoice", {
      customer: "mueller",
      fromTime: true,
      period: "Oktober 2026",
    });
    expect(first.data.outcome).toBe("created");
    const before = posts();
    // The very same request again is a replay: the existing invoice, no refusal.
    const replay = await mcp().call("create_invoice", {
      customer: "mueller",
      fromTime: true,
      period: "Oktober 2026",
    });
    expect(replay.data.outcome).toBe("already_exists");
    expect(replay.data.invoice.id).toBe(first.data.invoice.id);
    const second = await mcp().call("create_invoice", {
      customer: "mueller",
      fromTime: true,
      period: "letzten Monat",
      notes: "Oktober, nochmal",
    });
    expect(second.data.outcome).toBe("refused");
    expect(second.data.conflicts).toEqual([
      expect.objectContaining({ id: first.data.invoice.id, reason: "same amount and period" }),
    ]);
    expect(second.text).toContain(`${first.data.invoice.invoiceNumber} (id ${first.data.invoice.id})`);
    // An overlapping part of the month, with another amount, is refused as well.
    const part = await mcp().call("create_invoice", {
      customer: "mueller",
      netAmount: 100,
      periodStart: "2026-10-15",
      periodEnd: "2026-11-15",
    });
    expect(part.data.outcome).toBe("refused");
    expect(part.data.conflicts).toEqual([
      expect.objectContaining({ id: first.data.invoice.id, reason: "may cover the period" }),
    ]);
    expect(posts()).toBe(before);
  });

  it("the same customer, amount and period under another number is refused", async () => {
    const base = { customer: "Atelier", netAmount: 300, period: "August 2026", invoiceNumber: "AT-1" };
    expect((await mcp().call("create_invoice", base)).data.outcome).toBe("created");
    const before = posts();
    const other = await mcp().call("create_invoice", { ...base, invoiceNumber: "AT-2" });
    expect(other.data.outcome).toBe("refused");
    expect(other.text).toContain("AT-1 (id ");
    expect(other.text).toContain("same amount and period");
    expect(posts()).toBe(before);
  });

  it("invoice numbers compare without regard to case and surrounding spaces", async () => {
    const base = { customer: "Atelier", netAmount: 400, period: "Juli 2026", invoiceNumber: "ab-7" };
    const created = await mcp().call("create_invoice", base);
    expect(created.data.outcome).toBe("created");
    const replay = await mcp().call("create_invoice", { ...base, invoiceNumber: "  AB-7 " });
    expect(replay.data.outcome).toBe("already_exists");
    expect(replay.data.invoice.id).toBe(created.data.invoice.id);
    const clash = await mcp().call("create_invoice", { ...base, netAmount: 401, invoiceNumber: "Ab-7" });
    expect(clash.isError).toBe(true);
    expect(clash.text).toContain("Invoice number ab-7 is already taken by");
  });

  it("an invoice whose period lies elsewhere does not block", async () => {
    // Müller's RE-2026-008 bills September (dated 5 Oct): November is free.
    const answer = await mcp().call("create_invoice", {
      customer: "mueller",
      netAmount: 50,
      period: "November 2026",
      dryRun: true,
    });
    expect(answer.data.outcome).toBe("dry_run");
    expect(answer.data.conflicts).toBeUndefined();
  });
});

describe("create_invoice guards, on a peer whose invoice lists carry no periods or notes", () => {
  const sandbox = useSandbox({ data: billingData() });
  const mcp = useStripPeerMcp(sandbox);

  it("guesses from invoice dates, says so, and allowOverlap still creates", async () => {
    const args = { customer: "mueller", fromTime: true, period: "Oktober 2026" };
    const refused = await mcp().call("create_invoice", args);
    expect(refused.data.outcome).toBe("refused");
    expect(refused.data.conflicts).toEqual([
      expect.objectContaining({ invoiceNumber: "RE-2026-008", basis: "invoice date", periodStart: null }),
    ]);
    expect(refused.text).toContain("this is a guess from invoice dates");
    expect(refused.text).toContain("period not returned by the service");
    const created = await mcp().call("create_invoice", { ...args, allowOverlap: true });
    expect(created.data.outcome).toBe("created");
    // Without periods or notes in the list, the same request is still recognised as a replay.
    const replay = await mcp().call("create_invoice", { ...args, allowOverlap: true });
    expect(replay.data.outcome).toBe("already_exists");
    expect(replay.data.invoice.id).toBe(created.data.invoice.id);
  });

  it("the same customer and amount on the same invoice date counts as the same invoice under another number", async () => {
    const base = { customer: "Nordlicht", netAmount: 77, period: "Mai 2026", invoiceNumber: "NL-1" };
    expect((await mcp().call("create_invoice", base)).data.outcome).toBe("created");
    const other = await mcp().call("create_invoice", { ...base, invoiceNumber: "NL-2", period: "Juni 2026" });
    expect(other.data.outcome).toBe("refused");
    expect(other.data.conflicts).toEqual([
      expect.objectContaining({
        invoiceNumber: "NL-1",
        reason: "same amount and period",
        basis: "invoice date",
      }),
    ]);
  });

  it("list_invoices shows no period and no notes when the service returns none", async () => {
    const answer = await mcp().call("list_invoices", { customer: "Kanzlei" });
    expect(answer.data.invoices[0]).toMatchObject({ invoiceNumber: "RE-2026-010" });
    expect(answer.text).toMatch(/- RE-2026-010 · [^\n]* · net 220\.00 EUR\n/);
    expect(answer.text).not.toContain("period");
    expect(answer.text).not.toContain('"');
  });
});

describe("list_invoices with periods and notes", () => {
  const sandbox = useSandbox({ data: billingData() });
  const mcp = useMcp(sandbox);

  it("shows them beside each invoice", async () => {
    const answer = await mcp().call("list_invoices", { customer: "Kanzlei" });
    expect(answer.data.invoices[0]).toMatchObject({ invoiceNumber: "RE-2026-010" });
    // A whole calendar month as YYYY-MM: a page has many of them.
    expect(answer.text).toContain('· period 2026-10 · "Leistungen Oktober 2026: 2,00 Std. à 110,00 €"');
  });
});
