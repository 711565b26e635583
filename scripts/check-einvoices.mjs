// CI's document set: e-invoices made by the product's own code (dist/, after the build) and held to
// the official rules by ../shared/einvoice-rules (XSD, CEN EN 16931, and the KoSIT XRechnung
// schematron where the profile is XRechnung). Each set is written as XRechnung CII, XRechnung UBL and
// a ZUGFeRD PDF, whose attached XML is taken out of the PDF here and validated on its own. Any fatal
// finding fails (exit 1), naming the document and the rule. Defects planted into valid documents must
// be rejected too, or this fails as well: a validator that accepts everything proves nothing.
//
//   node scripts/check-einvoices.mjs      (after `npm run build`; .ci/run runs it)
//
// test/einvoice/ holds other documents to the same rules inside the suite; this set is CI's own, one
// process, the stylesheets loaded once.
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFStream,
} from "pdf-lib";

const root = fileURLToPath(new URL("..", import.meta.url));
const rules = resolve(root, "../shared/einvoice-rules/validate.mjs");
const started = performance.now();

function fail(message) {
  console.error(`check-einvoices: ${message}`);
  process.exit(1);
}

if (!existsSync(rules)) {
  fail(
    `the official e-invoice rules are missing: expected ${rules} (the shared einvoice-rules folder beside the repository)`,
  );
}
if (!existsSync(join(root, "dist", "einvoice", "document.js")))
  fail("dist/ is missing: run `npm run build` first");

// The validator finds saxon-js, xmllint-wasm and pdf-lib from the working directory's project.
process.chdir(root);
const validator = await import(pathToFileURL(rules).href);
const fromDist = (path) => import(pathToFileURL(join(root, "dist", path)).href);
const { eInvoiceXml } = await fromDist("einvoice/document.js");
const { zugferdPdf } = await fromDist("einvoice/pdf/documents.js");
const { buildTimeSheet } = await fromDist("einvoice/time-sheet.js");
const { dayBoundsUtc } = await fromDist("domain/dates/format.js");
const { fromCents, taxFromNet, toCents } = await fromDist("domain/money.js");
const { amountForMinutes } = await fromDist("domain/period-billing.js");

const ZONE = "Europe/Berlin";
const NOW = new Date("2026-12-01T09:30:00Z");
const fonts = {
  regular: readFileSync(join(root, "assets", "fonts", "DejaVuSans.ttf")),
  bold: readFileSync(join(root, "assets", "fonts", "DejaVuSans-Bold.ttf")),
};

// ---- the people and their work (fictitious) --------------------------------------------------------

const vatSeller = {
  name: "Jörg Weißmüller Softwareentwicklung",
  address: { street: "Schloßstraße 17", postcode: "70176", city: "Stuttgart", country: "DE" },
  vatId: "DE123456789",
  taxNumber: "93815/08152",
  contact: { name: "Jörg Weißmüller", phone: "+49 711 1234567", email: "rechnung@weissmueller.example" },
  iban: "DE02120300000000202051",
  bic: "BYLADEM1001",
  paymentTermsDays: 14,
};
/** Under § 19 UStG: a Steuernummer only, no USt-IdNr. */
const smallSeller = {
  name: "Grete Straßburger Übersetzungen",
  address: { street: "Äußere Güterstraße 3", postcode: "01069", city: "Dresden", country: "DE" },
  taxNumber: "203/118/04711",
  contact: { name: "Grete Straßburger", phone: "+49 351 7654321", email: "grete@strassburger.example" },
  iban: "DE75512108001245126199",
  paymentTermsDays: 30,
};

