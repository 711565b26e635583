/**
 * The time sheet as pages: per project its entries (day, time, description, duration), the
 * project's hours and amount (the invoice's line), and at the end hours × rate = net. The table
 * runs over as many pages as it needs, its header repeated on each.
 */
import type { PDFDocument } from "pdf-lib";
import type { TimeSheet } from "../time-sheet.js";
import { germanDate } from "../words.js";
import { euro, germanQuantity } from "./invoice-pages.js";
import { A4, type Faces, MARGIN, MUTED, Sheet } from "./layout.js";

const RIGHT = A4.width - MARGIN.right;
const COL = { day: MARGIN.left, time: MARGIN.left + 62, text: MARGIN.left + 134, duration: RIGHT } as const;

function clock(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;
}

export function drawTimeSheet(doc: PDFDocument, faces: Faces, sheetData: TimeSheet, footer: string[]): Sheet {
  const title = `Leistungsnachweis zur Rechnung ${sheetData.invoiceNumber}`;
  let current: string | null = null;
  const header = (s: Sheet) => {
    s.text(title, MARGIN.left, s.y, { size: 9, bold: true });
    s.text(sheetData.buyer, RIGHT, s.y, { size: 9, color: MUTED, align: "right" });
    s.y -= 14;
    s.rule(s.y + 4);
    s.y -= 12;
    columnHeader(s);
    if (current !== null) {
      s.text(`${current} (Fortsetzung)`, MARGIN.left, s.y, { size: 9.5, bold: true });
      s.y -= 14;
    }
  };
  const sheet = new Sheet(doc, faces, header);
  sheet.text("Leistungsnachweis", MARGIN.left, sheet.y, { size: 16, bold: true });
  sheet.y -= 22;
  const facts: [string, string][] = [
    ["Zur Rechnung", `${sheetData.invoiceNumber} vom ${germanDate(sheetData.issueDate)}`],
    ["Auftraggeber", sheetData.buyer],
    ["Auftragnehmer", sheetData.seller],
    ["Leistungszeitraum", `${germanDate(sheetData.period.start)} – ${germanDate(sheetData.period.end)}`],
  ];
  for (const [label, value] of facts) {
    sheet.text(label, MARGIN.left, sheet.y, { size: 9, color: MUTED });
    sheet.text(value, MARGIN.left + 100, sheet.y, { size: 9 });
    sheet.y -= 13;
  }
  sheet.y -= 12;
  columnHeader(sheet);

  sheetData.projects.forEach((project, index) => {
    current = null;
    sheet.need(40);
    sheet.text(project.name, MARGIN.left, sheet.y, { size: 9.5, bold: true });
    sheet.y -= 14;
    current = project.name;
    for (const row of project.rows) {
      const lines = sheet.wrap(row.description || "–", COL.duration - 48 - COL.text, { size: 8.5 });
      sheet.need(lines.length * 10.5 + 3);
      sheet.text(germanDate(row.day), COL.day, sheet.y, { size: 8.5 });
      sheet.text(row.hours, COL.time, sheet.y, { size: 8.5, color: MUTED });
      sheet.text(clock(row.minutes), COL.duration, sheet.y, { size: 8.5, align: "right" });
      for (const line of lines) {
        sheet.text(line, COL.text, sheet.y, { size: 8.5 });
        sheet.y -= 10.5;
      }
      sheet.y -= 3;
    }
    // The last project's sum keeps the total beside it, on one page.
    sheet.need(index === sheetData.projects.length - 1 ? 50 : 18);
    sheet.rule(sheet.y + 8, COL.text, RIGHT);
    sheet.text(
      `Summe ${project.name}: ${clock(project.minutes)} Std. = ${germanQuantity(project.quantity)} Std. à ${euro(sheetData.rate)} = ${euro(project.net)}`,
      COL.duration,
      sheet.y - 2,
      { size: 8.5, bold: true, align: "right" },
    );
    sheet.y -= 22;
  });
  current = null;

  sheet.need(28);
  sheet.rule(sheet.y + 8, MARGIN.left, RIGHT, 0.75);
  sheet.text(
    `Gesamt: ${clock(sheetData.minutes)} Std. = ${germanQuantity(sheetData.quantity)} Std. à ${euro(sheetData.rate)} = ${euro(sheetData.net)} netto`,
    RIGHT,
    sheet.y - 4,
    { size: 10, bold: true, align: "right" },
  );
  sheet.y -= 20;
  sheet.footer(footer);
  return sheet;
}

function columnHeader(sheet: Sheet): void {
  const style = { size: 8, bold: true } as const;
  sheet.text("Datum", COL.day, sheet.y, style);
  sheet.text("Zeit", COL.time, sheet.y, style);
  sheet.text("Tätigkeit", COL.text, sheet.y, style);
  sheet.text("Dauer", COL.duration, sheet.y, { ...style, align: "right" });
  sheet.rule(sheet.y - 5, MARGIN.left, RIGHT, 0.75);
  sheet.y -= 18;
}
