/**
 * create_invoice for many customers in one call. Data: billing-data.ts, October 2026: Müller 27.25 h
 * = 2588.75 EUR net (its September invoice does not cover October), Kanzlei already billed by
 * RE-2026-010 (refused), Nordlicht 40 min = 58.33 EUR, Atelier no time (skipped). The account's
 * numbers end at RE-2026-012, so the drafts get RE-2026-013 and RE-2026-014.
 */
import { describe, expect, it } from "vitest";
import { connect, useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";
import { useStripPeerMcp } from "../helpers/strip-peer.js";
import { ATELIER, billingData, KANZLEI, MUELLER, NORDLICHT } from "./billing-data.js";
import { countRequests } from "./support.js";

const INVOICES = "/api/v1/invoices";
const ALL = { customers: "all", fromTime: true, period: "Oktober 2026" };

// biome-ignore lint/suspicious/noExplicitAny: rows are read field by field
const row = (customerId: string) => (answer: { data: { batch: { drafts: any[] } } }) =>
  answer.data.batch.drafts.find((d) => d.customerId === customerId);

describe("create_invoice for all customers", () => {
  const sandbox = useSandbox({ data: billingData() });
  const mcp = useMcp(sandbox);
  const posts = () => countRequests(sandbox(), "POST", INVOICES);

  it("one dry run shows a line per draft with its number and verdict, and totals; the same call creates them once", async () => {
    const before = posts();
    const preview = await mcp().call("create_invoice", { ...ALL, dryRun: true });
    expect(preview.isError, preview.text).toBe(false);
    expect(preview.data.outcome).toBe("batch");
    expect(posts()).toBe(before);
    expect(row(MUELLER)(preview)).toMatchObject({
      status: "create",
      invoiceNumber: "RE-2026-013",
      hours: 27.25,
      netAmount: 2588.75,
      grossAmount: 3080.61,
    });
    expect(row(NORDLICHT)(preview)).toMatchObject({
      status: "create",
      invoiceNumber: "RE-2026-014",
      hours: 0.67,
      netAmount: 58.33,
      grossAmount: 69.41,
    });
    expect(row(KANZLEI)(preview)).toMatchObject({
      status: "refused",
      invoiceNumber: null,
      conflicts: ["RE-2026-010"],
    });
    expect(row(ATELIER)(preview)).toMatchObject({ status: "skipped", invoiceNumber: null });
    // 1635 + 40 min; 2588.75 + 58.33 net; 491.86 + 11.08 VAT
    expect(preview.data.batch.totals).toEqual({
      invoices: 2,
      hours: 27.92,
      netAmount: 2647.08,
      taxAmount: 502.94,
      grossAmount: 3150.02,
    });
    expect(preview.text).toContain(
      "RE-2026-013 · Müller & Söhne GmbH (cus_m) · 27.25 h · net 2588.75 EUR · gross 3080.61 EUR · ok",
    );
    expect(preview.text).toContain("Kanzlei Weiß & Partner (cus_k) · 2 h · net 220.00 EUR");
    expect(preview.text).toContain("refused: may already be billed by RE-2026-010");
    expect(preview.text).toContain("No time in the period: Atelier Sommer (cus_a).");
    expect(preview.text).toContain(
      "Totals: 2 invoices, 27.92 h, net 2647.08 EUR, VAT 502.94 EUR, gross 3150.02 EUR.",
    );

    const created = await mcp().call("create_invoice", ALL);
    expect(created.data.outcome).toBe("batch");
    expect(posts()).toBe(before + 2);
    expect(row(MUELLER)(created)).toMatchObject({ status: "created", invoiceNumber: "RE-2026-013" });
    expect(row(NORDLICHT)(created)).toMatchObject({ status: "created", invoiceNumber: "RE-2026-014" });
    expect(created.text).toMatch(/^2 draft invoices created for 2026-10-01 to 2026-10-31:/);

    const again = await mcp().call("create_invoice", ALL);
    expect(posts()).toBe(before + 2);
    expect(row(MUELLER)(again)).toMatchObject({ status: "exists", id: row(MUELLER)(created)!.id });
    expect(row(NORDLICHT)(again)).toMatchObject({ status: "exists", id: row(NORDLICHT)(created)!.id });
    expect(again.data.batch.totals.invoices).toBe(0);
  });

  it("wrong combinations say what to give", async () => {
    const both = await mcp().call("create_invoice", { ...ALL, customer: "Müller" });
    expect(both.text).toContain("Give either customer or customers, not both.");
    const amount = await mcp().call("create_invoice", {
      customers: "all",
      netAmount: 10,
      period: "Oktober 2026",
    });
    expect(amount.text).toContain("customers needs fromTime: true and no netAmount");
    const none = await mcp().call("create_invoice", { fromTime: true, period: "Oktober 2026" });
    expect(none.isError).toBe(true);
    expect(none.text).toContain('customers: "all"');
  });
});

describe("create_invoice for all customers, where the client can ask the person", () => {
  const sandbox = useSandbox({ data: billingData() });

  it("asks once with every draft and the totals; a decline creates nothing, an accept creates them", async () => {
    const posts = () => countRequests(sandbox(), "POST", INVOICES);
    const asked: string[] = [];
    const decline = await connect(sandbox(), {
      elicit: ({ message }) => {
        asked.push(message);
        return { action: "decline" };
      },
    });
    const before = posts();
    const declined = await decline.call("create_invoice", ALL).finally(() => decline.close());
    expect(declined.data.outcome).toBe("declined");
    expect(posts()).toBe(before);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain("RE-2026-013 · Müller & Söhne GmbH (cus_m)");
    expect(asked[0]).toContain("RE-2026-014 · Studio Nordlicht (cus_n)");
    expect(asked[0]).toContain("Totals: 2 invoices");
    const accept = await connect(sandbox(), {
      elicit: () => ({ action: "accept", content: { confirm: true } }),
    });
    const created = await accept.call("create_invoice", ALL).finally(() => accept.close());
    expect(created.data.batch.drafts.filter((d: { status: string }) => d.status === "created")).toHaveLength(
      2,
    );
    expect(posts()).toBe(before + 2);
  });
});

describe("create_invoice for a list of customers, stopped by the rate limit", () => {
  const sandbox = useSandbox({ data: billingData() });
  const mcp = useMcp(sandbox);
  const posts = () => countRequests(sandbox(), "POST", INVOICES);

  it("says when to send it again, and the same call then creates only what is missing", async () => {
    const list = { customers: ["Müller", "Nordlicht"], fromTime: true, period: "Oktober 2026" };
    // Müller's draft was made before (by the first part of an earlier run, say).
    const first = await mcp().call("create_invoice", {
      customer: "Müller",
      fromTime: true,
      period: "Oktober 2026",
    });
    expect(first.data.outcome).toBe("created");
    sandbox().faults.add({
      method: "POST",
      path: INVOICES,
      action: { kind: "status", status: 429, retryAfter: "30" },
    });
    const stopped = await mcp().call("create_invoice", list);
    expect(stopped.isError, stopped.text).toBe(false);
    expect(row(MUELLER)(stopped)).toMatchObject({ status: "exists", id: first.data.invoice.id });
    expect(row(NORDLICHT)(stopped)).toMatchObject({ status: "not_sent", id: null });
    // The client's clock is the real one: the time is 30 s after the 429, whenever the test runs.
    expect(stopped.data.batch.sendAfter).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect(stopped.text).toContain(
      `The service's rate limit allows the rest from ${stopped.data.batch.sendAfter}`,
    );
    expect(stopped.text).toContain("send the same call again");
    // Sent again once the window allows it: a new session, whose rate governor has no pause to wait out.
    const later = await connect(sandbox());
    const before = posts();
    const resumed = await later.call("create_invoice", list).finally(() => later.close());
    expect(posts()).toBe(before + 1);
    expect(row(MUELLER)(resumed)).toMatchObject({ status: "exists" });
    expect(row(NORDLICHT)(resumed)).toMatchObject({ status: "created", invoiceNumber: "RE-2026-014" });
  });
});

describe("create_invoice for all customers, on a peer whose invoice lists carry no periods or notes", () => {
  const sandbox = useSandbox({ data: billingData() });
  const mcp = useStripPeerMcp(sandbox);

  it("guards each draft by invoice dates and still creates each once", async () => {
    const posts = () => countRequests(sandbox(), "POST", INVOICES);
    const preview = await mcp().call("create_invoice", { ...ALL, dryRun: true });
    // Müller's September invoice, dated 5 Oct, may cover October when its period is not shown.
    expect(row(MUELLER)(preview)).toMatchObject({ status: "refused", conflicts: ["RE-2026-008"] });
    expect(row(KANZLEI)(preview)).toMatchObject({ status: "refused", conflicts: ["RE-2026-010"] });
    expect(row(NORDLICHT)(preview)).toMatchObject({ status: "create", invoiceNumber: "RE-2026-013" });
    const before = posts();
    const created = await mcp().call("create_invoice", ALL);
    expect(row(NORDLICHT)(created)).toMatchObject({ status: "created", invoiceNumber: "RE-2026-013" });
    const again = await mcp().call("create_invoice", ALL);
    expect(row(NORDLICHT)(again)).toMatchObject({ status: "exists" });
    expect(posts()).toBe(before + 1);
  });
});
