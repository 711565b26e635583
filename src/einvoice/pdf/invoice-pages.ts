/**
 * The invoice as a reader sees it: the same model the XML is written from, so the page and the
 * attached e-invoice cannot disagree. Seller and buyer blocks, number, dates, service period and
 * reference, the lines, the sums, the § 19 note where it applies, the notes and how to pay.
 */
import type { PDFDocument } from "pdf-lib";
import type { EInvoice, InvoiceLine, PostalAddress } from "../model.js";
import { germanAmount, germanDate } from "../words.js";
import { decimalRate } from "../xml.js";
import { A4, CONTENT_WIDTH, type Faces, MARGIN, MUTED, Sheet } from "./layout.js";

const RIGHT = A4.width - MARGIN.right;
/** Column right edges of the lines table. */
const COL = {
  pos: MARGIN.left,
  name: MARGIN.left + 26,
  qty: 350,
  unit: 356,
  price: 460,
  amount: RIGHT,
} as const;

export function euro(cents: number): string {
  return `${germanAmount(cents)} €`;
}

/** Ten-thousandths → "7,25", "1,6667", "1". */
export function germanQuantity(tenThousandths: number): string {
  const whole = Math.floor(tenThousandths / 10_000);
  const fraction = String(tenThousandths % 10_000)
    .padStart(4, "0")
    .replace(/0+$/, "");
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return fraction ? `${grouped},${fraction.length === 1 ? `${fraction}0` : fraction}` : grouped;
}

function addressLines(address: PostalAddress): string[] {
  return [
    address.additionalLine ?? "",
    address.street,
    `${address.postcode} ${address.city}`.trim(),
    address.country === "DE" ? "" : address.country,
  ].filter((line) => line !== "");
}

export function sellerFooter(invoice: EInvoice): string[] {
  const { seller } = invoice;
  const ids = [
    seller.vatId ? `USt-IdNr. ${seller.vatId}` : "",
    seller.taxNumber ? `Steuernummer ${seller.taxNumber}` : "",
  ].filter(Boolean);
  const bank = invoice.payment
    ? [`IBAN ${groupedIban(invoice.payment.iban)}`, invoice.payment.bic ? `BIC ${invoice.payment.bic}` : ""]
    : [];
  return [
    [seller.name, seller.address.street, `${seller.address.postcode} ${seller.address.city}`].join(" · "),
    [seller.contact.name, seller.contact.phone, seller.contact.email].filter(Boolean).join(" · "),
    [...ids, ...bank].filter(Boolean).join(" · "),
  ];
}

function groupedIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, "$1 ");
}

export function drawInvoice(doc: PDFDocument, faces: Faces, invoice: EInvoice): Sheet {
  const sheet = new Sheet(doc, faces, (s) => {
    s.text(`Rechnung ${invoice.number}`, MARGIN.left, s.y, { size: 9, bold: true });
    s.text(invoice.seller.name, RIGHT, s.y, { size: 9, color: MUTED, align: "right" });
    s.y -= 14;
    s.rule(s.y + 4);
    s.y -= 10;
  });
  const { seller, buyer } = invoice;

  sheet.text(seller.name, MARGIN.left, sheet.y, { size: 16, bold: true });
  sheet.y -= 44;
  const returnAddress = [
    seller.name,
    seller.address.street,
    `${seller.address.postcode} ${seller.address.city}`,
  ].join(" · ");
  sheet.text(returnAddress, MARGIN.left, sheet.y, { size: 7, color: MUTED });
  const top = sheet.y - 16;

  let y = top;
  for (const line of [buyer.name, ...addressLines(buyer.address)]) {
    for (const part of sheet.wrap(line, 230, { size: 10 })) {
      sheet.text(part, MARGIN.left, y, { size: 10, bold: line === buyer.name });
      y -= 13;
    }
  }

  const facts: [string, string][] = [
    ["Rechnungsnummer", invoice.number],
    ["Rechnungsdatum", germanDate(invoice.issueDate)],
  ];
  if (invoice.period) {
    facts.push([
      "Leistungszeitraum",
      invoice.period.start === invoice.period.end
        ? germanDate(invoice.period.start)
        : `${germanDate(invoice.period.start)} – ${germanDate(invoice.period.end)}`,
    ]);
  }
  if (buyer.buyerReference) {
    facts.push([
      buyer.electronicAddress?.scheme === "0204" ? "Leitweg-ID" : "Ihre Referenz",
      buyer.buyerReference,
    ]);
  }
  if (buyer.vatId) facts.push(["Ihre USt-IdNr.", buyer.vatId]);
  if (seller.vatId) facts.push(["Unsere USt-IdNr.", seller.vatId]);
  else if (seller.taxNumber) facts.push(["Steuernummer", seller.taxNumber]);
  let factY = top + 2;
  sheet.text("Rechnung", RIGHT, factY + 14, { size: 16, bold: true, align: "right" });
  factY -= 8;
  for (const [label, value] of facts) {
    sheet.text(label, 340, factY, { size: 8.5, color: MUTED });
    sheet.text(value, RIGHT, factY, { size: 8.5, align: "right" });
    factY -= 12.5;
  }
  sheet.y = Math.min(y, factY) - 24;

  drawLines(sheet, invoice);
  drawTotals(sheet, invoice);
  drawNotes(sheet, invoice);
  drawPayment(sheet, invoice);
  sheet.footer(sellerFooter(invoice));
  return sheet;
}

