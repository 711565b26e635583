/**
 * Each view in headless Chromium, inside a host page built from ext-apps' AppBridge, showing real
 * tool results from the sandbox through a real MCP client and server. The figures on screen are
 * checked against the API's, the preview's button creates one draft however often it is clicked,
 * nothing is fetched from the network, and the created draft is photographed (into docs/views/ with
 * UPDATE_VIEW_SCREENSHOTS=1, else a temp dir; views-legibility.test.ts photographs the rest).
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEurReport, getOutstandingByCustomer } from "../../src/api/reports.js";
import { VIEWS_URI } from "../../src/mcp/apps/ui.js";
import { APPS_CAPABILITIES, changeLook, launchChromium, type OpenedView, openView } from "../helpers/apps.js";
import { otherLocaleForms } from "../helpers/legibility.js";
import { useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";
import { api } from "../tools/support.js";

const SHOTS =
  process.env.UPDATE_VIEW_SCREENSHOTS === "1"
    ? fileURLToPath(new URL("../../docs/views/", import.meta.url))
    : join(tmpdir(), "invoicing-view-screenshots");
const en = new Intl.NumberFormat("en-US", { style: "currency", currency: "EUR" });
const de = new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" });
const THEMES = [
  { theme: "light", locale: "en-US", money: en, day: dayIn("en-US") },
  { theme: "dark", locale: "de-DE", money: de, day: dayIn("de-DE") },
] as const;

/** A date as the locale writes it in full: "Jul 17, 2026" / "17.07.2026". */
function dayIn(locale: string) {
  const format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
  return (iso: string) => format.format(new Date(`${iso.slice(0, 10)}T12:00:00Z`));
}

