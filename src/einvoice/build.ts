/**
 * From the service's invoice, the period's time entries and the person's profile to the e-invoice
 * model. Pure: everything comes in as data, nothing is fetched.
 *
 * Every figure is the service's own: number, date, service period, net, rate, tax, gross, notes.
 * The lines are one per project (hours as HUR at the customer's rate) when the period's time at
 * that rate comes to the invoice's net to the cent, line by line and in sum; otherwise one line
 * carrying the notes. Figures that cannot make an e-invoice the official rules accept (tax that is
 * not net × rate to the cent, gross that is not net + tax, lines that do not sum to the net) are
 * refused with the reason, never corrected.
 */
import { formatDay } from "../domain/dates/format.js";
import { type Cents, taxFromNet, toCents } from "../domain/money.js";
import { germanPeriodLabel } from "../domain/period-billing.js";
import { notesWithoutVat, SMALL_BUSINESS_NOTE } from "../domain/small-business.js";
import type { BuildInput, ServiceInvoice } from "./input.js";
import type { EInvoice, InvoiceLine, Vat } from "./model.js";
import { buyer, payment, seller } from "./profile.js";
import { linesFromTime } from "./time-lines.js";

export type {
  BuildInput,
  BuyerProfile,
  SellerProfile,
  ServiceCustomer,
  ServiceInvoice,
  ServiceTimeEntry,
} from "./input.js";
export { type BilledEntry, billedEntries, projectName } from "./time-lines.js";

export type BuildRefusal =
  | { code: "no-tax-figures"; missing: ("taxRate" | "taxAmount" | "grossAmount")[] }
  | { code: "not-positive"; net: Cents }
  | { code: "odd-rate"; rate: number }
  | { code: "tax-not-net-times-rate"; net: Cents; rate: number; tax: Cents; expected: Cents }
  | { code: "gross-not-net-plus-tax"; net: Cents; tax: Cents; gross: Cents }
  | { code: "lines-not-net"; net: Cents; lines: Cents };

export type BuildResult =
  | { ok: true; invoice: EInvoice; linesFrom: "time" | "notes" }
  | { ok: false; refusal: BuildRefusal };

export function buildEInvoice(input: BuildInput): BuildResult {
  const figures = serviceFigures(input.invoice);
  if ("code" in figures) return { ok: false, refusal: figures };
  const { net, tax, gross, rate } = figures;
  const period = servicePeriod(input.invoice, input.timeZone);
  const timeLines = period ? linesFromTime(input, period, net) : null;
  const lines = timeLines ?? [notesLine(input.invoice, period, net)];
  const linesSum = lines.reduce((sum, line) => sum + line.net, 0);
  if (linesSum !== net) return { ok: false, refusal: { code: "lines-not-net", net, lines: linesSum } };
  const issueDate = formatDay(input.invoice.invoiceDate, input.timeZone);
  const invoice: EInvoice = {
    number: input.invoice.invoiceNumber,
    issueDate,
    typeCode: "380",
    currency: "EUR",
    period,
    notes: invoiceNotes(input.invoice.notes, rate),
    seller: seller(input.seller),
    buyer: buyer(input.customer, input.buyer),
    payment: payment(input.seller, issueDate),
    vat: vat(rate),
    lines,
    totals: { net, tax, gross },
  };
  return { ok: true, invoice, linesFrom: timeLines ? "time" : "notes" };
}

type Figures = { net: Cents; tax: Cents; gross: Cents; rate: number };

function serviceFigures(invoice: ServiceInvoice): Figures | BuildRefusal {
  const { taxRate, taxAmount, grossAmount } = invoice;
  const missing: ("taxRate" | "taxAmount" | "grossAmount")[] = [];
  if (typeof taxRate !== "number") missing.push("taxRate");
  if (typeof taxAmount !== "number") missing.push("taxAmount");
  if (typeof grossAmount !== "number") missing.push("grossAmount");
  if (typeof taxRate !== "number" || typeof taxAmount !== "number" || typeof grossAmount !== "number") {
    return { code: "no-tax-figures", missing };
  }
  const net = toCents(invoice.netAmount);
  if (net <= 0) return { code: "not-positive", net };
  const rate = Math.round(taxRate * 100);
  if (rate < 0 || Math.abs(taxRate * 100 - rate) > 1e-6) return { code: "odd-rate", rate: taxRate };
  const tax = toCents(taxAmount);
  const expected = taxFromNet(net, taxRate);
  if (tax !== expected) return { code: "tax-not-net-times-rate", net, rate, tax, expected };
  const gross = toCents(grossAmount);
  if (gross !== net + tax) return { code: "gross-not-net-plus-tax", net, tax, gross };
  return { net, tax, gross, rate };
}

function servicePeriod(invoice: ServiceInvoice, timeZone: string): EInvoice["period"] {
  if (typeof invoice.periodStart !== "number" || typeof invoice.periodEnd !== "number") return undefined;
  const start = formatDay(invoice.periodStart, timeZone);
  const end = formatDay(invoice.periodEnd, timeZone);
  return end < start ? { start: end, end: start } : { start, end };
}

/** One line for the whole net: the notes say what was done. */
function notesLine(invoice: ServiceInvoice, period: EInvoice["period"], net: Cents): InvoiceLine {
  const [firstLine = "", ...rest] = (invoice.notes?.trim() ?? "").split("\n");
  const name = firstLine.trim() || (period ? `Leistungen ${germanPeriodLabel(period)}` : "Leistungen");
  const more = rest.join("\n").trim();
  return {
    id: "1",
    name: name.length > 200 ? `${name.slice(0, 199)}…` : name,
    // A first line cut short goes on whole in the description, with the rest.
    description: name.length > 200 ? [name, more].filter(Boolean).join("\n") : more || undefined,
    quantity: 10_000,
    unit: "LS",
    unitPrice: net,
    net,
  };
}

function invoiceNotes(notes: string | null | undefined, rate: number): string[] {
  const text = notes?.trim() || undefined;
  if (rate !== 0) return text ? [text] : [];
  return [notesWithoutVat(text).notes];
}

function vat(rate: number): Vat {
  if (rate === 0) return { category: "E", rate: 0, exemptionReason: SMALL_BUSINESS_NOTE };
  return { category: "S", rate };
}