const cityHall = {
  _id: "c-city",
  name: "Stadtverwaltung Großenhain",
  email: "e-rechnung@grossenhain.example",
  hourlyRate: 95,
};
/** A public client: its Leitweg-ID is the buyer reference (BT-10). */
const cityHallProfile = {
  address: { street: "Hauptmarkt 1", postcode: "01558", city: "Großenhain", country: "DE" },
  buyerReference: "991-33333TEST-33",
};
const company = {
  _id: "c-co",
  name: "Müller & Söhne Straßenbau GmbH",
  email: "buchhaltung@mueller-soehne.example",
  hourlyRate: 80,
};
const companyProfile = {
  address: {
    street: "Große Weißgerberstraße 9",
    additionalLine: "Gebäude Ö, 2. OG",
    postcode: "80331",
    city: "München",
    country: "DE",
  },
  vatId: "DE987654321",
  buyerReference: "Bestellung 4711/Ä",
};

const projectNames = new Map([
  ["p-portal", "Bürgerportal – Anträge für Straßensondernutzung"],
  ["p-kita", "Kita-Anmeldung „Früh & Spät“"],
  ["p-shop", "Webshop Überarbeitung"],
]);

function period(first, last) {
  return { periodStart: dayBoundsUtc(first, ZONE).startMs, periodEnd: dayBoundsUtc(last, ZONE).endMs - 1 };
}

/** Entries of quarter hours (so every project's hours at the rate are whole cents) on several projects. */
function entries(customerId, projects, count) {
  return Array.from({ length: count }, (_, i) => {
    const day = `2026-11-${String(2 + (i % 26)).padStart(2, "0")}`;
    const minutes = [45, 90, 120, 15, 240, 60][i % 6];
    const startTime = dayBoundsUtc(day, ZONE).startMs + (8 + (i % 3) * 3) * 3_600_000;
    return {
      customerId,
      projectId: projects[i % projects.length],
      startTime,
      endTime: startTime + minutes * 60_000,
      durationMinutes: minutes,
      description: [
        "Abstimmung mit dem Fachbereich",
        "Umsetzung & Tests <Release 2>",
        "Größenänderung der Formulare",
      ][i % 3],
    };
  });
}

/** The service's invoice for a net in cents: tax and gross as the service computes them. */
function invoice(customerId, number, netCents, rate, notes) {
  const tax = taxFromNet(netCents, rate);
  return {
    invoiceNumber: number,
    customerId,
    invoiceDate: dayBoundsUtc("2026-12-01", ZONE).startMs + 10 * 3_600_000,
    ...period("2026-11-01", "2026-11-30"),
    netAmount: fromCents(netCents),
    taxRate: rate,
    taxAmount: fromCents(tax),
    grossAmount: fromCents(netCents + tax),
    ...(notes ? { notes } : {}),
  };
}

const netOf = (list, rate) =>
  amountForMinutes(
    list.reduce((sum, e) => sum + e.durationMinutes, 0),
    toCents(rate),
  );

const longNote = [
  "Leistungen November 2026 gemäß Rahmenvertrag „Straßenbau digital“ vom 03.02.2026, Los 2 <Fachverfahren> & Änderungsvereinbarung Nr. 1.",
  ...Array.from(
    { length: 14 },
    (_, i) =>
      `Arbeitspaket ${i + 1}: Anforderungsanalyse, Umsetzung, Qualitätssicherung und Übergabe für die Abteilung Grünflächen/Straßenmöblierung (Maß ${i + 1}).`,
  ),
  "Zahlbar ohne Abzug; bei Rückfragen bitte die Rechnungsnummer angeben.",
].join("\n");

function build(parts) {
  return { entries: [], projectNames, seller: vatSeller, buyer: companyProfile, timeZone: ZONE, ...parts };
}

const cityEntries = entries("c-city", ["p-portal", "p-kita", "p-shop"], 36);
const companyEntries = entries("c-co", ["p-shop", "p-portal"], 20);

