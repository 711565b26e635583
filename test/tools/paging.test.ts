/**
 * Paging, filters and sums of list_invoices and list_time_entries, checked against the sandbox's
 * data read directly with the API client; no answer's text exceeds 25,000 characters.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { listInvoices } from "../../src/api/invoices.js";
import type { Invoice, TimeEntry } from "../../src/api/schemas.js";
import { listTimeEntries } from "../../src/api/time-entries.js";
import { useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";
import { entriesOf } from "../helpers/time-entries.js";
import { api, berlinDay, demoDirectory, whole } from "./support.js";

const cents = (amount: number) => Math.round(amount * 100);
/** A page size that needs many pages, so paging is really exercised. */
const PAGE = 17;

describe("paging and sums", () => {
  const sandbox = useSandbox();
  const mcp = useMcp(sandbox);
  let invoices: Invoice[];
  let entries: TimeEntry[];
  let muellerId: string;
  beforeAll(async () => {
    invoices = whole(await listInvoices(api(sandbox())));
    entries = whole(await listTimeEntries(api(sandbox())));
    muellerId = (await demoDirectory(sandbox())).customer("Müller & Söhne GmbH")._id;
  });

  const newestFirst = (a: Invoice, b: Invoice) =>
    b.invoiceDate - a.invoiceDate || b.invoiceNumber.localeCompare(a.invoiceNumber);

  it.each<[string, Record<string, unknown>, (i: Invoice) => boolean]>([
    ["no filter", {}, () => true],
    ["status sent", { status: "sent" }, (i) => i.status === "sent"],
    ["status paid", { status: "paid" }, (i) => i.status === "paid"],
    ["customer", { customer: "mueller" }, (i) => i.customerId === muellerId],
    [
      "from/to days",
      { from: "2026-03-01", to: "2026-06-30" },
      (i) => berlinDay(i.invoiceDate) >= "2026-03-01" && berlinDay(i.invoiceDate) <= "2026-06-30",
    ],
    [
      "from/to periods",
      { from: "Q2 2026", to: "Q2 2026" },
      (i) =>
        berlinDay(i.invoiceDate).slice(0, 7) >= "2026-04" &&
        berlinDay(i.invoiceDate).slice(0, 7) <= "2026-06",
    ],
    [
      "all filters",
      { status: "paid", customer: "Müller", from: "2026-01-01", to: "2026-08-31" },
      (i) =>
        i.status === "paid" &&
        i.customerId === muellerId &&
        berlinDay(i.invoiceDate) >= "2026-01-01" &&
        berlinDay(i.invoiceDate) <= "2026-08-31",
    ],
  ])(
    "list_invoices (%s): pages cover the filtered set; sums are over all of it",
    async (_label, filters, keep) => {
      const expected = invoices.filter(keep).sort(newestFirst);
      expect(expected.length).toBeGreaterThan(0);
      const netSum = expected.reduce((s, i) => s + cents(i.netAmount), 0);
      const grossSum = expected.reduce((s, i) => s + cents(i.grossAmount ?? 0), 0);

      const seen: string[] = [];
      let offset: number | null = 0;
      for (let page = 0; offset !== null && page < 100; page++) {
        const { isError, data, text } = await mcp().call("list_invoices", {
          ...filters,
          limit: PAGE,
          offset,
        });
        expect(isError).toBe(false);
        expect(data).toMatchObject({ total: expected.length, offset, limit: PAGE });
        expect(data.invoices.length).toBe(Math.min(PAGE, expected.length - offset));
        expect(data.nextOffset).toBe(offset + PAGE < expected.length ? offset + PAGE : null);
        expect(cents(data.sums.netAmount)).toBe(netSum);
        expect(cents(data.sums.grossAmount)).toBe(grossSum);
        expect(data.sums.currency).toBe("EUR");
        expect(text).toContain(
          `net ${(netSum / 100).toFixed(2)} EUR, gross ${(grossSum / 100).toFixed(2)} EUR`,
        );
        if (data.nextOffset !== null) expect(text).toContain(`next page: offset ${data.nextOffset}`);
        seen.push(...data.invoices.map((i: { id: string }) => i.id));
        offset = data.nextOffset;
      }
      expect(seen).toEqual(expected.map((i) => i._id));
    },
  );

  it("list_invoices rows carry the customer's name and amounts in EUR", async () => {
    const { data, text } = await mcp().call("list_invoices", { customer: "mueller", limit: 5 });
    expect(text).toContain(`Customer ids: Müller & Söhne GmbH (${muellerId}).`);
    for (const row of data.invoices) {
      const source = invoices.find((i) => i._id === row.id)!;
      expect(row).toEqual({ id: source._id, invoiceNumber: source.invoiceNumber, customerId: muellerId });
      expect(text).toContain(
        `- ${source.invoiceNumber} · ${berlinDay(source.invoiceDate)} · ${source.status} · Müller & Söhne GmbH · net ${source.netAmount.toFixed(2)} EUR`,
      );
    }
  });

  it("an offset past the end gives an empty page that still reports total and sums", async () => {
    const { data, text } = await mcp().call("list_invoices", { status: "sent", offset: 500 });
    const sent = invoices.filter((i) => i.status === "sent");
    expect(data).toMatchObject({ invoices: [], total: sent.length, offset: 500, nextOffset: null });
    expect(cents(data.sums.netAmount)).toBe(sent.reduce((s, i) => s + cents(i.netAmount), 0));
    expect(text).toContain(`none of ${sent.length}`);
  });

  it.each([{ limit: 0 }, { limit: 101 }, { offset: -1 }, { limit: 2.5 }])(
    "list_invoices refuses %j",
    async (args) => {
      const { isError, text } = await mcp().call("list_invoices", args);
      expect(isError).toBe(true);
      expect(text).toMatch(/limit|offset/);
    },
  );

  const minutes = (e: TimeEntry) => (e.endTime == null ? 0 : Math.round((e.endTime - e.startTime) / 60_000));

  it.each([
    ["2026-11-01", "2026-11-15", "2026-11-01", "2026-11-15"],
    ["last month", "last month", "2026-10-01", "2026-10-31"],
    ["2026-03-30", "2026-03-30", "2026-03-30", "2026-03-30"], // the Monday after the DST switch
  ])(
    "list_time_entries from %j to %j: rows and totalMinutes over the whole range",
    async (from, to, first, last) => {
      const expected = entries
        .filter((e) => berlinDay(e.startTime) >= first && berlinDay(e.startTime) <= last)
        .sort((a, b) => b.startTime - a.startTime);
      const total = expected.reduce((s, e) => s + minutes(e), 0);
      const { isError, data, text } = await mcp().call("list_time_entries", { from, to, limit: 3 });
      expect(isError).toBe(false);
      expect(data.total).toBe(expected.length);
      expect(data.totalMinutes).toBe(total);
      expect(entriesOf(data).map((e: { id: string }) => e.id)).toEqual(
        expected.slice(0, 3).map((e) => e._id),
      );
      expect(data.nextOffset).toBe(expected.length > 3 ? 3 : null);
      if (total > 0) expect(text).toContain(`All together: ${Math.floor(total / 60)}h`);
    },
  );

  it("list_time_entries without filters counts every completed entry; a running timer shows as running", async () => {
    const { data } = await mcp().call("list_time_entries", { limit: 1 });
    expect(data.total).toBe(entries.length);
    expect(data.totalMinutes).toBe(entries.reduce((s, e) => s + minutes(e), 0));
    const running = entries.filter((e) => e.endTime == null || e.isRunning);
    expect(running.length).toBeGreaterThan(0);
    expect(entriesOf(data)[0]).toMatchObject({
      id: running[0]!._id,
      end: null,
      durationMinutes: null,
    });
  });

  it.each([
    ["list_invoices", { limit: 100 }],
    ["list_time_entries", { limit: 100 }],
    ["list_time_entries", { limit: 100, offset: 100 }],
    ["outstanding_by_customer", {}],
    ["time_summary", {}],
    ["list_projects", { limit: 100 }],
  ])("%s %j answers in at most 25,000 characters, every row shown", async (tool, args) => {
    const { isError, text, data } = await mcp().call(tool, args);
    expect(isError).toBe(false);
    expect(text.length).toBeLessThanOrEqual(25_000);
    expect(text).not.toContain("cut at 25000 characters");
    if (tool === "list_time_entries") {
      // One line per entry; the days, the time zone and the projects are said around them.
      const lines = text.split("\n").filter((line: string) => line.startsWith("- "));
      expect(lines).toHaveLength(entriesOf(data).length);
      return;
    }
    const rows = data.invoices ?? data.projects;
    // list_invoices also states the usual VAT once and the customers' ids once.
    const extra = data.invoices ? 3 : 1;
    if (rows) expect(text.split("\n")).toHaveLength(rows.length + extra);
  });
});
