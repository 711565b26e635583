/**
 * create_invoice with `like`: the invoice that repeats. Data: a retainer customer, Grünwald Verlag
 * (90.00 EUR/h), billed 500.00 EUR net a month for maintenance: RE-2026-071 for October (dated 3
 * Nov, period 1–31 Oct, notes "Wartung Oktober 2026"). In November 2 h of time are logged for
 * Grünwald (180.00 EUR at the rate): less than the retainer, which is no mistake. Müller has one
 * hourly invoice. "Today" is Sunday 22 November 2026.
 */
import type { SandboxData } from "@invoicing-mcp/sandbox";
import { describe, expect, it } from "vitest";
import { listInvoices } from "../../src/api/invoices.js";
import { useMcp } from "../helpers/mcp.js";
import { startPeer } from "../helpers/peer.js";
import { useSandbox } from "../helpers/sandbox.js";
import { useStripPeerMcp } from "../helpers/strip-peer.js";
import { api, berlinDayEnd, berlinMidnight, countRequests, whole } from "./support.js";

const INVOICES = "/api/v1/invoices";
const at = (iso: string) => Date.parse(iso);
const GRUENWALD = "cus_g";
const MUELLER = "cus_m";

function likeData(): SandboxData {
  const customer = (_id: string, name: string, hourlyRateCents: number) => ({
    _id,
    name,
    email: "",
    address: "",
    hourlyRateCents,
    isActive: true,
    activityType: "gewerblich" as const,
    externalId: "",
  });
  const invoice = (
    _id: string,
    customerId: string,
    invoiceNumber: string,
    dated: string,
    netCents: number,
    period: [string, string],
    notes: string,
  ) => ({
    _id,
    invoiceNumber,
    customerId,
    invoiceDate: at(dated),
    status: "sent" as const,
    activityType: "gewerblich" as const,
    taxRate: 19,
    netCents,
    taxCents: Math.round(netCents * 0.19),
    grossCents: netCents + Math.round(netCents * 0.19),
    createdAt: at(dated),
    periodStart: at(period[0]),
    periodEnd: at(period[1]),
    notes,
  });
  return {
    demo: {
      customers: [
        customer(GRUENWALD, "Grünwald Verlag", 9000),
        customer(MUELLER, "Müller & Söhne GmbH", 9500),
      ],
      projects: [
        {
          _id: "prj_g",
          name: "Verlagsportal",
          customerId: GRUENWALD,
          color: "#336699",
          isActive: true,
          activityType: "gewerblich",
        },
      ],
      timeEntries: [
        {
          _id: "te_g1",
          projectId: "prj_g",
          customerId: GRUENWALD,
          startTime: at("2026-11-10T09:00:00+01:00"),
          endTime: at("2026-11-10T11:00:00+01:00"),
          description: "Updates eingespielt",
        },
      ],
      invoices: [
        invoice(
          "inv_g10",
          GRUENWALD,
          "RE-2026-071",
          "2026-11-03T00:00:00+01:00",
          50000,
          ["2026-10-01T00:00:00+02:00", "2026-10-31T00:00:00+01:00"],
          "Wartung Oktober 2026",
        ),
        invoice(
          "inv_m10",
          MUELLER,
          "RE-2026-072",
          "2026-11-04T00:00:00+01:00",
          123450,
          ["2026-10-01T00:00:00+02:00", "2026-10-31T00:00:00+01:00"],
          "Leistungen Oktober 2026: 12,99 Std. à 95,00 €",
        ),
      ],
      expenses: [],
    },
  };
}

const NOVEMBER = { like: "re-2026-071", period: "November 2026" };

