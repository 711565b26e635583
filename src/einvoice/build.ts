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
import { amountForMinutes, germanPeriodLabel } from "../domain/period-billing.js";
import { notesWithoutVat, SMALL_BUSINESS_NOTE } from "../domain/small-business.js";
import { looksLikeLeitwegId, normalBic, normalIban, normalLeitwegId, normalVatId } from "./identifiers.js";
import type { Buyer, EInvoice, InvoiceLine, Payment, PostalAddress, Seller, Vat } from "./model.js";
import { germanAmount, germanDate } from "./words.js";

/** The service's invoice, as the API lists it (the fields this needs). */
export interface ServiceInvoice {
  invoiceNumber: string;
  customerId: string;
  /** Unix ms. */
  invoiceDate: number;
  periodStart?: number | null | undefined;
  periodEnd?: number | null | undefined;
  /** EUR. */
  netAmount: number;
  /** Percent; 0 is the small-business rule. */
  taxRate?: number | null | undefined;
  taxAmount?: number | null | undefined;
  grossAmount?: number | null | undefined;
  notes?: string | null | undefined;
}

export interface ServiceCustomer {
  _id: string;
  name: string;
  email?: string | null | undefined;
  /** EUR per hour. */
  hourlyRate?: number | null | undefined;
}

export interface ServiceTimeEntry {
  customerId: string;
  projectId: string;
  /** Unix ms. */
  startTime: number;
  endTime?: number | null | undefined;
  durationMinutes?: number | null | undefined;
  isRunning?: boolean | null | undefined;
  description?: string | null | undefined;
}

/** What the person tells once about themselves (nothing of it is in the API). */
export interface SellerProfile {
  name?: string | undefined;
  address?: Partial<PostalAddress> | undefined;
  vatId?: string | undefined;
  taxNumber?: string | undefined;
  contact?: { name?: string | undefined; phone?: string | undefined; email?: string | undefined } | undefined;
  electronicAddress?: string | undefined;
  iban?: string | undefined;
  bic?: string | undefined;
  accountName?: string | undefined;
  /** Days from the invoice date to the due date. */
  paymentTermsDays?: number | undefined;
}

/** What the person tells once per customer (the API returns none of it). */
export interface BuyerProfile {
  address?: Partial<PostalAddress> | undefined;
  vatId?: string | undefined;
  /** A Leitweg-ID, or the reference the customer asks invoices to carry. */
  buyerReference?: string | undefined;
}

export interface BuildInput {
  invoice: ServiceInvoice;
  customer: ServiceCustomer;
  /** Time entries around the service period (any customer): the ones that bill it are picked here. */
  entries: readonly ServiceTimeEntry[];
  /** Project names by id, for the lines. */
  projectNames: ReadonlyMap<string, string>;
  seller: SellerProfile;
  buyer: BuyerProfile;
  /** The zone the person's days are counted in (dates of the document). */
  timeZone: string;
}

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

function minutesOf(entry: ServiceTimeEntry): number {
  if (typeof entry.durationMinutes === "number") return entry.durationMinutes;
  return Math.round(((entry.endTime ?? entry.startTime) - entry.startTime) / 60_000);
}

/** Hours in ten-thousandths, half-up, from whole minutes: 1635 → 272500 (27.25 h). */
function quantityOfMinutes(minutes: number): number {
  return Math.floor((minutes * 10_000 + 30) / 60);
}

/** A completed entry of the customer that started in the period, with its whole minutes. */
export interface BilledEntry {
  entry: ServiceTimeEntry;
  day: string;
  minutes: number;
}

/**
 * The customer's completed entries that started in the period (by their day in the zone), oldest
 * first; null when one has no whole, positive number of minutes (then no line can rest on them).
 */
export function billedEntries(
  input: BuildInput,
  period: { start: string; end: string },
): BilledEntry[] | null {
  const billed: BilledEntry[] = [];
  for (const entry of input.entries) {
    if (entry.customerId !== input.customer._id) continue;
    if (entry.isRunning === true || (entry.endTime == null && typeof entry.durationMinutes !== "number"))
      continue;
    const day = formatDay(entry.startTime, input.timeZone);
    if (day < period.start || day > period.end) continue;
    const minutes = minutesOf(entry);
    if (!Number.isInteger(minutes) || minutes <= 0) return null;
    billed.push({ entry, day, minutes });
  }
  return billed.sort((a, b) => a.entry.startTime - b.entry.startTime);
}

