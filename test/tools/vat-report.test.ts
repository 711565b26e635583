/**
 * vat_report through a real MCP client against the sandbox: every figure equals a computation
 * written here, independently, from the service's raw invoices (vat-data.ts), to the cent, for
 * Soll and Ist, in Berlin and in UTC, with and without payment dates in the inbox.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listInvoices } from "../../src/api/invoices.js";
import { wholeList } from "../../src/api/list.js";
import { type ToolAnswer, useMcp } from "../helpers/mcp.js";
import { clientFor, useSandbox } from "../helpers/sandbox.js";
import { CUSTOMER_NAMES, inboxLines, VAT_CASES, type VatCase, vatData } from "./vat-data.js";

const dir = mkdtempSync(join(tmpdir(), "invoicing-vat-"));
/** Every payment known; the inbox listened since New Year (RE-112 was paid before). */
const FULL = join(dir, "full.jsonl");
writeFileSync(FULL, inboxLines({ leaveOut: ["v12"], receivedAt: "2026-01-01T08:00:00.000Z" }));
/** RE-110's payment (5 Oct) never arrived. */
const GAP = join(dir, "gap.jsonl");
writeFileSync(GAP, inboxLines({ leaveOut: ["v12", "v10"], receivedAt: "2026-01-01T08:00:00.000Z" }));
/** The receiver started on 15 October: what was paid before, in October, it cannot know. */
const LATE = join(dir, "late.jsonl");
writeFileSync(LATE, inboxLines({ leaveOut: ["v12"], receivedAt: "2026-10-15T08:00:00.000Z" }));

/** The day of an instant in a zone, by Intl alone. */
const dayIn = (zone: string, iso: string) =>
  new Intl.DateTimeFormat("sv-SE", { timeZone: zone }).format(Date.parse(iso));

/** Half-up tax in cents, computed here without the server's code. */
const halfUpTax = (netCents: number, rate: number) =>
  Math.round((netCents * Math.round(rate * 100)) / 10_000);

interface Expected {
  rates: { rate: number; net: number; tax: number; numbers: string[] }[];
  totalTax: number;
  smallNet: number;
  smallNumbers: string[];
}

/** What the return holds, worked out from the raw cases: Soll by invoice date, Ist by payment. */
function expectedFor(zone: string, basis: "soll" | "ist", start: string, end: string): Expected {
  const within = (iso: string) => dayIn(zone, iso) >= start && dayIn(zone, iso) <= end;
  const counted = VAT_CASES.filter((c: VatCase) =>
    basis === "soll"
      ? c.status !== "draft" && within(c.date)
      : c.status === "paid" && c.paidAt !== undefined && within(c.paidAt),
  );
  const rates = new Map<number, Expected["rates"][number]>();
  for (const c of counted.filter((c) => c.rate > 0)) {
    const row = rates.get(c.rate) ?? { rate: c.rate, net: 0, tax: 0, numbers: [] };
    row.net += c.netCents;
    row.tax += c.taxCents;
    row.numbers.push(c.number);
    rates.set(c.rate, row);
  }
  const rows = [...rates.values()].sort((a, b) => b.rate - a.rate);
  const small = counted.filter((c) => c.rate === 0);
  return {
    rates: rows,
    totalTax: rows.reduce((sum, r) => sum + r.tax, 0),
    smallNet: small.reduce((sum, c) => sum + c.netCents, 0),
    smallNumbers: small.map((c) => c.number),
  };
}

const cents = (eur: number) => Math.round(eur * 100);

function expectFigures(answer: ToolAnswer, expected: Expected): void {
  expect(answer.isError, answer.text).toBe(false);
  expect(answer.data.complete).toBe(true);
  const { data } = answer;
  expect(
    data.rates.map(
      (r: {
        rate: number;
        taxableAmount: number;
        taxAmount: number;
        invoices: { invoiceNumber: string }[];
      }) => ({
        rate: r.rate,
        net: cents(r.taxableAmount),
        tax: cents(r.taxAmount),
        numbers: r.invoices.map((i) => i.invoiceNumber).sort(),
      }),
    ),
  ).toEqual(expected.rates.map((r) => ({ ...r, numbers: [...r.numbers].sort() })));
  expect(cents(data.totalTax)).toBe(expected.totalTax);
  expect(cents(data.smallBusiness.netAmount)).toBe(expected.smallNet);
  expect(data.smallBusiness.invoices.map((i: { invoiceNumber: string }) => i.invoiceNumber).sort()).toEqual(
    [...expected.smallNumbers].sort(),
  );
  // Each row is the sum of the invoices it names, as the answer lists them.
  for (const row of data.rates) {
    const sum = (pick: (i: { netAmount: number; taxAmount: number }) => number) =>
      row.invoices.reduce(
        (total: number, i: { netAmount: number; taxAmount: number }) => total + cents(pick(i)),
        0,
      );
    expect(sum((i) => i.netAmount)).toBe(cents(row.taxableAmount));
    expect(sum((i) => i.taxAmount)).toBe(cents(row.taxAmount));
  }
}