describe("create_invoice with like", () => {
  const sandbox = useSandbox({ data: likeData() });
  const mcp = useMcp(sandbox);
  const posts = () => countRequests(sandbox(), "POST", INVOICES);
  /** The November draft, made once whichever test runs first (tests run in any order). */
  async function november() {
    const answer = await mcp().call("create_invoice", NOVEMBER);
    expect(["created", "already_exists"], answer.text).toContain(answer.data.outcome);
    return answer;
  }

  describe("on an account without the November draft", () => {
    const sandbox = useSandbox({ data: likeData() });
    const mcp = useMcp(sandbox);
    const posts = () => countRequests(sandbox(), "POST", INVOICES);
    const listed = async () => whole(await listInvoices(api(sandbox())));

    it("a dry run shows the same customer, net, rate, type and notes for the new period, and the next number; the create sends exactly that", async () => {
      const before = posts();
      const preview = await mcp().call("create_invoice", { ...NOVEMBER, dryRun: true });
      expect(preview.isError, preview.text).toBe(false);
      expect(posts()).toBe(before);
      expect(preview.data.outcome).toBe("dry_run");
      expect(preview.data.request.body).toEqual({
        customerId: GRUENWALD,
        invoiceNumber: "RE-2026-073",
        invoiceDate: berlinMidnight("2026-11-22"),
        periodStart: berlinMidnight("2026-11-01"),
        periodEnd: berlinDayEnd("2026-11-30"),
        netAmount: 500,
        taxRate: 19,
        taxAmount: 95,
        grossAmount: 595,
        activityType: "gewerblich",
        notes: "Wartung November 2026",
      });
      expect(preview.data.like).toMatchObject({
        id: "inv_g10",
        invoiceNumber: "RE-2026-071",
        notes: "rolled",
        rolled: [{ from: "Oktober 2026", to: "November 2026" }],
      });
      expect(preview.text).toContain("Dry run, nothing sent");
      expect(preview.text).toContain(
        "Made like RE-2026-071 (id inv_g10, dated 2026-11-03, service period 2026-10-01 to 2026-10-31): the same customer, net amount, VAT rate and activity type",
      );
      expect(preview.text).toContain('"Oktober 2026" → "November 2026"');

      const created = await mcp().call("create_invoice", NOVEMBER);
      expect(created.isError, created.text).toBe(false);
      expect(created.data.outcome).toBe("created");
      expect(posts()).toBe(before + 1);
      const stored = (await listed()).find((i) => i._id === created.data.invoice.id);
      expect(stored).toMatchObject({ ...preview.data.request.body, status: "draft" });
    });
  });

  it("the same call again creates nothing, nor does the customer's form of it", async () => {
    const created = await november();
    const before = posts();

    const again = await mcp().call("create_invoice", NOVEMBER);
    expect(again.data.outcome).toBe("already_exists");
    expect(again.data.invoice.id).toBe(created.data.invoice.id);
    expect(again.text).toContain("Made like RE-2026-071");
    // "like last time for Grünwald": the newest invoice before November is still RE-2026-071.
    const byName = await mcp().call("create_invoice", { like: "gruenwald", period: "November 2026" });
    expect(byName.data.outcome).toBe("already_exists");
    expect(byName.data.invoice.id).toBe(created.data.invoice.id);
    expect(posts()).toBe(before);
  });

  it("a customer's newest invoice before the period is the model", async () => {
    await november();
    const december = await mcp().call("create_invoice", {
      like: "Grünwald",
      period: "Dezember 2026",
      dryRun: true,
    });
    expect(december.isError, december.text).toBe(false);
    // The November draft made above is now the newest.
    expect(december.data.like).toMatchObject({ invoiceNumber: "RE-2026-073", byCustomer: true });
    expect(december.data.request.body.notes).toBe("Wartung Dezember 2026");
    // Chosen by the period it bills: the draft is dated 22 November, its service period is November.
    expect(december.text).toContain("Made like RE-2026-073 (id ");
    expect(december.text).toMatch(
      /, dated 2026-11-22, service period 2026-11-01 to 2026-11-30\), chosen as the invoice of Grünwald Verlag \(cus_g\) whose service period comes last before this one's, which starts 2026-12-01/,
    );
    expect(december.text).not.toMatch(/newest invoice .* before 2026-12-01/);
  });

  it("an amount billed once is not repeated on the customer's name alone: whether it recurs is asked", async () => {
    const before = posts();
    const byName = await mcp().call("create_invoice", {
      like: "mueller",
      period: "November 2026",
      dryRun: true,
    });
    expect(byName.isError).toBe(true);
    expect(byName.text).toMatch(
      /^Not created: RE-2026-072 \(id inv_m10, Müller & Söhne GmbH \(cus_m\), net 1234\.50 EUR\) \("Leistungen Oktober 2026: 12,99 Std\. à 95,00 €"\) is the only invoice of Müller & Söhne GmbH \(cus_m\) with that amount, so it may have been a one-off\. Ask the user whether it recurs; if it does, call again with like: "RE-2026-072"/,
    );
    // Named by its number, it was chosen: the preview is given.
    const byNumber = await mcp().call("create_invoice", {
      like: "RE-2026-072",
      period: "November 2026",
      dryRun: true,
    });
    expect(byNumber.isError, byNumber.text).toBe(false);
    expect(byNumber.data.outcome).toBe("dry_run");
    expect(posts()).toBe(before);
  });

  it("refuses a period an invoice of the customer already covers, naming it", async () => {
    const before = posts();
    const refused = await mcp().call("create_invoice", { like: "RE-2026-071", period: "Oktober 2026" });
    expect(refused.isError).toBe(false);
    expect(refused.data.outcome).toBe("refused");
    expect(refused.data.conflicts.map((c: { invoiceNumber: string }) => c.invoiceNumber)).toContain(
      "RE-2026-071",
    );
    expect(refused.data.refusal.override).toBe("allowOverlap");
    expect(refused.text).toMatch(/^Not created:/);
    expect(posts()).toBe(before);
  });

  it("the retainer's time_summary does not warn that it bills more than the period's time is worth", async () => {
    await november();
    const summary = await mcp().call("time_summary", { customer: "Grünwald", period: "November 2026" });
    expect(summary.isError).toBe(false);
    const row = summary.data.customers[0].inPeriod;
    expect(row.time.amount).toBe(180);
    expect(row.mayAlreadyBeBilledBy.map((i: { invoiceNumber: string }) => i.invoiceNumber)).toEqual([
      "RE-2026-073",
    ]);
    expect(row.billed.repeated).toEqual([{ invoiceNumber: "RE-2026-073", repeats: "RE-2026-071" }]);
    expect(summary.text).not.toMatch(/more than the period's time is worth/);
    expect(summary.text).toMatch(/Beside the time: RE-2026-073 \(the same amount as RE-2026-071\)/);
  });

  it("refuses what like cannot repeat, saying what to give instead", async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...NOVEMBER, netAmount: 600 }, /like repeats re-2026-071.s net amount/],
      [{ ...NOVEMBER, fromTime: true }, /like repeats a fixed amount/],
      [{ ...NOVEMBER, customers: "all" }, /either like or customers/],
      [
        { ...NOVEMBER, customer: "Müller" },
        /RE-2026-071 is an invoice of Grünwald Verlag \(cus_g\), not of Müller/,
      ],
      [
        { like: "RE-2026-999", period: "November 2026" },
        /No invoice has the number "RE-2026-999", and no customer is called that/,
      ],
      [{ like: "RE-2026-071", period: "Q1 2027" }, /"Oktober 2026".*cannot be moved on.*notes/],
      [{ like: "RE-2026-071" }, /period is required/],
    ];
    const before = posts();
    for (const [args, message] of cases) {
      const answer = await mcp().call("create_invoice", args);
      expect(answer.isError, JSON.stringify(args)).toBe(true);
      expect(answer.text, JSON.stringify(args)).toMatch(message);
    }
    expect(posts()).toBe(before);
  });

  describe("where the service's lists carry no notes", () => {
    const peer = useStripPeerMcp(sandbox);

    it("asks for the notes instead of sending an invoice without them, and takes them when given", async () => {
      const before = posts();
      const asked = await peer().call("create_invoice", { like: "RE-2026-072", period: "November 2026" });
      expect(asked.isError).toBe(true);
      expect(asked.text).toMatch(
        /does not show the notes of RE-2026-072.*Ask the user for the notes.*call again with notes/,
      );
      const given = await peer().call("create_invoice", {
        like: "RE-2026-072",
        period: "November 2026",
        notes: "Leistungen November 2026",
        dryRun: true,
      });
      expect(given.isError, given.text).toBe(false);
      expect(given.data.request.body).toMatchObject({
        customerId: MUELLER,
        netAmount: 1234.5,
        notes: "Leistungen November 2026",
      });
      expect(given.data.like).toMatchObject({ notes: "given" });
      expect(posts()).toBe(before);
    });
  });

  it("a service that lists notes but no service period: notes naming a month are asked for, others copied", async () => {
    const listed = (notes: string) => [
      {
        _id: "inv_p1",
        invoiceNumber: "RE-2026-050",
        customerId: GRUENWALD,
        invoiceDate: at("2026-10-03T00:00:00+02:00"),
        netAmount: 500,
        status: "sent",
        taxRate: 19,
        taxAmount: 95,
        grossAmount: 595,
        notes,
      },
    ];
    let notes = "Wartung Oktober 2026";
    const peer = await startPeer((path) => {
      if (path === "/api/v1/customers") return [{ _id: GRUENWALD, name: "Grünwald Verlag", hourlyRate: 90 }];
      if (path === "/api/v1/invoices") return listed(notes);
      return undefined;
    }, at("2026-11-22T10:15:00+01:00"));
    try {
      const asked = await peer.mcp.call("create_invoice", { like: "RE-2026-050", period: "November 2026" });
      expect(asked.isError).toBe(true);
      expect(asked.text).toMatch(
        /name "Oktober 2026", and the service's list does not show its service period.*call again with notes/,
      );
      notes = "Hosting und Wartung";
      const copied = await peer.mcp.call("create_invoice", {
        like: "RE-2026-050",
        period: "November 2026",
        dryRun: true,
      });
      expect(copied.isError, copied.text).toBe(false);
      expect(copied.data.request.body).toMatchObject({ netAmount: 500, notes: "Hosting und Wartung" });
      expect(copied.text).toContain("its notes as they were");
    } finally {
      await peer.close();
    }
  });
});

