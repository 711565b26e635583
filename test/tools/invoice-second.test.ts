/**
 * A deliberate second invoice of the same amount and period, and how a replay is told from it: by
 * what the request and the stored invoice both show, on a service whose invoice lists carry no
 * notes or periods too; the answer never states values the list did not return.
 */
import { describe, expect, it } from "vitest";
import { useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";
import { useStripPeerMcp } from "../helpers/strip-peer.js";
import { billingData } from "./billing-data.js";
import { countRequests } from "./support.js";

const INVOICES = "/api/v1/invoices";
const FIRST = { customer: "Atelier", netAmount: 300, period: "Mai 2026" };
const SECOND = { ...FIRST, notes: "zweiter Versuch" };

describe("a second invoice, on a peer whose invoice lists carry no periods or notes", () => {
  const sandbox = useSandbox({ data: billingData() });
  const mcp = useStripPeerMcp(sandbox);

  it("is made with allowOverlap, and a repeat of that call is its replay", async () => {
    const posts = () => countRequests(sandbox(), "POST", INVOICES);
    const first = await mcp().call("create_invoice", FIRST);
    expect(first.data.outcome).toBe("created");

    // Without allowOverlap, the stored one matches in all the list shows: taken as this request.
    const before = posts();
    const same = await mcp().call("create_invoice", SECOND);
    expect(same.data.outcome).toBe("already_exists");
    expect(same.data.invoice).toMatchObject({ id: first.data.invoice.id, notes: null, periodStart: null });
    expect(same.data.notCompared).toEqual(expect.arrayContaining(["periodStart", "periodEnd", "notes"]));
    expect(same.text).not.toContain("zweiter Versuch");
    expect(same.text).toContain("the list does not show its");
    expect(same.text).toContain("allowOverlap: true");
    expect(posts()).toBe(before);

    const second = await mcp().call("create_invoice", { ...SECOND, allowOverlap: true });
    expect(second.data.outcome).toBe("created");
    expect(second.data.invoice.id).not.toBe(first.data.invoice.id);
    expect(second.data.invoice.invoiceNumber).not.toBe(first.data.invoice.invoiceNumber);
    expect(posts()).toBe(before + 1);

    const repeat = await mcp().call("create_invoice", { ...SECOND, allowOverlap: true });
    expect(repeat.data.outcome).toBe("already_exists");
    expect(repeat.data.invoice.id).toBe(second.data.invoice.id);
    expect(posts()).toBe(before + 1);
  });
});

describe("a second invoice, where the list shows notes and periods", () => {
  const sandbox = useSandbox({ data: billingData() });
  const mcp = useMcp(sandbox);

  it("other notes with allowOverlap make one; the very same request stays a replay", async () => {
    const posts = () => countRequests(sandbox(), "POST", INVOICES);
    const first = await mcp().call("create_invoice", FIRST);
    const before = posts();
    const identical = await mcp().call("create_invoice", { ...FIRST, allowOverlap: true });
    expect(identical.data.outcome).toBe("already_exists");
    expect(identical.data.invoice.id).toBe(first.data.invoice.id);
    expect(identical.data.notCompared).toEqual([]);
    const refused = await mcp().call("create_invoice", SECOND);
    expect(refused.data.outcome).toBe("refused");
    const second = await mcp().call("create_invoice", { ...SECOND, allowOverlap: true });
    expect(second.data.outcome).toBe("created");
    expect(second.data.invoice.notes).toBe("zweiter Versuch");
    expect(posts()).toBe(before + 1);
  });
});
