/**
 * Every document this product writes, held to the official rules: the XSD, the CEN EN 16931
 * schematron and the KoSIT XRechnung schematron, run offline by ../shared/einvoice-rules (beside the
 * repository, in CI a read-only copy). Without that folder this file fails: it never skips.
 *
 * The set: 19 %, 7 % and § 19; from time and from a fixed fee; umlauts, markup characters and long
 * notes; a public buyer with a Leitweg-ID and a company; CII and UBL. Each must have no fatal
 * finding, and defects planted into valid documents (a sum off by a cent, no buyer reference, and
 * the two faults a widely used generator has: no delivery element, no seller identifier) must be
 * caught, so a validator that passed everything would fail here. The two faults are pinned from our
 * side as well: with no delivery date the service period (BG-14) stands where KoSIT's BR-DE-TMP-32
 * looks for it, and a Steuernummer-only seller has both BT-29 (BR-CO-26) and BT-32 as FC (BR-DE-16).
 */
import { afterAll, describe, expect, it } from "vitest";
import type { BuildInput } from "../../src/einvoice/build.js";
import { eInvoiceXml } from "../../src/einvoice/document.js";
import type { Syntax } from "../../src/einvoice/model.js";
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

const timings = new Timings();
afterAll(() => timings.report("official rules, XML"));

function validate(name: string, xml: string) {
  return timings.validate(name, xml);
}

const timeEntries = [
  entry("cust-stadt", "proj-portal", "2026-10-05", 240),
  entry("cust-stadt", "proj-portal", "2026-10-06", 195),
  entry("cust-stadt", "proj-kita", "2026-10-07", 90),
  entry("cust-stadt", "proj-kita", "2026-10-20", 105),
];
const cityHallNet = netOfTime(timeEntries, 95);

const longNotes = [
  "Leistungen Oktober 2026 gemäß Rahmenvertrag „Digitale Verwaltung“ vom 03.02.2026 <Los 2> & Änderungsvereinbarung Nr. 1.",
  ...Array.from(
    { length: 12 },
    (_, i) =>
      `Arbeitspaket ${i + 1}: Anforderungsanalyse, Umsetzung, Tests und Übergabe für Fachbereich Straßenverkehr/Grünflächen (Ü-${i}).`,
  ),
].join("\n");

const cases: { name: string; build: BuildInput; lines: "time" | "notes" }[] = [
  {
    name: "19 % from time, public buyer with Leitweg-ID",
    build: input({
      invoice: serviceInvoice("cust-stadt", cityHallNet, 19),
      customer: cityHall,
      entries: timeEntries,
    }),
    lines: "time",
  },
  {
    name: "19 % fixed fee, company buyer, long notes with umlauts and markup characters",
    build: input({
      invoice: serviceInvoice("cust-acme", 1_234_567, 19, { notes: longNotes }),
      customer: company,
      buyer: companyBuyer,
    }),
    lines: "notes",
  },
  {
    name: "7 % fixed fee, company buyer",
    build: input({
      invoice: serviceInvoice("cust-acme", 45_000, 7, { notes: "Übersetzung Fachbuch, Kapitel 3–5" }),
      customer: company,
      buyer: companyBuyer,
    }),
    lines: "notes",
  },
  {
    name: "§ 19 from time, Steuernummer only, public buyer",
    build: input({
      invoice: serviceInvoice("cust-stadt", cityHallNet, 0),
      customer: cityHall,
      entries: timeEntries,
      seller: smallSeller,
    }),
    lines: "time",
  },
  {
    name: "§ 19 fixed fee, Steuernummer only, company buyer",
    build: input({
      invoice: serviceInvoice("cust-acme", 60_000, 0, {
        notes: "Logo-Entwurf inkl. zwei Korrekturschleifen",
      }),
      customer: company,
      buyer: companyBuyer,
      seller: smallSeller,
    }),
    lines: "notes",
  },
];

