/** Sellers, buyers, invoices and time entries for the e-invoice tests: fictitious, in Berlin's days. */

import { dayBoundsUtc } from "../../src/domain/dates/format.js";
import { fromCents, taxFromNet, toCents } from "../../src/domain/money.js";
import { amountForMinutes } from "../../src/domain/period-billing.js";
import type {
  BuildInput,
  BuyerProfile,
  SellerProfile,
  ServiceInvoice,
  ServiceTimeEntry,
} from "../../src/einvoice/build.js";

export const ZONE = "Europe/Berlin";

/** A consultant with a USt-IdNr, charging 19 %. */
export const vatSeller: SellerProfile = {
  name: "Jörg Weißmüller IT-Beratung",
  address: { street: "Königsallee 12", postcode: "40212", city: "Düsseldorf", country: "DE" },
  vatId: "DE123456789",
  taxNumber: "133/5015/0123",
  contact: { name: "Jörg Weißmüller", phone: "+49 211 1234567", email: "joerg@weissmueller.example" },
  iban: "DE02 1203 0000 0000 2020 51",
  bic: "BYLADEM1001",
  paymentTermsDays: 14,
};

/** A designer under the small-business rule (§ 19 UStG): a Steuernummer, no USt-IdNr. */
export const smallSeller: SellerProfile = {
  name: "Lena Schröder Grafikdesign",
  address: { street: "Lindenweg 7", postcode: "04109", city: "Leipzig", country: "DE" },
  taxNumber: "231/456/78901",
  contact: { name: "Lena Schröder", phone: "+49 341 9876543", email: "lena@schroeder-design.example" },
  iban: "DE75512108001245126199",
  paymentTermsDays: 30,
};

/** A public client: the Leitweg-ID is its buyer reference. */
export const publicBuyer: BuyerProfile = {
  address: { street: "Rathausplatz 1", postcode: "12345", city: "Musterstadt", country: "DE" },
  buyerReference: "991-33333TEST-33",
};

/** A company: its own order reference, and its USt-IdNr. */
export const companyBuyer: BuyerProfile = {
  address: {
    street: "Große Straße 5",
    additionalLine: "Haus B, 3. OG",
    postcode: "80331",
    city: "München",
    country: "DE",
  },
  vatId: "DE987654321",
  buyerReference: "PO-4711",
};

export const cityHall = {
  _id: "cust-stadt",
  name: "Stadtverwaltung Musterstadt",
  email: "rechnung@musterstadt.example",
  hourlyRate: 95,
};
export const company = {
  _id: "cust-acme",
  name: "Müller & Söhne GmbH",
  email: "buchhaltung@mueller-soehne.example",
  hourlyRate: 110,
};

export function periodOf(first: string, last: string): { periodStart: number; periodEnd: number } {
  return { periodStart: dayBoundsUtc(first, ZONE).startMs, periodEnd: dayBoundsUtc(last, ZONE).endMs - 1 };
}

/** An entry of `minutes` starting on `day` at 09:00 Berlin time. */
export function entry(customerId: string, projectId: string, day: string, minutes: number): ServiceTimeEntry {
  const startTime = dayBoundsUtc(day, ZONE).startMs + 9 * 3_600_000;
  return {
    customerId,
    projectId,
    startTime,
    endTime: startTime + minutes * 60_000,
    durationMinutes: minutes,
  };
}

/** The service's invoice for a net amount at a rate, with tax and gross as the service computes them. */
export function serviceInvoice(
  customerId: string,
  netCents: number,
  ratePercent: number,
  extra: Partial<ServiceInvoice> = {},
): ServiceInvoice {
  const tax = taxFromNet(netCents, ratePercent);
  return {
    invoiceNumber: "RE-2026-0042",
    customerId,
    invoiceDate: dayBoundsUtc("2026-11-02", ZONE).startMs + 10 * 3_600_000,
    ...periodOf("2026-10-01", "2026-10-31"),
    netAmount: fromCents(netCents),
    taxRate: ratePercent,
    taxAmount: fromCents(tax),
    grossAmount: fromCents(netCents + tax),
    ...extra,
  };
}

/** Net cents of entries at a customer's rate, as create_invoice fromTime counts it (total minutes). */
export function netOfTime(entries: readonly ServiceTimeEntry[], hourlyRate: number): number {
  const minutes = entries.reduce((sum, e) => sum + (e.durationMinutes ?? 0), 0);
  return amountForMinutes(minutes, toCents(hourlyRate));
}

export const projectNames = new Map([
  ["proj-portal", "Bürgerportal Relaunch"],
  ["proj-kita", "Kita-Anmeldung Online"],
  ["proj-shop", "Webshop Überarbeitung"],
]);

export function input(parts: Partial<BuildInput> & Pick<BuildInput, "invoice" | "customer">): BuildInput {
  return {
    entries: [],
    projectNames,
    seller: vatSeller,
    buyer: publicBuyer,
    timeZone: ZONE,
    ...parts,
  };
}