describe("like in the demo account: hours worth the same as a fee are no repeat of it", () => {
  // Sunday 29 November 2026. Dr. Öztürk (100.00 EUR/h): RE-2026-084 "Pauschale Konzeption
  // Ausstellungsseite", 1200.00 EUR net, dated 27 Nov, the only fee of that amount; RE-2026-055
  // "Leistungen Juli 2026: 12 Std. à 100,00 €" is also 1200.00 EUR, but billed twelve hours.
  const now = Date.parse("2026-11-29T10:15:00+01:00");
  const sandbox = useSandbox({ referenceDate: now, now: () => now });
  const mcp = useMcp(sandbox, { now });

  it("a one-off fee whose amount equals an hours invoice is not repeated without asking whether it recurs", async () => {
    const before = countRequests(sandbox(), "POST", INVOICES);
    const byName = await mcp().call("create_invoice", {
      like: "Öztürk",
      period: "Dezember 2026",
      dryRun: true,
    });
    expect(byName.text).toMatch(
      /^Not created: RE-2026-084 \(id \w+, Dr\. Öztürk Architektur \(\w+\), net 1200\.00 EUR\) \("Pauschale Konzeption Ausstellungsseite"\) is the only invoice of Dr\. Öztürk Architektur \(\w+\) with that amount, so it may have been a one-off\. Ask the user whether it recurs; if it does, call again with like: "RE-2026-084"/,
    );
    expect(byName.text).not.toContain("RE-2026-055");
    expect(countRequests(sandbox(), "POST", INVOICES)).toBe(before);
    // Beside October's hours it reads as a fixed fee, never as the same amount as an hours invoice.
    const summary = await mcp().call("time_summary", { customer: "Öztürk", period: "Oktober 2026" });
    const billed = summary.data.customers[0].inPeriod.billed;
    expect(billed).toMatchObject({
      status: "compared",
      hoursInvoices: ["RE-2026-076"],
      besideTime: ["RE-2026-084"],
    });
    expect(billed.repeated).toEqual([]);
    expect(summary.text).toContain("Beside the time: RE-2026-084 (a fixed fee).");
    expect(summary.text).not.toMatch(/same (fixed )?amount as RE-2026-055/);
  });
});
