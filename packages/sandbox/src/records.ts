/**
 * What the sandbox stores per account. Money is integer cents (see money.ts); it becomes EUR
 * numbers only when a response is built. Tests may hand these shapes to `startSandbox({ data })`.
 */
import type { Cents } from "./money.js";

export type ActivityType = "freiberuflich" | "gewerblich";
export const ACTIVITY_TYPES = ["freiberuflich", "gewerblich"] as const;

export type InvoiceStatus = "draft" | "sent" | "paid";
export const INVOICE_STATUSES = ["draft", "sent", "paid"] as const;

export interface Customer {
  _id: string;
  name: string;
  email: string;
  address: string;
  hourlyRateCents: Cents;
  isActive: boolean;
  activityType: ActivityType;
  /** Id in an external accounting system; "" when there is none. */
  externalId: string;
  taxNumber?: string;
  ustId?: string;
}

export interface Project {
  _id: string;
  name: string;
  customerId: string;
  color: string;
  isActive: boolean;
  activityType: ActivityType;
}

export interface TimeEntry {
  _id: string;
  projectId: string;
  customerId: string;
  startTime: number;
  /** null while the timer runs. */
  endTime: number | null;
  description: string;
  /** The invoice that billed this entry; absent = unbilled. Internal, never in list items. */
  invoiceId?: string;
}

export interface Invoice {
  _id: string;
  invoiceNumber: string;
  customerId: string;
  invoiceDate: number;
  status: InvoiceStatus;
  activityType: ActivityType;
  taxRate: number;
  netCents: Cents;
  taxCents: Cents;
  grossCents: Cents;
  createdAt: number;
  /** Required when status is "paid": the EÜR report and payment statistics need it. Internal. */
  paidAt?: number;
  periodStart?: number;
  periodEnd?: number;
  notes?: string;
}

export interface Expense {
  _id: string;
  date: number;
  amountCents: Cents;
  description: string;
  category: string;
}

export interface AccountData {
  customers: Customer[];
  projects: Project[];
  timeEntries: TimeEntry[];
  invoices: Invoice[];
  expenses: Expense[];
}

/** An explicit dataset instead of the generated demo year (for tests with hand-computed results). */
export interface SandboxData {
  demo: AccountData;
  /** Defaults to an empty account. */
  other?: AccountData;
}

export function emptyAccount(): AccountData {
  return { customers: [], projects: [], timeEntries: [], invoices: [], expenses: [] };
}
