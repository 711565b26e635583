/**
 * The PDF documents: ZUGFeRD / Factur-X invoices (profile EN 16931, and XRECHNUNG on request) whose
 * attached XML passes the official rules, with the PDF/A-3 claim, the attachment's relationship and
 * the Factur-X metadata in place; the time sheet attached as a supplement and on its own, over
 * several pages for 200 entries; A4 pages in embedded fonts. What the pages look like is checked by
 * eye (pdftoppm, docs/einvoice.md), not here.
 */
import { readFileSync } from "node:fs";
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFStream,
} from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { type BuildInput, buildEInvoice, type ServiceTimeEntry } from "../../src/einvoice/build.js";
import { TIME_SHEET_FILE, timeSheetPdf, zugferdPdf } from "../../src/einvoice/pdf/documents.js";
import { buildTimeSheet } from "../../src/einvoice/time-sheet.js";
import {
  cityHall,
  company,
  companyBuyer,
  entry,
  input,
  netOfTime,
  serviceInvoice,
  smallSeller,
} from "./fixtures.js";
import { fatalIds, Timings, validator } from "./rules.js";

const fonts = {
  regular: readFileSync(new URL("../../assets/fonts/DejaVuSans.ttf", import.meta.url)),
  bold: readFileSync(new URL("../../assets/fonts/DejaVuSans-Bold.ttf", import.meta.url)),
};
const now = new Date("2026-11-02T10:00:00Z");
const timings = new Timings();
const making: string[] = [];
afterAll(() => {
  timings.report("official rules, PDF");
  if (making.length > 0) process.stderr.write(`making the PDFs:\n${making.join("\n")}\n`);
});

/** 200 entries over October on three projects, with descriptions long enough to wrap. */
function busyMonth(): ServiceTimeEntry[] {
  const descriptions = [
    "Abstimmung mit dem Fachbereich Straßenverkehr",
    "Umsetzung Formular „Anwohnerparken“ inkl. Validierung und Barrierefreiheitsprüfung nach BITV 2.0",
    "Code-Review",
    "Tests & Fehlerbehebung <Release 2.3>",
  ];
  const projects = ["proj-portal", "proj-kita", "proj-shop"];
  return Array.from({ length: 200 }, (_, i) => {
    const day = `2026-10-${String(1 + (i % 31)).padStart(2, "0")}`;
    const minutes = [30, 45, 60, 90, 120, 15][i % 6] ?? 30;
    const base = entry("cust-stadt", projects[i % 3] ?? "proj-portal", day, minutes);
    const startTime = base.startTime + (i % 4) * 5_400_000;
    return { ...base, startTime, endTime: startTime + minutes * 60_000, description: descriptions[i % 4] };
  });
}

function built(build: BuildInput) {
  const result = buildEInvoice(build);
  if (!result.ok) throw new Error(JSON.stringify(result.refusal));
  return result.invoice;
}

async function timed<T>(name: string, make: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await make();
  making.push(`  ${name}: ${Math.round(performance.now() - started)} ms`);
  return result;
}

async function attachmentsOf(
  pdf: Uint8Array,
): Promise<Map<string, { bytes: Uint8Array; relationship: string }>> {
  const doc = await PDFDocument.load(pdf);
  const af = doc.catalog.lookup(PDFName.of("AF"), PDFArray);
  const found = new Map<string, { bytes: Uint8Array; relationship: string }>();
  for (let i = 0; i < af.size(); i++) {
    const spec = af.lookup(i, PDFDict);
    const name = spec.lookup(PDFName.of("F"))?.toString().slice(1, -1) ?? "";
    const stream = spec.lookup(PDFName.of("EF"), PDFDict).lookup(PDFName.of("F"), PDFStream);
    const bytes = stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : new Uint8Array();
    found.set(name, { bytes, relationship: spec.lookup(PDFName.of("AFRelationship"))?.toString() ?? "" });
  }
  return found;
}

async function archivalFacts(pdf: Uint8Array) {
  const doc = await PDFDocument.load(pdf);
  const metadata = doc.catalog.lookup(PDFName.of("Metadata"));
  if (!(metadata instanceof PDFRawStream)) throw new Error("no metadata stream");
  const fonts = doc.context
    .enumerateIndirectObjects()
    .filter(
      ([, object]) =>
        object instanceof PDFDict && object.get(PDFName.of("Type")) === PDFName.of("FontDescriptor"),
    )
    .map(([, object]) => (object as PDFDict).has(PDFName.of("FontFile2")));
  return {
    pages: doc.getPages().map((page) => page.getSize()),
    xmp: new TextDecoder().decode(metadata.getContents()),
    outputIntents: doc.catalog.lookup(PDFName.of("OutputIntents"), PDFArray).size(),
    fontsEmbedded: fonts,
  };
}