// 100 and 200 minutes at 120 EUR: 1.6667 and 3.3333 hours, whose products with the rate are the lines' 200.00 and 400.00 EUR.
const oddMinutes = [
  entry("cust-acme", "proj-shop", "2026-10-12", 100),
  entry("cust-acme", "proj-portal", "2026-10-13", 200),
];
cases.push(
  {
    name: "19 % from time, hours with four decimals, company buyer",
    build: input({
      invoice: serviceInvoice("cust-acme", netOfTime(oddMinutes, 120), 19),
      customer: { ...company, hourlyRate: 120 },
      entries: oddMinutes,
      buyer: companyBuyer,
    }),
    lines: "time",
  },
  {
    name: "§ 19 with a USt-IdNr as well as the Steuernummer",
    build: input({
      invoice: serviceInvoice("cust-stadt", 48_000, 0, { notes: "Workshop" }),
      customer: cityHall,
      seller: { ...smallSeller, vatId: "DE811907980" },
    }),
    lines: "notes",
  },
);

const documents = cases.flatMap((c) =>
  (["cii", "ubl"] as Syntax[]).map((syntax) => ({ ...c, syntax, name: `${syntax.toUpperCase()} ${c.name}` })),
);

function xmlOf(build: BuildInput, syntax: Syntax): string {
  const outcome = eInvoiceXml(build, syntax);
  if (outcome.kind !== "document") throw new Error(`no document: ${JSON.stringify(outcome)}`);
  return outcome.xml;
}

describe("documents the product writes", () => {
  it.each(documents)("$name: no fatal finding", async ({ name, build, syntax, lines }) => {
    const outcome = eInvoiceXml(build, syntax);
    expect(outcome.kind).toBe("document");
    if (outcome.kind !== "document") return;
    expect(outcome.linesFrom).toBe(lines);
    const report = await validate(name, outcome.xml);
    expect(report.profile).toContain("XRechnung 3.0");
    expect(fatalIds(report), validator.formatText(report)).toEqual([]);
    expect(report.valid).toBe(true);
  });
});

describe("planted defects are caught", () => {
  const publicTime = cases[0]!.build;
  const smallBusiness = cases[3]!.build;

  it("a grand total off by a cent (CII)", async () => {
    const xml = xmlOf(publicTime, "cii");
    const gross = (cityHallNet + Math.floor((cityHallNet * 19 + 50) / 100)) / 100;
    const planted = xml.replace(
      `<ram:GrandTotalAmount>${gross.toFixed(2)}</ram:GrandTotalAmount>`,
      `<ram:GrandTotalAmount>${(gross + 0.01).toFixed(2)}</ram:GrandTotalAmount>`,
    );
    expect(planted).not.toBe(xml);
    const report = await validate("defect: CII grand total +1 cent", planted);
    expect(report.valid).toBe(false);
    expect(fatalIds(report)).toContain("BR-CO-15");
  });

  it("a line amount off by a cent (UBL)", async () => {
    const xml = xmlOf(publicTime, "ubl");
    const planted = xml.replace(
      /(<cac:InvoiceLine><cbc:ID>1<\/cbc:ID><cbc:InvoicedQuantity[^>]*>[^<]*<\/cbc:InvoicedQuantity><cbc:LineExtensionAmount currencyID="EUR">)(\d+)\.(\d\d)/,
      (_, head: string, euros: string, cents: string) => {
        const plus = Number(euros) * 100 + Number(cents) + 1;
        return `${head}${Math.floor(plus / 100)}.${String(plus % 100).padStart(2, "0")}`;
      },
    );
    expect(planted).not.toBe(xml);
    const report = await validate("defect: UBL line +1 cent", planted);
    expect(report.valid).toBe(false);
    expect(fatalIds(report)).toContain("BR-CO-10");
  });

  it("no buyer reference (UBL and CII)", async () => {
    const ubl = xmlOf(publicTime, "ubl").replace(/<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, "");
    const cii = xmlOf(publicTime, "cii").replace(/<ram:BuyerReference>[^<]*<\/ram:BuyerReference>/, "");
    for (const [name, planted] of [
      ["UBL", ubl],
      ["CII", cii],
    ] as const) {
      const report = await validate(`defect: ${name} without buyer reference`, planted);
      expect(fatalIds(report)).toContain("BR-DE-15");
    }
  });

  it("no delivery element in CII, as a generator version writes it when there is no delivery date", async () => {
    const xml = xmlOf(smallBusiness, "cii");
    expect(xml).toContain("<ram:ApplicableHeaderTradeDelivery/>");
    const report = await validate(
      "defect: CII without ApplicableHeaderTradeDelivery",
      xml.replace("<ram:ApplicableHeaderTradeDelivery/>", ""),
    );
    expect(fatalIds(report)).toContain("XSD");
  });

  it("no seller identifier in CII for a seller without USt-IdNr, as the same generator writes it", async () => {
    const xml = xmlOf(smallBusiness, "cii");
    expect(xml).toContain("<ram:SellerTradeParty><ram:ID>231/456/78901</ram:ID>");
    const report = await validate(
      "defect: CII without seller identifier",
      xml.replace("<ram:ID>231/456/78901</ram:ID><ram:Name>", "<ram:Name>"),
    );
    expect(fatalIds(report)).toContain("BR-CO-26");
  });
});

