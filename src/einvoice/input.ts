/**
 * What the documents are made from: the service's invoice, customer and time entries (the fields
 * the API lists, as plain data), and what the person tells once about themselves and each customer.
 */
import type { PostalAddress } from "./model.js";

/** An address as far as the person has told it: any part may be missing (the check names it). */
export type AddressParts = { [K in keyof PostalAddress]?: PostalAddress[K] | undefined };

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
  address?: AddressParts | undefined;
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
  address?: AddressParts | undefined;
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
