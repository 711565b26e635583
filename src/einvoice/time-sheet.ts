/**
 * The time sheet (Leistungsnachweis) of an invoice made from time: the customer's entries in the
 * service period (day, project, description, duration), a subtotal per project that is the
 * invoice's line for it, and hours × rate = net. Only for an invoice whose lines come from the
 * time: where the time at the rate is not the net, a sheet would contradict the invoice.
 */
import { formatInstant } from "../domain/dates/format.js";
import type { Cents } from "../domain/money.js";
import type { BuildInput } from "./input.js";
import type { EInvoice } from "./model.js";
import { billedEntries, projectName, quantityOfMinutes } from "./time-lines.js";

export interface TimeSheetRow {
  day: string;
  /** "09:00–13:15" in the person's zone. */
  hours: string;
  description: string;
  minutes: number;
}

export interface TimeSheetProject {
  name: string;
  rows: TimeSheetRow[];
  minutes: number;
  /** The invoice line's quantity (ten-thousandths of an hour) and amount. */
  quantity: number;
  net: Cents;
}

export interface TimeSheet {
  invoiceNumber: string;
  issueDate: string;
  period: { start: string; end: string };
  seller: string;
  buyer: string;
  projects: TimeSheetProject[];
  minutes: number;
  /** Ten-thousandths of an hour over all projects. */
  quantity: number;
  rate: Cents;
  net: Cents;
}

/** The sheet, or null when the invoice's lines do not come from the period's time. */
export function buildTimeSheet(input: BuildInput, invoice: EInvoice): TimeSheet | null {
  const period = invoice.period;
  if (!period || invoice.lines.some((line) => line.unit !== "HUR")) return null;
  const billed = billedEntries(input, period);
  if (billed === null || billed.length === 0) return null;
  const byName = new Map<string, TimeSheetRow[]>();
  for (const { entry, day, minutes } of billed) {
    const name = projectName(input, entry.projectId);
    const rows = byName.get(name) ?? [];
    const start = formatInstant(entry.startTime, input.timeZone).slice(11, 16);
    const end = formatInstant(entry.startTime + minutes * 60_000, input.timeZone).slice(11, 16);
    rows.push({ day, hours: `${start}–${end}`, description: entry.description?.trim() ?? "", minutes });
    byName.set(name, rows);
  }
  const projects: TimeSheetProject[] = [];
  for (const line of invoice.lines) {
    const rows = byName.get(line.name);
    const minutes = rows?.reduce((sum, row) => sum + row.minutes, 0);
    // Two projects of one name would share their rows: then the sheet cannot show each line's time.
    if (!rows || minutes === undefined || quantityOfMinutes(minutes) !== line.quantity) return null;
    projects.push({
      name: line.name,
      rows,
      minutes,
      quantity: line.quantity,
      net: line.net,
    });
  }
  const first = invoice.lines[0];
  if (!first) return null;
  return {
    invoiceNumber: invoice.number,
    issueDate: invoice.issueDate,
    period,
    seller: invoice.seller.name,
    buyer: invoice.buyer.name,
    projects,
    minutes: projects.reduce((sum, project) => sum + project.minutes, 0),
    quantity: projects.reduce((sum, project) => sum + project.quantity, 0),
    rate: first.unitPrice,
    net: invoice.totals.net,
  };
}
