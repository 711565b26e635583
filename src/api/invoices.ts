import type { ApiClient } from "../http/client.js";
import { apiPath } from "../http/path.js";
import { withQuickCheck } from "../http/validate.js";
import { quickInvoice } from "./invoice-check.js";
import { listAll } from "./list.js";
import { type ActivityType, createdSchema, type InvoiceStatus, invoiceSchema } from "./schemas.js";

export interface CreateInvoiceBody {
  customerId: string;
  invoiceNumber: string;
  /** Unix ms. */
  invoiceDate: number;
  periodStart: number;
  periodEnd: number;
  /** EUR, two decimals. */
  netAmount: number;
  notes?: string;
  taxRate?: number;
  taxAmount?: number;
  grossAmount?: number;
  activityType?: ActivityType;
}

// The invoice list is read on nearly every call: its items are checked by hand first (invoice-check.ts).
withQuickCheck(invoiceSchema, quickInvoice);

export function listInvoices(client: ApiClient, filter: { status?: InvoiceStatus } = {}) {
  return listAll(client, apiPath`/invoices`, invoiceSchema, { status: filter.status });
}

export async function createInvoice(client: ApiClient, body: CreateInvoiceBody): Promise<{ id: string }> {
  return (await client.post(apiPath`/invoices`, createdSchema, body)).data;
}
