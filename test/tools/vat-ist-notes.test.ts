/**
 * VAT by payments (Ist) for Q3 on the demo year, with the sandbox's own webhook events in the inbox:
 * a receiver started late knows only the payments made since, so most paid invoices cannot be
 * placed. The answer gives the figures of the payments known, labelled so, with what it leaves out
 * counted and summed; the person's word (a payment day, or "everything dated before X was paid
 * before the period" once confirmed) settles the rest and is remembered by the next server.
 */
import { copyFileSync, existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { listInvoices } from "../../src/api/invoices.js";
import { wholeList } from "../../src/api/list.js";
import { InboxWriter } from "../../src/webhooks/inbox-writer.js";
import { startReceiver } from "../../src/webhooks/receiver.js";
import { connect } from "../helpers/mcp.js";
import { clientFor, REFERENCE_DATE, useSandbox } from "../helpers/sandbox.js";

const berlin = (iso: string) => Date.parse(iso);
const dayIn = (ms: number) => new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin" }).format(ms);
const cents = (eur: number) => Math.round(eur * 100);
const Q3 = { start: "2026-07-01", end: "2026-09-30" };

const SECRET = "whsec_test_ist";

describe("vat_report by payments with the sandbox's Q3 events in the inbox", () => {
  /** The inbox as the receiver left it; each test reads a copy in a folder of its own. */
  let received = "";
  const sandbox = useSandbox();
  const freshInbox = () => {
    const path = join(mkdtempSync(join(tmpdir(), "invoicing-ist-")), "inbox.jsonl");
    copyFileSync(received, path);
    return path;
  };
  /** The two invoices written, sent and paid in Q3 while the receiver listened. */
  const paidInQ3: { id: string; number: string; paidAt: number }[] = [];

  async function api(method: string, path: string, body?: unknown) {
    const res = await fetch(`${sandbox().url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${sandbox().keys.demo}`, "Content-Type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(res.status, path).toBeLessThan(300);
    return ((await res.json()) as { data: { id: string } }).data;
  }

  /** Paid invoices of the service that could have been paid in Q3: dated up to its end. */
  async function paidUpToQ3End() {
    const all = wholeList(await listInvoices(clientFor(sandbox())), "invoices", "test");
    return all.filter((i) => i.status === "paid" && dayIn(i.invoiceDate) <= Q3.end);
  }

  // The receiver starts on the tests' today, 22 November: it knows only what is paid from then on.
  beforeAll(async () => {
    received = join(mkdtempSync(join(tmpdir(), "invoicing-ist-")), "inbox.jsonl");
    const inbox = await InboxWriter.open(received);
    const rx = await startReceiver({
      secrets: [SECRET],
      port: 0,
      inbox,
      log: () => {},
      now: () => REFERENCE_DATE,
    });
    sandbox().webhooks.addEndpoint({ url: rx.url, secret: SECRET });
    const customers = await fetch(`${sandbox().url}/api/v1/customers`, {
      headers: { Authorization: `Bearer ${sandbox().keys.demo}` },
    }).then((r) => r.json() as Promise<{ data: { _id: string }[] }>);
    const customerId = customers.data[0]!._id;
    for (const [n, dated, paid] of [
      [1, "2026-07-10T10:00:00+02:00", "2026-07-24T11:00:00+02:00"],
      [2, "2026-08-20T10:00:00+02:00", "2026-09-15T11:00:00+02:00"],
    ] as const) {
      const { id } = await api("POST", "/api/v1/invoices", {
        customerId,
        invoiceNumber: `RE-IST-${n}`,
        invoiceDate: berlin(dated),
        periodStart: berlin(dated),
        periodEnd: berlin(dated),
        netAmount: 1000 * n,
        taxRate: 19,
      });
      await api("POST", `/_sandbox/invoices/${id}/send`);
      await api("POST", `/_sandbox/invoices/${id}/pay`, { paidAt: berlin(paid) });
      paidInQ3.push({ id, number: `RE-IST-${n}`, paidAt: berlin(paid) });
    }
    await sandbox().webhooks.idle();
    await rx.close();
    await inbox.close();
  });

  it("gives the known payments' figures, labelled, and the rest as a count and a sum", async () => {
    const mcp = await connect(sandbox(), { env: { INVOICING_INBOX: freshInbox() } });
    try {
      const { isError, text, data } = await mcp.call("vat_report", { period: "Q3 2026", basis: "ist" });
      expect(isError, text).toBe(false);
      expect(text.length).toBeLessThan(25_000);
      expect(JSON.stringify(data).length).toBeLessThan(25_000);
      // The two payments the inbox saw are counted at 19 %, 3000.00 net and 570.00 tax.
      expect(data.complete).toBe(false);
      expect(data.rates).toMatchObject([{ rate: 19, field: "81", taxableAmount: 3000, taxAmount: 570 }]);
      expect(data.totalTax).toBe(570);
      // Every other paid invoice dated up to 30 September may have been paid in Q3.
      const unplaced = (await paidUpToQ3End()).filter((i) => !paidInQ3.some((p) => p.id === i._id));
      expect(unplaced.length).toBeGreaterThan(50);
      expect(data.checks.unsureCount).toBe(unplaced.length);
      expect(cents(data.checks.unsureNetAmount)).toBe(
        unplaced.reduce((sum, i) => sum + cents(i.netAmount), 0),
      );
      expect(cents(data.checks.unsureGrossAmount)).toBe(
        unplaced.reduce((sum, i) => sum + cents(i.grossAmount ?? 0), 0),
      );
      const net = unplaced.reduce((sum, i) => sum + cents(i.netAmount), 0) / 100;
      expect(text).toContain(
        `Figures of what is known only: ${unplaced.length} invoices (net ${net.toFixed(2)} EUR`,
      );
      expect(text).toMatch(/Output tax of what is known: 570\.00 EUR/);
      // At most a few named; how to settle them is said, with the person's word and no guess.
      const unplacedLine = text.split("\n").find((line) => line.startsWith("Figures of what is known"))!;
      expect(unplacedLine.match(/\(id /g)?.length).toBeLessThanOrEqual(5);
      expect(text).toMatch(/ask them on which day each was paid \(note_payments/);
      expect(text).toContain('note_payments with datedBefore: "2026-07-01"');
      expect(text).not.toMatch(/No figures/);
    } finally {
      await mcp.close();
    }
  });

  describe("the person's word", () => {
    it("notes nothing about invoices dated before a day until the person confirms it", async () => {
      const inboxPath = freshInbox();
      const conn = await connect(sandbox(), { env: { INVOICING_INBOX: inboxPath } });
      try {
        const ask = await conn.call("note_payments", { datedBefore: "2026-07-01" });
        expect(ask.isError, ask.text).toBe(false);
        expect(ask.data.outcome).toBe("needs_confirmation");
        expect(ask.text).toMatch(/ask the user whether this is true/);
        expect(ask.text).toMatch(/confirmed: true/);
        const still = await conn.call("vat_report", { period: "Q3 2026", basis: "ist" });
        expect(still.data.checks.unsureCount).toBe((await paidUpToQ3End()).length - 2);
      } finally {
        await conn.close();
      }
      // A client with forms asks the person; a "no" notes nothing.
      const declining = await connect(sandbox(), {
        env: { INVOICING_INBOX: inboxPath },
        elicit: () => ({ action: "accept", content: { confirm: false } }),
      });
      try {
        const no = await declining.call("note_payments", { datedBefore: "2026-07-01" });
        expect(no.data.outcome).toBe("declined");
      } finally {
        await declining.close();
      }
      expect(existsSync(join(inboxPath, "..", "inbox.payment-notes.json"))).toBe(false);
    });

    it("once confirmed, and with a payment day given, the figures settle; a new server remembers", async () => {
      const inboxPath = freshInbox();
      const first = await connect(sandbox(), {
        env: { INVOICING_INBOX: inboxPath },
        elicit: () => ({ action: "accept", content: { confirm: true } }),
      });
      const datedInQ3 = (await paidUpToQ3End()).filter(
        (i) => dayIn(i.invoiceDate) >= Q3.start && !paidInQ3.some((p) => p.id === i._id),
      );
      expect(datedInQ3.length).toBeGreaterThan(2);
      const [inQ3, afterQ3] = datedInQ3 as [(typeof datedInQ3)[number], (typeof datedInQ3)[number]];
      try {
        const noted = await first.call("note_payments", { datedBefore: "2026-07-01" });
        expect(noted.data.outcome, noted.text).toBe("noted");
        const given = await first.call("note_payments", {
          payments: [
            { invoice: inQ3.invoiceNumber, paidOn: "2026-09-30" },
            { invoice: afterQ3._id, paidOn: "2026-10-02" },
          ],
        });
        expect(given.data.outcome, given.text).toBe("noted");
        // A day before the invoice was written is not taken.
        const early = await first.call("note_payments", {
          payments: [{ invoice: inQ3.invoiceNumber, paidOn: "2026-01-02" }],
        });
        expect(early.isError).toBe(true);
        expect(early.text).toMatch(
          /Nothing was noted: .* is dated 2026-0[789]-\d\d, so it was paid between then and today/,
        );
      } finally {
        await first.close();
      }
      expect(existsSync(join(inboxPath, "..", "inbox.payment-notes.json"))).toBe(true);

      const later = await connect(sandbox(), { env: { INVOICING_INBOX: inboxPath } });
      try {
        const { data, text } = await later.call("vat_report", { period: "Q3 2026", basis: "ist" });
        // Left: the paid invoices dated in Q3 whose day nobody gave.
        expect(data.checks.unsureCount).toBe(datedInQ3.length - 2);
        const counted = data.rates.flatMap(
          (r: { invoices: { id: string; paidOnByWord?: boolean }[] }) => r.invoices,
        );
        expect(counted.find((i: { id: string }) => i.id === inQ3._id)).toMatchObject({ paidOnByWord: true });
        expect(counted.some((i: { id: string }) => i.id === afterQ3._id)).toBe(false);
        expect(text).toMatch(
          new RegExp(
            `${inQ3.invoiceNumber} \\(id ${inQ3._id}\\) · .* · 2026-09-30 \\(paid, by the user's word\\)`,
          ),
        );
        const q4 = await later.call("vat_report", { period: "Q4 2026", basis: "ist" });
        const q4Ids = q4.data.rates.flatMap((r: { invoices: { id: string }[] }) =>
          r.invoices.map((i) => i.id),
        );
        expect(q4Ids).toContain(afterQ3._id);
      } finally {
        await later.close();
      }
    });
  });
});