/** Each set: how it is made, where its lines must come from, and the ZUGFeRD profile of its PDF. */
const SETS = [
  {
    name: "19 % from time (3 projects), public buyer with Leitweg-ID",
    input: build({
      invoice: invoice("c-city", "RE-2026-0101", netOf(cityEntries, 95), 19, "Leistungen November 2026"),
      customer: cityHall,
      buyer: cityHallProfile,
      entries: cityEntries,
    }),
    lines: "time",
    zugferd: "XRECHNUNG",
  },
  {
    name: "19 % fixed fee, company, umlauts and ß, a long multi-line note",
    input: build({ invoice: invoice("c-co", "RE-2026-0102", 1_234_567, 19, longNote), customer: company }),
    lines: "notes",
    zugferd: "EN16931",
  },
  {
    name: "7 % from time (2 projects), company",
    input: build({
      invoice: invoice("c-co", "RE-2026-0103", netOf(companyEntries, 80), 7),
      customer: company,
      entries: companyEntries,
    }),
    lines: "time",
    zugferd: "EN16931",
  },
  {
    name: "7 % fixed fee, public buyer with Leitweg-ID",
    input: build({
      invoice: invoice(
        "c-city",
        "RE-2026-0104",
        45_000,
        7,
        "Übersetzung der Satzung über Straßenreinigung, Kapitel 3–5",
      ),
      customer: cityHall,
      buyer: cityHallProfile,
    }),
    lines: "notes",
    zugferd: "XRECHNUNG",
  },
  {
    name: "§ 19 (0 %) from time (3 projects), Steuernummer only, public buyer with Leitweg-ID",
    input: build({
      invoice: invoice("c-city", "RE-2026-0105", netOf(cityEntries, 95), 0),
      customer: cityHall,
      buyer: cityHallProfile,
      entries: cityEntries,
      seller: smallSeller,
    }),
    lines: "time",
    zugferd: "XRECHNUNG",
  },
  {
    name: "§ 19 (0 %) fixed fee, Steuernummer only, company",
    input: build({
      invoice: invoice(
        "c-co",
        "RE-2026-0106",
        60_000,
        0,
        "Übersetzung Geschäftsbericht\nDeutsch → Englisch, 42 Seiten",
      ),
      customer: company,
      seller: smallSeller,
    }),
    lines: "notes",
    zugferd: "EN16931",
  },
];

// ---- the rules --------------------------------------------------------------------------------------

function fatalFindings(report) {
  const xsd =
    report.xsd.valid === false
      ? report.xsd.errors.map((e) => ({ id: "XSD", text: `line ${e.line}: ${e.message}` }))
      : [];
  const rulesFound = [...report.cen, ...(report.kosit ?? []), ...(report.errors ?? [])].filter(
    (f) => f.level === "fatal",
  );
  return [...xsd, ...rulesFound.map((f) => ({ id: f.id, text: `${f.location ?? ""} ${f.text}`.trim() }))];
}

/** The rule layers that ran on a document and their verdict, as the summary names them. */
function verdictOf(report) {
  const fatal = fatalFindings(report).length;
  const layers = ["XSD", "CEN", ...(report.kosit ? ["KoSIT"] : [])].join(", ");
  return `${layers}: ${report.valid ? "valid" : `INVALID, ${fatal} fatal`}`;
}

async function validate(name, bytes) {
  return validator.validateBytes(typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes, {
    name,
  });
}

const problems = [];

/** A document of the set: no fatal finding, and the layers its profile asks for have run. */
async function holds(setName, format, bytes, { xrechnung }) {
  const report = await validate(`${setName}: ${format}`, bytes);
  for (const finding of fatalFindings(report))
    problems.push(`${setName} / ${format}: fatal ${finding.id}: ${finding.text.slice(0, 300)}`);
  if (!report.valid && fatalFindings(report).length === 0)
    problems.push(`${setName} / ${format}: not valid (${validator.formatText(report).split("\n").at(-1)})`);
  if (xrechnung && !/XRechnung 3\.0/.test(report.profile))
    problems.push(`${setName} / ${format}: profile "${report.profile}", not XRechnung 3.0`);
  if (xrechnung && !report.kosit)
    problems.push(`${setName} / ${format}: the KoSIT XRechnung rules did not run`);
  return report;
}