describe("the two generator faults, pinned as what our writer does right", () => {
  // A § 19 seller with only a Steuernummer, a fixed fee: the model never has a delivery date (BT-72).
  const feeOnly = cases[4]!.build;
  const anyLevel = (report: Awaited<ReturnType<typeof validate>>, id: string) =>
    [...report.cen, ...(report.kosit ?? [])].filter((f) => f.id === id);

  it.each([
    ["cii", /<ram:BillingSpecifiedPeriod>.*?<\/ram:BillingSpecifiedPeriod>/],
    ["ubl", /<cac:InvoicePeriod>.*?<\/cac:InvoicePeriod>/],
  ] as const)(
    "no delivery date: %s carries the service period (BG-14) the rules ask for instead",
    async (syntax, periodElement) => {
      const xml = xmlOf(feeOnly, syntax);
      expect(xml).not.toMatch(/ActualDeliverySupplyChainEvent|<cac:Delivery>/);
      expect(xml.match(periodElement)?.[0] ?? "no BG-14").toMatch(/20261001|2026-10-01/);
      if (syntax === "cii") expect(xml).toContain("<ram:ApplicableHeaderTradeDelivery/>");
      const report = await validate(`no delivery date, ${syntax}`, xml);
      expect(fatalIds(report), validator.formatText(report)).toEqual([]);
      expect(anyLevel(report, "BR-DE-TMP-32")).toEqual([]);
      // Without BG-14 (and no BT-72) KoSIT's rule for the service date speaks: the check above is live.
      const planted = await validate(`defect: ${syntax} without BG-14`, xml.replace(periodElement, ""));
      expect(anyLevel(planted, "BR-DE-TMP-32")).not.toEqual([]);
    },
  );

  it("Steuernummer only: CII names it as BT-32 (schemeID FC) and as the seller identifier BT-29", async () => {
    const xml = xmlOf(feeOnly, "cii");
    const party = xml.match(/<ram:SellerTradeParty>.*?<\/ram:SellerTradeParty>/)?.[0] ?? "";
    expect(party).toMatch(/^<ram:SellerTradeParty><ram:ID>231\/456\/78901<\/ram:ID>/);
    expect(party).toContain(
      '<ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">231/456/78901</ram:ID></ram:SpecifiedTaxRegistration>',
    );
    expect(party).not.toContain('schemeID="VA"');
    const report = await validate("Steuernummer only, CII", xml);
    expect(fatalIds(report), validator.formatText(report)).toEqual([]);
    // BT-29 without BT-32 is the other half of the fault: BR-DE-16 and BR-E-02 ask for the tax registration.
    const planted = await validate(
      "defect: CII without the FC registration",
      xml.replace(
        '<ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">231/456/78901</ram:ID></ram:SpecifiedTaxRegistration>',
        "",
      ),
    );
    expect(fatalIds(planted)).toEqual(expect.arrayContaining(["BR-DE-16", "BR-E-02"]));
  });
});
