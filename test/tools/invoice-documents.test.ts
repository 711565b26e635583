/**
 * From an empty profile to a valid e-invoice, as an assistant gets there through a real MCP client
 * against the sandbox: the documents tool lists exactly what is missing, business_details stores
 * it (a bad value refused, the others kept), and the same call then gives an XRechnung and a
 * ZUGFeRD PDF that the official rules accept, as embedded resources, as links readable while the
 * server runs, and as files in the documents folder. A public client by its Leitweg-ID; a client
 * that shows forms is asked for the values once, and what it answers is stored.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFArray, PDFDict, PDFDocument, PDFName } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listInvoices } from "../../src/api/invoices.js";
import { itemsOf } from "../../src/api/list.js";
import type { Invoice } from "../../src/api/schemas.js";
import { fatalIds, validator } from "../einvoice/rules.js";
import { type Connected, connect } from "../helpers/mcp.js";
import { clientFor, useSandbox } from "../helpers/sandbox.js";

const folder = mkdtempSync(join(tmpdir(), "invoicing-documents-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const SELLER = {
  name: "Anna Berger Webentwicklung",
  street: "Lindenstraße 4",
  postcode: "10969",
  city: "Berlin",
  taxNumber: "21/815/08150",
  contactName: "Anna Berger",
  phone: "+49 30 1234567",
  email: "anna@berger.example",
  iban: "DE02120300000000202051",
  paymentDays: "14",
};

interface Embedded {
  type: "resource";
  resource: { uri: string; mimeType: string; blob: string };
}

function embedded(answer: { content: unknown[] }): Embedded[] {
  return answer.content.filter((c): c is Embedded => (c as { type: string }).type === "resource");
}

/** The PDF's associated files (its /AF): each name with its relationship. */
async function associatedFiles(pdf: Uint8Array): Promise<[string, string][]> {
  const doc = await PDFDocument.load(pdf);
  const af = doc.catalog.lookup(PDFName.of("AF"), PDFArray);
  return Array.from({ length: af.size() }, (_, i) => {
    const spec = af.lookup(i, PDFDict);
    return [
      spec.lookup(PDFName.of("F"))?.toString().slice(1, -1) ?? "",
      spec.lookup(PDFName.of("AFRelationship"))?.toString() ?? "",
    ];
  });
}

async function fatal(bytes: Uint8Array, name: string): Promise<string[]> {
  const report = await validator.validateBytes(bytes, { name });
  return fatalIds(report);
}

