/**
 * Notes the caller writes reach the service without control or format characters (NUL, ESC, bidi
 * overrides, zero-width marks): on a printed invoice they hide or reorder what its reader sees.
 * Lines stay lines. Every create_invoice path: an amount, and `like` (the preview's
 * button calls create_invoice's own handler).
 */
import { describe, expect, it } from "vitest";
import { useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";

const HOSTILE = "Beratung\u202E Mai\u0000\u001b[2J\r\nZweite\u200B Zeile\u2066\u2028Dritte\tZeile";
const CLEANED = "Beratung Mai[2J\nZweite Zeile\nDritte Zeile";

describe("notes the caller writes", () => {
  const sandbox = useSandbox();
  const mcp = useMcp(sandbox);

  /** The notes as the service stored them, read raw (our client would clean them on the way in). */
  const storedNotes = async (id: string) => {
    const response = await fetch(`${sandbox().url}/api/v1/invoices`, {
      headers: { authorization: `Bearer ${sandbox().keys.demo}` },
    });
    const { data } = (await response.json()) as { data: { _id: string; notes?: string }[] };
    return data.find((invoice) => invoice._id === id)?.notes;
  };

  it("create_invoice with an amount sends them cleaned, lines kept", async () => {
    const created = await mcp().call("create_invoice", {
      customer: "Kanzlei Weiß",
      netAmount: 512,
      period: "2024-05",
      notes: HOSTILE,
    });
    expect(created.isError, created.text).toBe(false);
    const notes = await storedNotes(created.data.invoice.id);
    expect(notes).toBe(CLEANED);
    // The same call again is the same invoice: a replay, not a second one.
    const again = await mcp().call("create_invoice", {
      customer: "Kanzlei Weiß",
      netAmount: 512,
      period: "2024-05",
      notes: HOSTILE,
    });
    expect(again.data.outcome).toBe("already_exists");
  });

  it("create_invoice with like sends the given notes cleaned", async () => {
    const first = await mcp().call("create_invoice", {
      customer: "Kanzlei Weiß",
      netAmount: 613,
      period: "2023-05",
      notes: "Pauschale Mai",
    });
    expect(first.isError, first.text).toBe(false);
    const like = await mcp().call("create_invoice", {
      like: first.data.invoice.invoiceNumber,
      period: "2023-06",
      notes: HOSTILE,
    });
    expect(like.isError, like.text).toBe(false);
    expect(await storedNotes(like.data.invoice.id)).toBe(CLEANED);
  });
});