/**
 * The rules check that a document agrees with itself; this, that it agrees with the service: net,
 * tax and gross are the service invoice's figures to the cent.
 */
function figuresOf(where, xml, serviceInvoice) {
  const text = typeof xml === "string" ? xml : new TextDecoder().decode(xml);
  const amount = (element) => new RegExp(`<${element}(?: [^>]*)?>([^<]*)</${element}>`).exec(text)?.[1];
  const [net, tax, gross] = text.includes("<rsm:CrossIndustryInvoice")
    ? ["ram:TaxBasisTotalAmount", "ram:TaxTotalAmount", "ram:GrandTotalAmount"].map(amount)
    : ["cbc:TaxExclusiveAmount", "cbc:TaxAmount", "cbc:TaxInclusiveAmount"].map(amount);
  const expected = [serviceInvoice.netAmount, serviceInvoice.taxAmount, serviceInvoice.grossAmount].map(
    (eur) => eur.toFixed(2),
  );
  if (`${net} ${tax} ${gross}` !== expected.join(" ")) {
    problems.push(`${where}: net, tax, gross ${net} ${tax} ${gross}, the service's ${expected.join(" ")}`);
  }
}

// ---- the PDF: the XML taken out of it, and how it is attached -------------------------------------

async function attachmentsOf(pdf) {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const named = new Set();
  const tree = doc.catalog.lookup(PDFName.of("Names"), PDFDict)?.lookup(PDFName.of("EmbeddedFiles"), PDFDict);
  const leaves = tree?.lookup(PDFName.of("Names"), PDFArray);
  for (let i = 0; leaves && i < leaves.size(); i += 2) named.add(leaves.lookup(i).decodeText());
  const af = doc.catalog.lookup(PDFName.of("AF"));
  const files = new Map();
  for (let i = 0; af instanceof PDFArray && i < af.size(); i++) {
    const spec = af.lookup(i, PDFDict);
    const name = (spec.lookup(PDFName.of("UF")) ?? spec.lookup(PDFName.of("F"))).decodeText();
    const stream = spec.lookup(PDFName.of("EF"), PDFDict).lookup(PDFName.of("F"), PDFStream);
    const bytes = stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : new Uint8Array();
    files.set(name, {
      bytes,
      relationship: spec.lookup(PDFName.of("AFRelationship"))?.toString().slice(1),
      inNameTree: named.has(name),
    });
  }
  const metadata = doc.catalog.lookup(PDFName.of("Metadata"));
  const xmp = metadata instanceof PDFRawStream ? new TextDecoder().decode(metadata.getContents()) : "";
  return { files, xmp };
}

/** The ZUGFeRD PDF carries its XML as the associated file the profile names; returns that XML. */
async function embeddedXml(where, pdf, profile, withTimeSheet) {
  const fileName = profile === "XRECHNUNG" ? "xrechnung.xml" : "factur-x.xml";
  const { files, xmp } = await attachmentsOf(pdf);
  const xml = files.get(fileName);
  if (!xml) {
    problems.push(
      `${where}: no ${fileName} among the PDF's associated files (/AF: ${[...files.keys()].join(", ") || "none"})`,
    );
    return undefined;
  }
  if (xml.relationship !== "Alternative")
    problems.push(`${where}: ${fileName} has AFRelationship ${xml.relationship}, not Alternative`);
  if (!xml.inNameTree) problems.push(`${where}: ${fileName} is not in the EmbeddedFiles name tree`);
  if (!xmp.includes("<pdfaid:part>3</pdfaid:part>"))
    problems.push(`${where}: the XMP does not claim PDF/A-3`);
  if (!xmp.includes(`<fx:DocumentFileName>${fileName}</fx:DocumentFileName>`))
    problems.push(`${where}: the XMP does not name ${fileName}`);
  const sheet = files.get("leistungsnachweis.pdf");
  if (
    withTimeSheet &&
    (sheet?.relationship !== "Supplement" ||
      !new TextDecoder().decode(sheet.bytes.slice(0, 5)).startsWith("%PDF-"))
  ) {
    problems.push(`${where}: the time sheet is not attached as a PDF with AFRelationship Supplement`);
  }
  return xml.bytes;
}