/** The name a project's line and time-sheet rows carry. */
export function projectName(input: BuildInput, projectId: string): string {
  return input.projectNames.get(projectId) ?? `Projekt ${projectId}`;
}

/** One line per project, or null when the time at the rate is not the invoice's net to the cent. */
function linesFromTime(
  input: BuildInput,
  period: { start: string; end: string },
  net: Cents,
): InvoiceLine[] | null {
  const rate = input.customer.hourlyRate;
  if (typeof rate !== "number" || rate <= 0) return null;
  const rateCents = toCents(rate);
  const billed = billedEntries(input, period);
  if (billed === null || billed.length === 0) return null;
  const byProject = new Map<string, number>();
  for (const { entry, minutes } of billed) {
    byProject.set(entry.projectId, (byProject.get(entry.projectId) ?? 0) + minutes);
  }
  const label = germanPeriodLabel(period);
  const lines: InvoiceLine[] = [];
  const projects = [...byProject.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  for (const [projectId, minutes] of projects) {
    const quantity = quantityOfMinutes(minutes);
    const amount = amountForMinutes(minutes, rateCents);
    // The document's reader multiplies its own figures: quantity × price must give the line's amount.
    if (Math.floor((quantity * rateCents + 5_000) / 10_000) !== amount) return null;
    lines.push({
      id: String(lines.length + 1),
      name: projectName(input, projectId),
      description: `Leistungen ${label}, ${germanAmount(quantity / 100)} Std. laut Stundennachweis`,
      quantity,
      unit: "HUR",
      unitPrice: rateCents,
      net: amount,
    });
  }
  return lines.reduce((sum, line) => sum + line.net, 0) === net ? lines : null;
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

function address(parts: Partial<PostalAddress> | undefined): PostalAddress {
  return {
    street: parts?.street?.trim() ?? "",
    additionalLine: parts?.additionalLine?.trim() || undefined,
    postcode: parts?.postcode?.trim() ?? "",
    city: parts?.city?.trim() ?? "",
    country: parts?.country?.trim().toUpperCase() || "DE",
  };
}

function seller(profile: SellerProfile): Seller {
  const email = profile.contact?.email?.trim() ?? "";
  return {
    name: profile.name?.trim() ?? "",
    address: address(profile.address),
    vatId: given(profile.vatId, normalVatId),
    taxNumber: profile.taxNumber?.trim() || undefined,
    contact: {
      name: profile.contact?.name?.trim() ?? "",
      phone: profile.contact?.phone?.trim() ?? "",
      email,
    },
    electronicAddress: profile.electronicAddress?.trim() || email || undefined,
  };
}

function buyer(customer: ServiceCustomer, profile: BuyerProfile): Buyer {
  const reference = profile.buyerReference?.trim() || undefined;
  const leitwegId =
    reference && looksLikeLeitwegId(reference) ? given(reference, normalLeitwegId) : undefined;
  const email = customer.email?.trim();
  return {
    name: customer.name.trim(),
    address: address(profile.address),
    vatId: given(profile.vatId, normalVatId),
    buyerReference: leitwegId ?? reference,
    electronicAddress: leitwegId
      ? { scheme: "0204", value: leitwegId }
      : email
        ? { scheme: "EM", value: email }
        : undefined,
  };
}

function payment(profile: SellerProfile, issueDate: string): Payment | undefined {
  if (!profile.iban?.trim()) return undefined;
  const days = profile.paymentTermsDays;
  const dueDate = typeof days === "number" && days >= 0 ? addDays(issueDate, days) : undefined;
  return {
    meansCode: "58",
    iban: given(profile.iban, normalIban) ?? "",
    bic: given(profile.bic, normalBic),
    accountName: profile.accountName?.trim() || profile.name?.trim() || undefined,
    dueDate,
    terms:
      dueDate === undefined
        ? undefined
        : days === 0
          ? `Zahlbar sofort ohne Abzug (bis ${germanDate(dueDate)}).`
          : `Zahlbar innerhalb von ${days} Tagen ohne Abzug bis ${germanDate(dueDate)}.`,
  };
}

/**
 * The value as the document writes it when it passes its check, else as given (trimmed), so the
 * check before the document can name it; undefined when nothing was given.
 */
function given(value: string | undefined, normal: (value: string) => string | null): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  return normal(trimmed) ?? trimmed;
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