// One conversation, step by step (an empty profile, what is missing, the details stored, then the
// documents): its steps keep their order when CI shuffles the suite.
describe("invoice_documents and business_details, from an empty profile", { shuffle: false }, () => {
  const sandbox = useSandbox();
  let mcp: Connected & { close(): Promise<void> };
  let invoices: Invoice[];
  let fromTime: Invoice[];
  const details = join(folder, "config", "business-details.json");
  const documents = join(folder, "documents");

  beforeAll(async () => {
    mcp = await connect(sandbox(), {
      env: { INVOICING_DETAILS_FILE: details, INVOICING_DOCUMENTS_DIR: documents },
    });
    const list = await listInvoices(clientFor(sandbox()));
    invoices = itemsOf(list).filter((i) => i.taxRate === 19 && typeof i.periodStart === "number");
    // The demo's invoices from time say so in their notes; the others are fixed fees.
    fromTime = invoices.filter((i) => i.notes?.startsWith("Leistungen "));
  });
  afterAll(async () => {
    await mcp?.close();
  });

  it("lists exactly what is missing, each with its fix and the tool that stores it", async () => {
    const invoice = fromTime[0]!;
    const answer = await mcp.call("invoice_documents", { invoice: invoice.invoiceNumber });
    expect(answer.isError, answer.text).toBe(false);
    expect(answer.data.outcome).toBe("incomplete");
    const fills = answer.data.missing.map((m: { fill: string | null }) => m.fill);
    expect(fills).toEqual(
      expect.arrayContaining([
        "name",
        "street",
        "postcode",
        "city",
        "taxNumber",
        "contactName",
        "phone",
        "email",
        "iban",
        "paymentDays",
        "customer street",
        "customer buyerReference",
      ]),
    );
    expect(answer.text).toMatch(/business_details set iban/);
    expect(answer.text).toMatch(/Die Bankverbindung fehlt/);
    expect(embedded(answer)).toEqual([]);
    expect(existsSync(documents)).toBe(false);
  });

  it("stores the person's details, refusing a bad IBAN with what to do while keeping the rest", async () => {
    const bad = await mcp.call("business_details", { set: { ...SELLER, iban: "DE02120300000000202052" } });
    expect(bad.isError, bad.text).toBe(false);
    expect(bad.data.outcome).toBe("stored");
    expect(bad.data.refused).toEqual([
      { field: "seller.iban", problem: expect.stringMatching(/not a valid IBAN.*copy it again/) },
    ]);
    expect(bad.data.stored).toContain("seller.name");
    expect(bad.text).toMatch(/the values above were stored all the same/);
    const good = await mcp.call("business_details", { set: { iban: "de02 1203 0000 0000 2020 51" } });
    expect(good.data.seller).toMatchObject({ ...SELLER, taxNumber: "21/815/08150" });
    expect(good.text).toContain(`Kept in the file ${details}; never sent to the service.`);
    expect(JSON.parse(readFileSync(details, "utf8")).seller.iban).toBe("DE02120300000000202051");
  });

  it("then gives a valid XRechnung as an embedded resource, a link readable again, and a file", async () => {
    const invoice = fromTime[0]!;
    const customer = await mcp.call("business_details", {
      customer: invoice.customerId,
      set: { street: "Hauptstraße 1", postcode: "80331", city: "München", buyerReference: "PO-4711" },
    });
    expect(customer.data.customer.details).toMatchObject({ buyerReference: "PO-4711", city: "München" });
    const answer = await mcp.call("invoice_documents", { invoice: invoice.invoiceNumber });
    expect(answer.isError, answer.text).toBe(false);
    expect(answer.data.outcome, answer.text).toBe("documents");
    const [file] = embedded(answer);
    expect(file?.resource.mimeType).toBe("application/xml");
    const bytes = Buffer.from(file!.resource.blob, "base64");
    expect(await fatal(bytes, "xrechnung.xml")).toEqual([]);
    const xml = bytes.toString("utf8");
    expect(xml).toContain(`<ram:ID>${invoice.invoiceNumber}</ram:ID>`);
    expect(xml).toContain("PO-4711");
    const path = answer.data.files[0].path as string;
    expect(path.startsWith(documents)).toBe(true);
    expect(readFileSync(path)).toEqual(bytes);
    expect(answer.text).toContain(`written to ${path}`);
    const read = await mcp.client.readResource({ uri: file!.resource.uri });
    expect(read.contents[0]).toMatchObject({ mimeType: "application/xml", blob: file!.resource.blob });
    expect(answer.content.some((c) => c.type === "resource_link" && c.uri === file!.resource.uri)).toBe(true);
  });

  it("gives a ZUGFeRD PDF with the time sheet attached that the official rules accept, and the time sheet alone", async () => {
    const invoice = fromTime[0]!;
    const zugferd = await mcp.call("invoice_documents", { invoice: invoice.invoiceNumber, make: "zugferd" });
    expect(zugferd.data.outcome, zugferd.text).toBe("documents");
    const pdf = Buffer.from(embedded(zugferd)[0]!.resource.blob, "base64");
    expect(embedded(zugferd)[0]!.resource.mimeType).toBe("application/pdf");
    const report = await validator.validateBytes(pdf, { name: "zugferd.pdf" });
    expect(fatalIds(report)).toEqual([]);
    expect(report.pdf?.invoiceAttachment).toBe("factur-x.xml");
    expect(await associatedFiles(pdf)).toEqual([
      ["factur-x.xml", "/Alternative"],
      ["leistungsnachweis.pdf", "/Supplement"],
    ]);
    const sheet = await mcp.call("invoice_documents", { invoice: invoice.invoiceNumber, make: "time-sheet" });
    expect(sheet.data.outcome, sheet.text).toBe("documents");
    expect(Buffer.from(embedded(sheet)[0]!.resource.blob, "base64").subarray(0, 5).toString()).toBe("%PDF-");
    const fee = invoices.find((i) => !i.notes?.startsWith("Leistungen "))!;
    await mcp.call("business_details", {
      customer: fee.customerId,
      set: { street: "Am Markt 2", postcode: "50667", city: "Köln", buyerReference: "K-1" },
    });
    const none = await mcp.call("invoice_documents", { invoice: fee.invoiceNumber, make: "time-sheet" });
    expect(none.data.outcome, none.text).toBe("no_time_sheet");
    expect(readdirSync(documents).sort()).toEqual(
      [
        `${invoice.invoiceNumber}_leistungsnachweis.pdf`,
        `${invoice.invoiceNumber}_xrechnung.xml`,
        `${invoice.invoiceNumber}_zugferd.pdf`,
      ].sort(),
    );
  });

  it("makes an XRechnung in UBL for a public client addressed by its Leitweg-ID", async () => {
    const invoice = fromTime.find((i) => i.customerId !== fromTime[0]!.customerId)!;
    const refused = await mcp.call("business_details", {
      customer: invoice.customerId,
      set: {
        street: "Rathausplatz 1",
        postcode: "12345",
        city: "Musterstadt",
        buyerReference: "991-33333TEST-34",
      },
    });
    expect(refused.data.refused[0]).toMatchObject({ field: "customer.buyerReference" });
    await mcp.call("business_details", {
      customer: invoice.customerId,
      set: { buyerReference: "991-33333TEST-33" },
    });
    const answer = await mcp.call("invoice_documents", {
      invoice: invoice.invoiceNumber,
      make: "xrechnung-ubl",
    });
    expect(answer.data.outcome, answer.text).toBe("documents");
    const bytes = Buffer.from(embedded(answer)[0]!.resource.blob, "base64");
    expect(await fatal(bytes, "public.xml")).toEqual([]);
    const xml = bytes.toString("utf8");
    expect(xml).toContain("<cbc:BuyerReference>991-33333TEST-33</cbc:BuyerReference>");
    expect(xml).toContain('schemeID="0204">991-33333TEST-33<');
    const check = await mcp.call("invoice_documents", { invoice: invoice.invoiceNumber, make: "check" });
    expect(check.data.outcome).toBe("complete");
    expect(embedded(check)).toEqual([]);
  });

  it("answers from when e-invoices are required, from the person's own EÜR", async () => {
    const answer = await mcp.call("invoice_documents", { make: "duty" });
    expect(answer.isError, answer.text).toBe(false);
    expect(answer.data.duty).toMatchObject({ smallBusiness: false, unsure: false });
    expect(["2027-01-01", "2028-01-01"]).toContain(answer.data.duty.from);
    expect(answer.text).toMatch(/You must issue e-invoices to businesses from 202[78]-01-01/);
  });
});