describe("MCP Apps views in Chromium", () => {
  const sandbox = useSandbox();
  const mcp = useMcp(sandbox, { capabilities: APPS_CAPABILITIES });
  let browser: Browser;
  let profile: string;
  let html: string;
  const opened: OpenedView[] = [];

  beforeAll(async () => {
    profile = mkdtempSync(join(tmpdir(), "invoicing-chromium-"));
    browser = await launchChromium(profile);
    const read = await mcp().client.readResource({ uri: VIEWS_URI });
    html = (read.contents[0] as { text: string }).text;
    mkdirSync(SHOTS, { recursive: true });
  }, 60_000);
  afterAll(async () => {
    for (const view of opened) expect(view.requests, "network requests").toEqual([]);
    await browser?.close();
    rmSync(profile, { recursive: true, force: true });
  });

  async function open(tool: string, input: Record<string, unknown>, theme: (typeof THEMES)[number]) {
    const result = await mcp().client.callTool({ name: tool, arguments: input });
    expect(result.isError ?? false).toBe(false);
    const view = await openView(browser, {
      html,
      mcp: mcp(),
      tool,
      input,
      result: result as Record<string, unknown>,
      theme: theme.theme,
      locale: theme.locale,
    });
    opened.push(view);
    return { view, data: result.structuredContent as Record<string, never> };
  }
  /** What the view shows, as a person reads it (the rendered text, not the markup). */
  const seen = async (view: OpenedView) => view.frame.locator("main").innerText();
  const text = async (view: OpenedView, testId: string) =>
    (
      (await view.frame.locator(`[data-testid="${testId}"]`).first().textContent({ timeout: 5000 })) ?? ""
    ).trim();
  // The page is made as tall as the view first: Chromium paints an iframe beyond the viewport blank.
  const shoot = async (view: OpenedView, name: string) => {
    const box = await view.page.locator("#view").boundingBox();
    await view.page.setViewportSize({ width: 420, height: Math.max(200, Math.ceil(box?.height ?? 900)) });
    await view.page.locator("#view").screenshot({ path: join(SHOTS, `${name}.png`) });
    await view.page.setViewportSize({ width: 420, height: 900 });
  };

  it("a missing Chromium is an error that says how to install it, not a skip", async () => {
    await expect(launchChromium(profile, "/nonexistent/chromium")).rejects.toThrow(
      /apt-get install -y chromium/,
    );
  });

  it("every views document is at most 800 KB, all together at most 1 MB, with nothing loaded from elsewhere", async () => {
    const { resources } = await mcp().client.listResources();
    const views = resources.filter((r) => r.mimeType === "text/html;profile=mcp-app");
    expect(views.map((r) => r.uri)).toEqual([VIEWS_URI]);
    let total = 0;
    for (const r of views) {
      const content = (await mcp().client.readResource({ uri: r.uri })).contents[0] as { text: string };
      const bytes = Buffer.byteLength(content.text);
      expect(bytes, r.uri).toBeLessThanOrEqual(800 * 1024);
      total += bytes;
      // Outside its inline script, the document names nothing to load (no src, href, @import, url()).
      const markup = content.text.replace(/<script[^>]*>[\s\S]*?<\/script>/g, "<script></script>");
      expect(/\ssrc=|\shref=|@import|url\(/i.test(markup), "a reference to load").toBe(false);
    }
    expect(total).toBeLessThanOrEqual(1024 * 1024);
  });

  it.each(THEMES)(
    "receivables ($theme, $locale): amounts as the API has them, due dates in the host's locale; a click asks for a reminder",
    async (theme) => {
      const expected = await getOutstandingByCustomer(api(sandbox()));
      const { view, data } = await open("outstanding_by_customer", {}, theme);
      const customers = data.customers as unknown as Array<{ customerId: string }>;
      expect(customers.length).toBeGreaterThan(0);
      for (const c of expected.customers) {
        if (!customers.some((shown) => shown.customerId === c.customerId)) continue;
        expect(await text(view, `open-${c.customerId}`), c.customerId).toBe(theme.money.format(c.openAmount));
        for (const i of c.invoices)
          expect(await text(view, `amount-${i.id}`), i.invoiceNumber).toBe(theme.money.format(i.grossAmount));
      }
      const shown = customers as unknown as Array<{ invoices: Array<{ id: string; dueDate: string }> }>;
      for (const i of shown.flatMap((c) => c.invoices))
        expect(await text(view, `due-${i.id}`), i.id).toBe(theme.day(i.dueDate));
      expect(otherLocaleForms(await seen(view), theme.locale)).toEqual([]);
      // By keyboard: focus the first customer's button and press Enter.
      await view.frame.getByRole("button").first().focus();
      await view.page.keyboard.press("Enter");
      await expect.poll(() => view.messages.length).toBe(1);
      expect(JSON.stringify(view.messages[0])).toMatch(/payment reminder/);
    },
  );

  it.each(THEMES)(
    "revenue ($theme, $locale): each month's bar named and valued as list_invoices sums it, the year's total row, the EÜR profit; the top customers with their amounts",
    async (theme) => {
      const { view, data } = await open("revenue_report", { period: 2026 }, theme);
      const sums = async (filter: Record<string, unknown>) =>
        (await mcp().call("list_invoices", { ...filter, limit: 1 })).data.sums;
      const year = await sums({ from: "2026-01-01", to: "2026-12-31" });
      expect(await text(view, "total-net")).toBe(theme.money.format(year.netAmount));
      expect(await text(view, "total-gross")).toBe(theme.money.format(year.grossAmount));
      // Every bar says which month it is, in one form, and what it comes to.
      const monthName = new Intl.DateTimeFormat(theme.locale, { month: "long", timeZone: "UTC" });
      const months = data.months as unknown as Array<{ month: string; net: { total: number } }>;
      expect(months).toHaveLength(12);
      for (const m of months) {
        expect(await text(view, `bar-month-${m.month}`)).toBe(monthName.format(new Date(`${m.month}-15`)));
        expect(await text(view, `bar-value-${m.month}`)).toBe(theme.money.format(m.net.total));
      }
      const march = await sums({ from: "2026-03-01", to: "2026-03-31" });
      expect(await text(view, "bar-value-2026-03")).toBe(theme.money.format(march.netAmount));
      expect(await text(view, "month-2026-03")).toBe(theme.money.format(march.netAmount));
      expect(await text(view, "months-total")).toBe(theme.money.format(year.netAmount));
      const eur = await getEurReport(api(sandbox()), 2026);
      expect(await text(view, "eur-profit-2026")).toBe(theme.money.format(eur.profit));
      expect(otherLocaleForms(await seen(view), theme.locale)).toEqual([]);
      // By customer: the view asks the server for the split, then ranks the year's customers.
      await view.frame
        .getByRole("button", {
          name: theme.locale.startsWith("de") ? "Nach Kunden laden" : "Load per customer",
        })
        .click();
      const ranked = view.frame.locator("[data-testid^='top-row-']");
      await ranked.first().waitFor();
      const ids = await ranked.evaluateAll((rows) =>
        rows.map((r) => r.getAttribute("data-testid")!.slice("top-row-".length)),
      );
      const perCustomer = await Promise.all(
        ids.map(async (id) => ({
          id,
          net: (await sums({ customer: id, from: "2026-01-01", to: "2026-12-31" })).netAmount,
        })),
      );
      expect(perCustomer.length).toBeGreaterThan(2);
      expect(perCustomer.map((c) => c.net)).toEqual(perCustomer.map((c) => c.net).sort((a, b) => b - a));
      for (const c of perCustomer)
        expect(await text(view, `top-amount-${c.id}`), c.id).toBe(theme.money.format(c.net));
      // One customer's year: the totals and bars are that customer's.
      const select = view.frame.locator("#customer-switch");
      await select.selectOption(perCustomer[0]!.id);
      await expect.poll(() => text(view, "total-net")).toBe(theme.money.format(perCustomer[0]!.net));
      expect(await text(view, "months-total")).toBe(theme.money.format(perCustomer[0]!.net));
      // The host switches theme: the view is drawn again, with what the person loaded and chose.
      await changeLook(view, {
        theme: theme.theme === "light" ? "dark" : "light",
        locale: theme.locale,
        width: 420,
      });
      expect(await text(view, "total-net")).toBe(theme.money.format(perCustomer[0]!.net));
      expect(await view.frame.locator("#customer-switch").inputValue()).toBe(perCustomer[0]!.id);
    },
  );

  it("invoice preview: shows the dry run; one button creates exactly that draft once, a second click none", async () => {
    const invoicePosts = () =>
      sandbox().requests.filter((r) => r.method === "POST" && r.path === "/api/v1/invoices").length;
    const input = {
      customer: "mueller",
      netAmount: 1234.56,
      periodStart: "2026-11-01",
      periodEnd: "2026-11-15",
      notes: "Beratung, erste Novemberhälfte",
      dryRun: true,
    };
    const posts = invoicePosts();
    for (const theme of [...THEMES].reverse()) {
      const { view, data } = await open("create_invoice", input, theme);
      const invoice = (
        data as unknown as {
          invoice: {
            invoiceNumber: string;
            invoiceDate: string;
            netAmount: number;
            taxAmount: number;
            grossAmount: number;
          };
        }
      ).invoice;
      expect(await text(view, "invoice-number")).toBe(invoice.invoiceNumber);
      expect(await text(view, "net")).toBe(theme.money.format(invoice.netAmount));
      expect(await text(view, "vat")).toBe(theme.money.format(invoice.taxAmount));
      expect(await text(view, "gross")).toBe(theme.money.format(invoice.grossAmount));
      expect(await text(view, "invoice-date")).toBe(theme.day(invoice.invoiceDate));
      expect(otherLocaleForms(await seen(view), theme.locale)).toEqual([]);
      if (theme.theme === "dark") continue;
      const button = view.frame.getByTestId("create");
      await button.click();
      await button.dispatchEvent("click");
      await expect.poll(() => text(view, "create-status")).toMatch(/^Created draft /);
      await button.dispatchEvent("click");
      expect(view.toolCalls.map((c) => c.name)).toEqual(["create_previewed_invoice"]);
      expect(invoicePosts() - posts).toBe(1);
      await shoot(view, "invoice-created-light");
      // Even a view that calls again (another host, a reload) creates no second draft.
      const again = await mcp().call("create_previewed_invoice", view.toolCalls[0]!.arguments ?? {});
      expect(again.data.outcome).toBe("already_exists");
      expect(invoicePosts() - posts).toBe(1);
      const listed = await mcp().call("list_invoices", { customer: "mueller", status: "draft", limit: 100 });
      const created = listed.data.invoices.filter(
        (i: { invoiceNumber: string }) => i.invoiceNumber === invoice.invoiceNumber,
      );
      expect(created).toHaveLength(1);
      // The row's facts are read in the text (the data keeps the keys a program links with).
      expect(listed.text).toMatch(
        new RegExp(
          `- ${invoice.invoiceNumber} · [^\\n]* · net ${invoice.netAmount.toFixed(2)} EUR[^\\n]* · period 2026-11-01 to 2026-11-15`,
        ),
      );
    }
  });

  it.each(THEMES)(
    "week of time ($theme, $locale): a block per entry naming its project, overlaps marked, the week's total, hours per customer",
    async (theme) => {
      const input = { from: "2026-11-16", to: "2026-11-22", limit: 100 };
      const { view, data } = await open("list_time_entries", input, theme);
      // Entries come under their projects (name and customer once): join them as a reader of the data would.
      const projects = data.projects as unknown as Array<{
        name: string;
        customerId: string;
        entries: Array<{ id: string; durationMinutes: number | null; start: string; end: string | null }>;
      }>;
      const entries = projects.flatMap((p) =>
        p.entries.map((e) => ({ ...e, projectName: p.name, customerId: p.customerId })),
      );
      expect(entries.length).toBeGreaterThan(0);
      expect(await view.frame.locator("[data-entry]").count()).toBe(entries.length);
      // At 420 px each entry names its project (views-legibility checks that no name is cut off).
      for (const e of entries)
        expect(await view.frame.locator(`[data-entry="${e.id}"]`).innerText(), e.id).toContain(e.projectName);
      const minutes = new Map<string, number>();
      for (const e of entries)
        minutes.set(e.customerId, (minutes.get(e.customerId) ?? 0) + (e.durationMinutes ?? 0));
      const hours = new Intl.NumberFormat(theme.locale, { maximumFractionDigits: 2 });
      for (const [customerId, m] of minutes)
        expect(await text(view, `hours-${customerId}`)).toBe(`${hours.format(m / 60)} h`);
      const total = entries.reduce((sum, e) => sum + (e.durationMinutes ?? 0), 0);
      expect(await text(view, "week-total")).toBe(`${hours.format(total / 60)} h`);
      expect(otherLocaleForms(await seen(view), theme.locale)).toEqual([]);
      const overlapping = entries.filter((a) =>
        entries.some(
          (b) =>
            b !== a &&
            a.end !== null &&
            b.end !== null &&
            a.start.slice(0, 10) === b.start.slice(0, 10) &&
            Date.parse(b.start) < Date.parse(a.end) &&
            Date.parse(a.start) < Date.parse(b.end),
        ),
      );
      expect(await view.frame.locator("[data-entry].overlap").count()).toBe(overlapping.length);
    },
  );
});
