/**
 * The invoice preview's downloads in headless Chromium: once the draft is created, a host that
 * announces downloadFile is offered its XRechnung and ZUGFeRD PDF, made by invoice_documents through
 * the host and handed back as ui/download-file; a host without it is offered nothing. Before the
 * business details are stored, the view shows the tool's list of what is missing instead of a file.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIEWS_URI } from "../../src/mcp/apps/ui.js";
import { APPS_CAPABILITIES, launchChromium, type OpenedView, openView } from "../helpers/apps.js";
import { useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";

const folder = mkdtempSync(join(tmpdir(), "invoicing-view-download-"));
const SHOTS = join(tmpdir(), "invoicing-view-screenshots");

const SELLER = {
  name: "Jonas Keller IT-Beratung",
  street: "Kastanienallee 12",
  postcode: "10435",
  city: "Berlin",
  taxNumber: "37/452/11834",
  contactName: "Jonas Keller",
  phone: "+49 30 9876543",
  email: "jonas@keller.example",
  iban: "DE02120300000000202051",
  paymentDays: "14",
};

interface Download {
  contents: Array<{ type: string; resource: { uri: string; mimeType: string; blob: string } }>;
}

describe("invoice preview: the created draft's e-invoice files as downloads through the host", () => {
  const sandbox = useSandbox();
  const mcp = useMcp(sandbox, {
    capabilities: APPS_CAPABILITIES,
    env: { INVOICING_DETAILS_FILE: join(folder, "business-details.json") },
  });
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
    rmSync(folder, { recursive: true, force: true });
  });

  /** The dry run's view for a period, its draft created by a click; `downloads`: the host takes files. */
  async function createdDraft(
    period: { periodStart: string; periodEnd: string },
    host: { downloads: boolean; theme: "light" | "dark"; locale: string },
  ) {
    const input = { customer: "mueller", netAmount: 980, ...period, dryRun: true };
    const result = await mcp().client.callTool({ name: "create_invoice", arguments: input });
    expect(result.isError ?? false).toBe(false);
    const view = await openView(browser, {
      html,
      mcp: mcp(),
      tool: "create_invoice",
      input,
      result: result as Record<string, unknown>,
      ...host,
    });
    opened.push(view);
    const invoice = (result.structuredContent as { invoice: { invoiceNumber: string; customerId: string } })
      .invoice;
    await view.frame.getByTestId("create").click();
    await expect.poll(() => view.frame.getByTestId("create-status").getAttribute("class")).toBe("verdict ok");
    return { view, invoice };
  }
  // The page is made as tall as the view first: Chromium paints an iframe beyond the viewport blank.
  const shoot = async (view: OpenedView, name: string) => {
    const box = await view.page.locator("#view").boundingBox();
    await view.page.setViewportSize({ width: 420, height: Math.max(200, Math.ceil(box?.height ?? 900)) });
    await view.page.locator("#view").screenshot({ path: join(SHOTS, `${name}.png`) });
    await view.page.setViewportSize({ width: 420, height: 900 });
  };
  const statusText = (view: OpenedView) => view.frame.getByTestId("download-status").innerText();

  it("the tool the buttons call is one a view may call (visible to model and app)", async () => {
    const { tools } = await mcp().client.listTools();
    const tool = tools.find((t) => t.name === "invoice_documents");
    expect(tool).toBeDefined();
    const visibility = (tool?._meta?.ui as { visibility?: string[] } | undefined)?.visibility;
    // No visibility is model and app; one given must include the app.
    if (visibility !== undefined) expect(visibility).toContain("app");
  });

  it("a host without downloadFile is offered no download: the person asks in the conversation", async () => {
    const { view } = await createdDraft(
      { periodStart: "2026-11-16", periodEnd: "2026-11-22" },
      { downloads: false, theme: "light", locale: "en-US" },
    );
    expect(await view.frame.getByTestId("create-status").innerText()).toMatch(/^Created draft /);
    expect(await view.frame.locator("[data-testid^='download-']").count()).toBe(0);
    expect(await view.frame.getByRole("button").count()).toBe(1);
    expect(view.toolCalls.map((c) => c.name)).toEqual(["create_previewed_invoice"]);
  });

  it("a host with downloadFile: the missing details shown instead of a file, then the XRechnung and ZUGFeRD PDF handed to the host", async () => {
    const { view, invoice } = await createdDraft(
      { periodStart: "2026-11-23", periodEnd: "2026-11-30" },
      { downloads: true, theme: "dark", locale: "de-DE" },
    );
    const xrechnung = view.frame.getByRole("button", { name: "XRechnung herunterladen" });
    const zugferd = view.frame.getByRole("button", { name: "ZUGFeRD-PDF herunterladen" });
    // Nothing stored yet: the tool's own list of what is missing, and no file for the host.
    await xrechnung.click({ timeout: 5000 });
    await expect.poll(() => statusText(view)).toMatch(/cannot be an e-invoice yet/);
    const gaps = await statusText(view);
    expect(gaps).toContain(invoice.invoiceNumber);
    expect(gaps).toMatch(/business_details set iban/);
    expect(gaps).toMatch(/Die Bankverbindung fehlt/);
    expect(view.downloads).toEqual([]);
    await shoot(view, "invoice-download-gaps-dark");
    expect(view.toolCalls.at(-1)).toMatchObject({
      name: "invoice_documents",
      arguments: { invoice: invoice.invoiceNumber, make: "xrechnung" },
    });

    const seller = await mcp().call("business_details", { set: SELLER });
    expect(seller.data.refused, seller.text).toEqual([]);
    const customer = await mcp().call("business_details", {
      customer: invoice.customerId,
      set: { street: "Marienplatz 8", postcode: "80331", city: "München", buyerReference: "PO-2026-88" },
    });
    expect(customer.data.refused, customer.text).toEqual([]);

    await xrechnung.click({ timeout: 5000 });
    await expect.poll(() => view.downloads.length).toBe(1);
    const [xml] = (view.downloads[0] as Download).contents;
    expect(xml?.type).toBe("resource");
    expect(xml?.resource.mimeType).toBe("application/xml");
    const bytes = Buffer.from(xml!.resource.blob, "base64").toString("utf8");
    expect(bytes.startsWith("<?xml")).toBe(true);
    expect(bytes).toContain(`<ram:ID>${invoice.invoiceNumber}</ram:ID>`);
    expect(bytes).toContain("PO-2026-88");
    await expect.poll(() => statusText(view)).toBe("Als Download an die Anwendung übergeben.");

    await zugferd.click({ timeout: 5000 });
    await expect.poll(() => view.downloads.length).toBe(2);
    const [pdf] = (view.downloads[1] as Download).contents;
    expect(pdf?.resource.mimeType).toBe("application/pdf");
    expect(Buffer.from(pdf!.resource.blob, "base64").subarray(0, 5).toString()).toBe("%PDF-");
    expect(view.toolCalls.map((c) => `${c.name} ${c.arguments?.make ?? ""}`.trim())).toEqual([
      "create_previewed_invoice",
      "invoice_documents xrechnung",
      "invoice_documents xrechnung",
      "invoice_documents zugferd",
    ]);

    await shoot(view, "invoice-downloads-dark");
  });
});