describe("vat_report", () => {
  const sandbox = useSandbox({ data: vatData() });

  describe("Soll, Berlin", () => {
    const mcp = useMcp(sandbox);

    it("October: issued invoices by their Berlin invoice date, per rate with its form field", async () => {
      const answer = await mcp().call("vat_report", { period: "Oktober 2026" });
      expectFigures(answer, expectedFor("Europe/Berlin", "soll", "2026-10-01", "2026-10-31"));
      // The same figures, worked out by hand: RE-101 (1 Oct 00:30 Berlin) is in, RE-104 (1 Nov
      // 00:30 Berlin) is not, RE-106 is a draft.
      const { data, text } = answer;
      expect(data.rates).toMatchObject([
        { rate: 19, field: "81", taxField: null, taxableAmount: 1433.32, taxAmount: 272.34 },
        { rate: 7, field: "86", taxField: null, taxableAmount: 200, taxAmount: 14 },
      ]);
      expect(data.totalTax).toBe(286.34);
      expect(data.basis).toEqual({ used: "soll", from: "default" });
      expect(data.apart.drafts.map((d: { invoiceNumber: string }) => d.invoiceNumber)).toEqual(["RE-106"]);
      expect(data.rates[0].invoices[0]).toMatchObject({ customerName: CUSTOMER_NAMES.cus_a });
      expect(data.due).toMatchObject({ date: "2026-11-10", filing: "month", permanentExtension: false });
      expect(text).toContain("19 %: taxable 1433.32 EUR, tax 272.34 EUR (field 81), 3 invoices");
      expect(text).toContain("7 %: taxable 200.00 EUR, tax 14.00 EUR (field 86), 1 invoice");
      expect(text).toContain("Output tax in total: 286.34 EUR.");
      expect(text).toMatch(/RE-101 \(id v1\) · Müller & Söhne GmbH \(cus_a\) · 2026-10-01/);
      expect(text).toMatch(/Soll is assumed/);
      expect(text).toMatch(/drafts dated in the period\): RE-106/);
      expect(text).toMatch(/At 0 % under § 19 UStG .*net 500\.00 EUR from RE-105/);
      expect(text).toMatch(/Input tax \(Vorsteuer, field 66\)/);
      // The tests' today is 22 November 2026.
      expect(text).toMatch(/Due 2026-11-10, a Tuesday, 12 days ago/);
    });

    it("field 81 takes whole euros: ELSTER's tax from that base beside the invoices' own, and which to enter", async () => {
      const { data, text } = await mcp().call("vat_report", { period: "Oktober 2026" });
      // 1433.32 EUR net: 1433 in the form, × 19 % = 272.27 EUR, 0.07 less than the invoices' 272.34.
      expect(data.rates[0]).toMatchObject({
        field: "81",
        formBase: 1433,
        formTax: 272.27,
        taxAmount: 272.34,
      });
      expect(text).toContain(
        "Field 81 takes whole euros: enter 1433. ELSTER computes the tax from it: 272.27 EUR, 0.07 EUR less than the invoices' own 272.34 EUR. Enter only the 1433; the return holds ELSTER's tax.",
      );
      // 200.00 EUR at 7 %: the same tax either way, so nothing to say.
      expect(data.rates[1]).toMatchObject({ field: "86", formBase: 200, formTax: 14 });
      expect(text).not.toMatch(/Field 86 takes/);
    });

    it("says once that the previous year's tax makes the month or the quarter the filing period", async () => {
      // 2025's only invoice, RE-112, states 133.00 EUR tax: at most 2,000 EUR.
      const month = await mcp().call("vat_report", { period: "Oktober 2026" });
      expect(month.data.due).toMatchObject({ previousYearOutputTax: 133, rule: "exemptPossible" });
      expect(month.text).toContain(
        "Your output tax of 2025, by invoice date, was 133.00 EUR: at most 9,000 EUR, so the quarter is the filing period, not the month",
      );
      expect(month.text).toMatch(
        /at most 2,000 EUR, so the tax office may free the user from advance returns/,
      );
      expect(month.text.match(/9,000 EUR/g)).toHaveLength(1);
      const quarter = await mcp().call("vat_report", { period: "Q4 2026" });
      expect(quarter.text).toMatch(
        /was 133\.00 EUR: at most 2,000 EUR .*may free the user from advance returns/,
      );
      // 2026's tax is not the year before 2026's own months.
      const year = await mcp().call("vat_report", { period: "2026" });
      expect(year.text).not.toMatch(/9,000|2,000 EUR/);
    });

    it("a due date on a nationwide public holiday moves to the next working day", async () => {
      const { data, text } = await mcp().call("vat_report", { period: "April 2029" });
      expect(data.due.date).toBe("2029-05-11");
      expect(text).toMatch(
        /Due 2029-05-11, a Friday \(moved from 2029-05-10 past 2029-05-10, Ascension Day \(Christi Himmelfahrt\): a public holiday everywhere in Germany; the next working day\)/,
      );
      expect(text).toMatch(
        /A holiday of your state alone \(such as Epiphany, Corpus Christi or Reformation Day\)/,
      );
    });

    it("names an invoice whose tax is not net × rate, half-up, and counts it as stated", async () => {
      const { data, text } = await mcp().call("vat_report", { period: "2026-10" });
      const wrong = VAT_CASES.filter(
        (c) => c.status !== "draft" && c.taxCents !== halfUpTax(c.netCents, c.rate),
      )
        .filter((c) => dayIn("Europe/Berlin", c.date).startsWith("2026-10"))
        .map((c) => ({
          invoiceNumber: c.number,
          taxAmount: c.taxCents / 100,
          expectedTax: halfUpTax(c.netCents, c.rate) / 100,
        }));
      expect(wrong).toEqual([{ invoiceNumber: "RE-108", taxAmount: 19.01, expectedTax: 19 }]);
      expect(data.checks.taxMismatches).toMatchObject(wrong);
      expect(text).toContain("RE-108 (id v8) states tax 19.01 EUR, but net 99.99 EUR × 19 % is 19.00 EUR");
    });

    it("reads periods the way every tool does: last month, a quarter, a German quarter, a year", async () => {
      const last = await mcp().call("vat_report", { period: "letzten Monat" });
      expect(last.data.period).toMatchObject({ start: "2026-10-01", end: "2026-10-31" });
      for (const [period, start, end] of [
        ["Q4 2026", "2026-10-01", "2026-12-31"],
        ["3. Quartal 2026", "2026-07-01", "2026-09-30"],
        ["2026", "2026-01-01", "2026-12-31"],
      ] as const) {
        const answer = await mcp().call("vat_report", { period });
        expect(answer.data.period, period).toMatchObject({ start, end });
        expectFigures(answer, expectedFor("Europe/Berlin", "soll", start, end));
      }
      const q4 = await mcp().call("vat_report", { period: "Q4 2026" });
      expect(q4.data.rates.find((r: { rate: number }) => r.rate === 5.5)).toMatchObject({
        field: "35",
        taxField: "36",
        taxableAmount: 120,
        taxAmount: 6.6,
      });
      expect(q4.text).toContain("(fields 35/36)");
      // 10 January 2027 is a Sunday.
      expect(q4.data.due.date).toBe("2027-01-11");
      const year = await mcp().call("vat_report", { period: "2026" });
      expect(year.data.due).toMatchObject({ date: null, filing: "year" });
      expect(year.text).toMatch(/annual return \(Umsatzsteuererklärung\)/);
    });

    it("a period whose invoices are all at 0 % needs no return, and the limits are checked", async () => {
      const { data, text } = await mcp().call("vat_report", { period: "Juli 2026" });
      expect(data.rates).toEqual([]);
      expect(data.totalTax).toBe(0);
      expect(data.smallBusiness).toMatchObject({ netAmount: 300, noReturn: true, limitsPassed: [] });
      expect(text).toMatch(/a Kleinunternehmer files no Umsatzsteuer-Voranmeldung/);
      expect(text).toMatch(/limits .* are not passed/);
      expect(text).not.toMatch(/Input tax/);
    });

    it("is a resource too, listed for recent months and quarters", async () => {
      const { client } = mcp();
      const read = await client.readResource({ uri: "invoicing://reports/vat/2026-10" });
      const json = JSON.parse((read.contents[0] as { text: string }).text);
      const tool = await mcp().call("vat_report", { period: "2026-10" });
      expect(json).toEqual(tool.data);
      const { resources } = await client.listResources();
      const vat = resources.filter((r) => r.uri.startsWith("invoicing://reports/vat/")).map((r) => r.uri);
      // Today is 22 November 2026: the last three months and the last two quarters.
      expect(vat).toEqual([
        "invoicing://reports/vat/2026-10",
        "invoicing://reports/vat/2026-09",
        "invoicing://reports/vat/2026-08",
        "invoicing://reports/vat/2026-Q3",
        "invoicing://reports/vat/2026-Q2",
      ]);
      const completed = await client.complete({
        ref: { type: "ref/resource", uri: "invoicing://reports/vat/{period}" },
        argument: { name: "period", value: "2026-q" },
      });
      expect(completed.completion.values).toEqual(["2026-Q3", "2026-Q2"]);
      const quarter = JSON.parse(
        (
          (await client.readResource({ uri: "invoicing://reports/vat/2026-Q4" })).contents[0] as {
            text: string;
          }
        ).text,
      );
      expect(quarter.period).toMatchObject({ start: "2026-10-01", end: "2026-12-31" });
      expect(tool.content).toContainEqual(
        expect.objectContaining({ type: "resource_link", uri: "invoicing://reports/vat/2026-10" }),
      );
    });
  });

  describe("Soll, UTC", () => {
    const mcp = useMcp(sandbox, { env: { INVOICING_TIMEZONE: "UTC" } });

    it("the same invoices fall into other months in another zone", async () => {
      const answer = await mcp().call("vat_report", { period: "October 2026" });
      const expected = expectedFor("UTC", "soll", "2026-10-01", "2026-10-31");
      expectFigures(answer, expected);
      // RE-101 is 30 September in UTC, RE-104 31 October.
      const numbers = answer.data.rates.flatMap((r: { invoices: { invoiceNumber: string }[] }) =>
        r.invoices.map((i) => i.invoiceNumber),
      );
      expect(numbers).toContain("RE-104");
      expect(numbers).not.toContain("RE-101");
    });
  });

  describe("Ist, Berlin, every payment date in the inbox", () => {
    const mcp = useMcp(sandbox, {
      env: { INVOICING_INBOX: FULL, INVOICING_VAT_PERMANENT_EXTENSION: "true" },
    });

    it("counts paid invoices by the Berlin day the money arrived", async () => {
      const answer = await mcp().call("vat_report", { period: "October 2026", basis: "ist" });
      expectFigures(answer, expectedFor("Europe/Berlin", "ist", "2026-10-01", "2026-10-31"));
      // By hand: RE-107 (paid 1 Oct 00:10 Berlin) and RE-110 (5 Oct) at 19 %; RE-103 was paid on
      // 1 November in Berlin; RE-112, paid in December 2025 before the inbox listened, is no gap.
      expect(answer.data.rates).toMatchObject([{ rate: 19, taxableAmount: 650, taxAmount: 123.5 }]);
      expect(answer.data.basis).toEqual({ used: "ist", from: "argument" });
      expect(answer.data.checks.unsure).toEqual([]);
      expect(answer.data.due).toMatchObject({
        date: "2026-12-10",
        filing: "month",
        permanentExtension: true,
      });
      expect(answer.text).toMatch(/Due 2026-12-10, a Thursday, in 18 days: .*with the permanent extension/);
    });

    it("a quarter and a year by payment", async () => {
      for (const [period, start, end] of [
        ["Q4 2026", "2026-10-01", "2026-12-31"],
        ["2026", "2026-01-01", "2026-12-31"],
      ] as const) {
        expectFigures(
          await mcp().call("vat_report", { period, basis: "ist" }),
          expectedFor("Europe/Berlin", "ist", start, end),
        );
      }
    });
  });

  describe("Ist, UTC", () => {
    const mcp = useMcp(sandbox, {
      env: { INVOICING_INBOX: FULL, INVOICING_TIMEZONE: "UTC", INVOICING_VAT_BASIS: "ist" },
    });

    it("RE-107 was paid in September and RE-103 in October, in UTC", async () => {
      const answer = await mcp().call("vat_report", { period: "October 2026" });
      expect(answer.data.basis).toEqual({ used: "ist", from: "configuration" });
      expectFigures(answer, expectedFor("UTC", "ist", "2026-10-01", "2026-10-31"));
      expect(answer.data.rates.map((r: { rate: number }) => r.rate)).toEqual([19, 7]);
    });
  });

  describe("Ist without a payment date", () => {
    const gap = useMcp(sandbox, { env: { INVOICING_INBOX: GAP, INVOICING_VAT_BASIS: "ist" } });
    const late = useMcp(sandbox, { env: { INVOICING_INBOX: LATE } });
    const none = useMcp(sandbox);

    it("names the paid invoice whose payment the inbox lacks, and labels the figures as leaving it out", async () => {
      const { data, text } = await gap().call("vat_report", { period: "October 2026" });
      // What the inbox knows: RE-107 alone (RE-110's payment never arrived).
      expect(data.complete).toBe(false);
      expect(data.rates).toMatchObject([{ rate: 19, taxableAmount: 400, taxAmount: 76 }]);
      expect(data.totalTax).toBe(76);
      expect(data.checks.unsure).toEqual([
        expect.objectContaining({
          invoiceNumber: "RE-110",
          reason: "paid, but the inbox holds no payment date for it",
        }),
      ]);
      expect(data.checks).toMatchObject({ unsureCount: 1, unsureNetAmount: 250, unsureGrossAmount: 297.5 });
      expect(text).toMatch(/Figures of what is known only: 1 invoice \(net 250\.00 EUR, gross 297\.50 EUR\)/);
      expect(text).toMatch(/RE-110 \(id v10, Müller & Söhne GmbH \(cus_a\)\)/);
      expect(text).toMatch(/Output tax of what is known: 76\.00 EUR/);
      // A period the gap cannot touch still has its figures: RE-110 is dated in August.
      expectFigures(
        await gap().call("vat_report", { period: "July 2026" }),
        expectedFor("Europe/Berlin", "ist", "2026-07-01", "2026-07-31"),
      );
    });

    it("an inbox that started listening inside the period cannot vouch for what was paid before", async () => {
      const { data } = await late().call("vat_report", { period: "October 2026", basis: "ist" });
      expect(data.complete).toBe(false);
      expect(data.checks.unsure.map((u: { invoiceNumber: string }) => u.invoiceNumber)).toEqual(["RE-112"]);
    });

    it("without an inbox, says where payment dates come from and offers Soll", async () => {
      const { data, text } = await none().call("vat_report", { period: "October 2026", basis: "ist" });
      expect(data.complete).toBe(false);
      expect(data.rates).toEqual([]);
      // Every paid invoice dated up to the period's end may have been paid in it.
      const paidByThen = VAT_CASES.filter(
        (c) => c.status === "paid" && dayIn("Europe/Berlin", c.date) <= "2026-10-31",
      );
      expect(data.checks.unsure.map((u: { invoiceNumber: string }) => u.invoiceNumber).sort()).toEqual(
        paidByThen.map((c) => c.number).sort(),
      );
      expect(text).toMatch(/invoicing-mcp webhooks serve/);
      expect(text).toMatch(/INVOICING_INBOX/);
    });
  });
});

describe("vat_report on the demo year: a quarter where last year's tax calls for months", () => {
  const sandbox = useSandbox();
  const mcp = useMcp(sandbox);

  it("asks whether returns are monthly when last year's output tax passed 9,000 EUR", async () => {
    const all = wholeList(await listInvoices(clientFor(sandbox())), "invoices", "test");
    const tax2025 = all
      .filter(
        (i) =>
          (i.status === "sent" || i.status === "paid") &&
          dayIn("Europe/Berlin", new Date(i.invoiceDate).toISOString()).startsWith("2025"),
      )
      .reduce((sum, i) => sum + cents(i.taxAmount ?? 0), 0);
    expect(tax2025).toBeGreaterThan(900_000);
    const { data, text } = await mcp().call("vat_report", { period: "Q3 2026" });
    expect(cents(data.due.previousYearOutputTax)).toBe(tax2025);
    expect(data.due.rule).toBe("monthly");
    expect(text).toContain(
      `Your output tax of 2025, by invoice date, was ${(tax2025 / 100).toFixed(2)} EUR. If 2025's tax after input tax was more than 9,000 EUR, returns are due monthly, not quarterly`,
    );
  });
});