describe("ZUGFeRD / Factur-X invoices", () => {
  const entries = busyMonth();
  const fromTime = input({
    invoice: serviceInvoice("cust-stadt", netOfTime(entries, 95), 19, { notes: "Leistungen Oktober 2026" }),
    customer: cityHall,
    entries,
  });

  it("from 200 entries: EN 16931, valid, the time sheet attached as a supplement over several pages", async () => {
    const invoice = built(fromTime);
    const sheet = buildTimeSheet(fromTime, invoice);
    expect(sheet?.projects.map((p) => p.rows.length)).toEqual([67, 67, 66]);
    await timed("ZUGFeRD with time sheet, 200 entries, first", () =>
      zugferdPdf(invoice, { fonts, now, timeSheet: sheet }),
    );
    const pdf = await timed("ZUGFeRD with time sheet, 200 entries, warm", () =>
      zugferdPdf(invoice, { fonts, now, timeSheet: sheet }),
    );

    const report = await timings.validate("ZUGFeRD EN 16931 from time", pdf);
    expect(fatalIds(report), validator.formatText(report)).toEqual([]);
    expect(report.valid).toBe(true);
    expect(report.profile).toContain("EN16931");
    expect(report.pdf).toMatchObject({
      pdfa3Claimed: true,
      pdfaConformance: "B",
      invoiceAttachment: "factur-x.xml",
      invoiceAfRelationship: "Alternative",
      facturxXmp: { conformanceLevel: "EN 16931", documentFileName: "factur-x.xml" },
    });

    const attached = await attachmentsOf(pdf);
    expect([...attached.keys()]).toEqual(["factur-x.xml", TIME_SHEET_FILE]);
    expect(attached.get(TIME_SHEET_FILE)?.relationship).toBe("/Supplement");
    const xml = new TextDecoder().decode(attached.get("factur-x.xml")?.bytes);
    expect(xml).toContain(
      `<ram:GrandTotalAmount>${(invoice.totals.gross / 100).toFixed(2)}</ram:GrandTotalAmount>`,
    );

    const sheetPdf = attached.get(TIME_SHEET_FILE)?.bytes ?? new Uint8Array();
    const sheetFacts = await archivalFacts(sheetPdf);
    expect(sheetFacts.pages.length).toBeGreaterThanOrEqual(4);
    for (const size of sheetFacts.pages) expect(size).toEqual({ width: 595.28, height: 841.89 });

    const facts = await archivalFacts(pdf);
    expect(facts.pages).toEqual([{ width: 595.28, height: 841.89 }]);
    expect(facts.outputIntents).toBe(1);
    expect(facts.fontsEmbedded).toEqual([true, true]);
    expect(facts.xmp).toContain("<pdfaid:part>3</pdfaid:part>");
  });

  it("§ 19, fixed fee, profile XRECHNUNG: the XML is xrechnung.xml and passes the KoSIT rules too", async () => {
    const invoice = built(
      input({
        invoice: serviceInvoice("cust-acme", 60_000, 0, {
          notes: "Logo-Entwurf inkl. zwei Korrekturschleifen",
        }),
        customer: company,
        buyer: companyBuyer,
        seller: smallSeller,
      }),
    );
    const pdf = await timed("ZUGFeRD XRECHNUNG, one line", () =>
      zugferdPdf(invoice, { fonts, now, profile: "XRECHNUNG" }),
    );
    const report = await timings.validate("ZUGFeRD XRECHNUNG § 19", pdf);
    expect(fatalIds(report), validator.formatText(report)).toEqual([]);
    expect(report.profile).toContain("XRechnung 3.0");
    expect(report.pdf).toMatchObject({
      invoiceAttachment: "xrechnung.xml",
      facturxXmp: { conformanceLevel: "XRECHNUNG", documentFileName: "xrechnung.xml" },
    });
    expect([...(await attachmentsOf(pdf)).keys()]).toEqual(["xrechnung.xml"]);
  });

  it("a defect in the attached XML is caught through the PDF", async () => {
    const invoice = built(fromTime);
    const broken = { ...invoice, totals: { ...invoice.totals, gross: invoice.totals.gross + 1 } };
    const report = await timings.validate(
      "ZUGFeRD with gross +1 cent",
      await zugferdPdf(broken, { fonts, now }),
    );
    expect(report.valid).toBe(false);
    expect(fatalIds(report)).toContain("BR-CO-15");
  });
});

describe("the time sheet on its own", () => {
  it("is a PDF/A-3 document of A4 pages", async () => {
    const entries = [
      entry("cust-stadt", "proj-portal", "2026-10-05", 240),
      entry("cust-stadt", "proj-kita", "2026-10-06", 90),
    ];
    const build = input({
      invoice: serviceInvoice("cust-stadt", netOfTime(entries, 95), 19),
      customer: cityHall,
      entries,
    });
    const invoice = built(build);
    const sheet = buildTimeSheet(build, invoice);
    expect(sheet).toMatchObject({
      minutes: 330,
      quantity: 55_000,
      rate: 9_500,
      net: 52_250,
      projects: [
        {
          name: "Bürgerportal Relaunch",
          minutes: 240,
          net: 38_000,
          rows: [{ day: "2026-10-05", hours: "09:00–13:00" }],
        },
        {
          name: "Kita-Anmeldung Online",
          minutes: 90,
          net: 14_250,
          rows: [{ day: "2026-10-06", hours: "09:00–10:30" }],
        },
      ],
    });
    const facts = await archivalFacts(await timeSheetPdf(invoice, sheet!, { fonts, now }));
    expect(facts.pages).toEqual([{ width: 595.28, height: 841.89 }]);
    expect(facts.xmp).toContain("<pdfaid:part>3</pdfaid:part>");
    expect(facts.xmp).not.toContain("fx:ConformanceLevel");
  });

  it("is not made for an invoice whose net is not the period's time", () => {
    const entries = [entry("cust-stadt", "proj-portal", "2026-10-05", 240)];
    const build = input({ invoice: serviceInvoice("cust-stadt", 150_000, 19), customer: cityHall, entries });
    expect(buildTimeSheet(build, built(build))).toBeNull();
  });
});