// ---- the set --------------------------------------------------------------------------------------

const made = new Map();
let documents = 0;
for (const set of SETS) {
  const setStarted = performance.now();
  const formats = [];
  for (const syntax of ["cii", "ubl"]) {
    const outcome = eInvoiceXml(set.input, syntax);
    if (outcome.kind !== "document") {
      problems.push(
        `${set.name}: no ${syntax.toUpperCase()} document (${outcome.kind}: ${JSON.stringify(outcome.refusal ?? outcome.gaps)})`,
      );
      continue;
    }
    if (outcome.linesFrom !== set.lines)
      problems.push(`${set.name}: lines from ${outcome.linesFrom}, expected from ${set.lines}`);
    made.set(`${set.name} ${syntax}`, outcome);
    const format = `XRechnung ${syntax.toUpperCase()}`;
    figuresOf(`${set.name} / ${format}`, outcome.xml, set.input.invoice);
    const report = await holds(set.name, format, outcome.xml, { xrechnung: true });
    formats.push(`${format} (${verdictOf(report)})`);
    documents++;
  }
  const model = made.get(`${set.name} cii`)?.invoice;
  if (model) {
    const timeSheet = buildTimeSheet(set.input, model);
    if ((set.lines === "time") !== (timeSheet !== null))
      problems.push(`${set.name}: time sheet ${timeSheet ? "made" : "missing"}`);
    const format = `ZUGFeRD ${set.zugferd}${timeSheet ? " + time sheet" : ""}`;
    const pdf = await zugferdPdf(model, { fonts, now: NOW, profile: set.zugferd, timeSheet });
    made.set(`${set.name} pdf`, { pdf, model, timeSheet });
    const xml = await embeddedXml(`${set.name} / ${format}`, pdf, set.zugferd, timeSheet !== null);
    if (xml) {
      figuresOf(`${set.name} / ${format}`, xml, set.input.invoice);
      const report = await holds(set.name, `${format} (its XML)`, xml, {
        xrechnung: set.zugferd === "XRECHNUNG",
      });
      formats.push(`${format} (${verdictOf(report)})`);
      documents++;
    }
  }
  console.error(
    `check-einvoices: ${set.name}: ${formats.join(", ")}, ${((performance.now() - setStarted) / 1000).toFixed(1)} s`,
  );
}

// ---- planted defects: each must be rejected, for the rule it breaks ---------------------------------

/** The first amount matched by `pattern` (its euros and cents in the groups 2 and 3) one cent higher. */
function centMore(xml, pattern) {
  return xml.replace(pattern, (_, head, euros, cents) => {
    const plus = Number(euros) * 100 + Number(cents) + 1;
    return `${head}${Math.floor(plus / 100)}.${String(plus % 100).padStart(2, "0")}`;
  });
}