function tableHeader(sheet: Sheet): void {
  const y = sheet.y;
  const style = { size: 8, bold: true } as const;
  sheet.text("Pos.", COL.pos, y, style);
  sheet.text("Leistung", COL.name, y, style);
  sheet.text("Menge", COL.qty, y, { ...style, align: "right" });
  sheet.text("Einheit", COL.unit, y, style);
  sheet.text("Einzelpreis", COL.price, y, { ...style, align: "right" });
  sheet.text("Betrag", COL.amount, y, { ...style, align: "right" });
  sheet.rule(y - 5, MARGIN.left, RIGHT, 0.75);
  sheet.y -= 18;
}

function drawLines(sheet: Sheet, invoice: EInvoice): void {
  sheet.need(60);
  tableHeader(sheet);
  for (const line of invoice.lines) drawLine(sheet, line);
}

function drawLine(sheet: Sheet, line: InvoiceLine): void {
  const nameWidth = COL.qty - 48 - COL.name;
  const names = sheet.wrap(line.name, nameWidth, { size: 9, bold: true });
  const descriptions = line.description ? sheet.wrap(line.description, nameWidth, { size: 8 }) : [];
  const height = names.length * 11 + descriptions.length * 10 + 8;
  if (sheet.y - Math.min(height, 120) < MARGIN.bottom) {
    sheet.addPage();
    tableHeader(sheet);
  }
  const y = sheet.y;
  sheet.text(line.id, COL.pos, y);
  sheet.text(germanQuantity(line.quantity), COL.qty, y, { align: "right" });
  sheet.text(line.unit === "HUR" ? "Std." : "pauschal", COL.unit, y);
  sheet.text(euro(line.unitPrice), COL.price, y, { align: "right" });
  sheet.text(euro(line.net), COL.amount, y, { align: "right" });
  for (const part of names) {
    sheet.need(11);
    sheet.text(part, COL.name, sheet.y, { size: 9, bold: true });
    sheet.y -= 11;
  }
  for (const part of descriptions) {
    sheet.need(10);
    sheet.text(part, COL.name, sheet.y, { size: 8, color: MUTED });
    sheet.y -= 10;
  }
  sheet.y -= 6;
}

function drawTotals(sheet: Sheet, invoice: EInvoice): void {
  const { totals, vat } = invoice;
  sheet.need(70);
  sheet.rule(sheet.y + 4, 330, RIGHT);
  sheet.y -= 10;
  const row = (label: string, value: string, bold = false) => {
    sheet.text(label, 330, sheet.y, { size: 9, bold });
    sheet.text(value, RIGHT, sheet.y, { size: 9, bold, align: "right" });
    sheet.y -= 14;
  };
  row("Nettobetrag", euro(totals.net));
  // Under § 19 no VAT is shown at all, not even as 0,00 €: the sentence below says why.
  if (vat.category === "S") row(`Umsatzsteuer ${germanRate(vat.rate)} %`, euro(totals.tax));
  else if (vat.category !== "E") row("Umsatzsteuer", euro(totals.tax));
  sheet.rule(sheet.y + 10, 330, RIGHT, 0.75);
  row("Rechnungsbetrag", euro(totals.gross), true);
  if (vat.category === "E" && vat.exemptionReason) {
    sheet.y -= 4;
    for (const part of sheet.wrap(vat.exemptionReason, CONTENT_WIDTH, { size: 9, bold: true })) {
      sheet.text(part, MARGIN.left, sheet.y, { size: 9, bold: true });
      sheet.y -= 12;
    }
  }
  sheet.y -= 10;
}

function germanRate(hundredths: number): string {
  return decimalRate(hundredths).replace(".", ",");
}

function drawNotes(sheet: Sheet, invoice: EInvoice): void {
  // The § 19 sentence stands under the sums already; the notes carry the rest.
  const reason = invoice.vat.exemptionReason;
  const notes = invoice.notes
    .map((note) => (reason ? note.replace(reason, "").trim() : note))
    .filter((note) => note !== "");
  if (notes.length === 0) return;
  sheet.need(30);
  sheet.text("Hinweise", MARGIN.left, sheet.y, { size: 9, bold: true });
  sheet.y -= 13;
  for (const note of notes) {
    for (const part of sheet.wrap(note, CONTENT_WIDTH, { size: 9 })) {
      sheet.need(12);
      sheet.text(part, MARGIN.left, sheet.y, { size: 9 });
      sheet.y -= 12;
    }
  }
  sheet.y -= 10;
}

function drawPayment(sheet: Sheet, invoice: EInvoice): void {
  const { payment } = invoice;
  if (!payment) return;
  const lines = [
    payment.terms ?? "",
    `Bitte überweisen Sie ${euro(invoice.totals.gross)} unter Angabe der Rechnungsnummer ${invoice.number} auf folgendes Konto:`,
  ].filter(Boolean);
  sheet.need(70);
  for (const line of lines) {
    for (const part of sheet.wrap(line, CONTENT_WIDTH, { size: 9 })) {
      sheet.text(part, MARGIN.left, sheet.y, { size: 9 });
      sheet.y -= 12;
    }
  }
  const account: [string, string][] = [
    ["Kontoinhaber", payment.accountName ?? invoice.seller.name],
    ["IBAN", groupedIban(payment.iban)],
  ];
  if (payment.bic) account.push(["BIC", payment.bic]);
  for (const [label, value] of account) {
    sheet.text(label, MARGIN.left, sheet.y, { size: 9, color: MUTED });
    sheet.text(value, MARGIN.left + 80, sheet.y, { size: 9 });
    sheet.y -= 12;
  }
}