describe("a client that shows forms", () => {
  const sandbox = useSandbox();

  it.each(["2025", "2026"] as const)(
    "(%s era) is asked for what is missing once, and what it answers is stored and used",
    async (era) => {
      const details = join(folder, `form-${era}`, "business-details.json");
      const forms: { message: string; requestedSchema: unknown }[] = [];
      const mcp = await connect(sandbox(), {
        env: { INVOICING_DETAILS_FILE: details },
        era,
        elicit: (request) => {
          forms.push(request);
          const keys = Object.keys((request.requestedSchema as { properties: object }).properties);
          const answers: Record<string, string> = {
            ...Object.fromEntries(Object.entries(SELLER).map(([k, v]) => [`seller_${k}`, v])),
            customer_street: "Hauptstraße 1",
            customer_postcode: "80331",
            customer_city: "München",
            customer_buyerReference: "PO-4711",
          };
          return { action: "accept", content: Object.fromEntries(keys.map((k) => [k, answers[k] ?? ""])) };
        },
      });
      try {
        const [invoice] = itemsOf(await listInvoices(clientFor(sandbox()))).filter((i) => i.taxRate === 19);
        const answer = await mcp.call("invoice_documents", { invoice: invoice!.invoiceNumber });
        expect(forms).toHaveLength(1);
        const fields = Object.keys((forms[0]!.requestedSchema as { properties: object }).properties);
        expect(fields).toEqual(
          expect.arrayContaining(["seller_iban", "seller_name", "customer_buyerReference"]),
        );
        expect(answer.data.outcome, answer.text).toBe("documents");
        expect(answer.text).toMatch(/Stored from the form: .*seller\.iban/);
        expect(await fatal(Buffer.from(embedded(answer)[0]!.resource.blob, "base64"), "form.xml")).toEqual(
          [],
        );
        expect(JSON.parse(readFileSync(details, "utf8")).seller).toMatchObject({ iban: SELLER.iban });
      } finally {
        await mcp.close();
      }
    },
  );
});