const publicTime = SETS[0];
const smallFee = SETS[5];
const xmlOf = (set, syntax) => made.get(`${set.name} ${syntax}`)?.xml ?? "";
const DEFECTS = [
  {
    name: "XRechnung CII, a line's amount one cent off",
    rule: "BR-CO-10",
    make: () => centMore(xmlOf(publicTime, "cii"), /(<ram:LineTotalAmount>)(\d+)\.(\d\d)/),
    original: () => xmlOf(publicTime, "cii"),
  },
  {
    name: "XRechnung UBL, a line's amount one cent off",
    rule: "BR-CO-10",
    make: () =>
      centMore(
        xmlOf(publicTime, "ubl"),
        /(<cac:InvoiceLine>(?:(?!<\/cac:InvoiceLine>).)*?<cbc:LineExtensionAmount currencyID="EUR">)(\d+)\.(\d\d)/s,
      ),
    original: () => xmlOf(publicTime, "ubl"),
  },
  {
    name: "XRechnung CII without the buyer reference (Leitweg-ID)",
    rule: "BR-DE-15",
    make: () => xmlOf(publicTime, "cii").replace(/<ram:BuyerReference>[^<]*<\/ram:BuyerReference>/, ""),
    original: () => xmlOf(publicTime, "cii"),
  },
  {
    name: "XRechnung UBL without the buyer reference (Leitweg-ID)",
    rule: "BR-DE-15",
    make: () => xmlOf(publicTime, "ubl").replace(/<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, ""),
    original: () => xmlOf(publicTime, "ubl"),
  },
  {
    name: "ZUGFeRD XRECHNUNG whose attached XML has a line one cent off",
    rule: "BR-CO-10",
    pdf: async () => {
      const { model, timeSheet } = made.get(`${publicTime.name} pdf`);
      const [first, ...rest] = model.lines;
      const broken = { ...model, lines: [{ ...first, net: first.net + 1 }, ...rest] };
      return zugferdPdf(broken, { fonts, now: NOW, profile: "XRECHNUNG", timeSheet });
    },
  },
  {
    name: "XRechnung CII without ApplicableHeaderTradeDelivery, as a generator writes it with no delivery date",
    rule: "XSD",
    make: () => xmlOf(smallFee, "cii").replace("<ram:ApplicableHeaderTradeDelivery/>", ""),
    original: () => xmlOf(smallFee, "cii"),
  },
  {
    name: "XRechnung CII of a Steuernummer-only seller without the seller identifier (BT-29), as the same generator writes it",
    rule: "BR-CO-26",
    make: () =>
      xmlOf(smallFee, "cii").replace(
        `<ram:SellerTradeParty><ram:ID>${smallSeller.taxNumber}</ram:ID>`,
        "<ram:SellerTradeParty>",
      ),
    original: () => xmlOf(smallFee, "cii"),
  },
];

const defectsStarted = performance.now();
const caught = [];
for (const defect of DEFECTS) {
  let bytes;
  if (defect.pdf) {
    bytes = await embeddedXml(`planted defect "${defect.name}"`, await defect.pdf(), "XRECHNUNG", true);
    if (!bytes) continue;
  } else {
    bytes = defect.make();
    if (bytes === defect.original()) {
      problems.push(
        `planted defect "${defect.name}": could not be planted (the document did not have what it changes)`,
      );
      continue;
    }
  }
  const report = await validate(`defect: ${defect.name}`, bytes);
  const rulesFound = fatalFindings(report).map((f) => f.id);
  if (report.valid || !rulesFound.includes(defect.rule)) {
    problems.push(
      `planted defect "${defect.name}": the validator ${report.valid ? "accepted it" : `rejected it for ${[...new Set(rulesFound)].join(", ")} but not for ${defect.rule}`}`,
    );
  } else {
    caught.push(defect.rule);
  }
}
console.error(
  `check-einvoices: planted defects: ${caught.length} of ${DEFECTS.length} rejected (${caught.join(", ")}), ${((performance.now() - defectsStarted) / 1000).toFixed(1)} s`,
);

const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (problems.length > 0) {
  for (const problem of problems) console.error(`check-einvoices: FAIL ${problem}`);
  fail(`${problems.length} problem(s) in ${documents} documents of ${SETS.length} sets, ${seconds} s`);
}
console.error(
  `check-einvoices: ${documents} documents in ${SETS.length} sets valid by the official rules with the service's net, tax and gross, ${caught.length} planted defects rejected, ${seconds} s`,
);
