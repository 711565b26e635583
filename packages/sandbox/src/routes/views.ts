/**
 * Stored records → list items exactly as the API document lists them. Internal fields (invoice
 * link of an entry, paidAt, externalId, tax ids) stay inside; cents become EUR numbers here.
 */
import { fromCents } from "../money.js";
import type { Customer, Invoice, Project, TimeEntry } from "../records.js";
import { entryMinutes } from "../reports/hours.js";

export function invoiceItem(i: Invoice) {
  return {
    _id: i._id,
    invoiceNumber: i.invoiceNumber,
    customerId: i.customerId,
    invoiceDate: i.invoiceDate,
    netAmount: fromCents(i.netCents),
    status: i.status,
    activityType: i.activityType,
    taxRate: i.taxRate,
    taxAmount: fromCents(i.taxCents),
    grossAmount: fromCents(i.grossCents),
    createdAt: i.createdAt,
    // Not listed by the document; the sandbox returns them when set (see README).
    ...(i.periodStart === undefined ? {} : { periodStart: i.periodStart }),
    ...(i.periodEnd === undefined ? {} : { periodEnd: i.periodEnd }),
    ...(i.notes === undefined ? {} : { notes: i.notes }),
  };
}

export function customerItem(c: Customer) {
  return {
    _id: c._id,
    name: c.name,
    email: c.email,
    address: c.address,
    hourlyRate: fromCents(c.hourlyRateCents),
    isActive: c.isActive,
    activityType: c.activityType,
  };
}

export function projectItem(p: Project) {
  return {
    _id: p._id,
    name: p.name,
    customerId: p.customerId,
    color: p.color,
    isActive: p.isActive,
    activityType: p.activityType,
  };
}

/** A running timer has `endTime: null` and the minutes elapsed so far. */
export function timeEntryItem(e: TimeEntry, now: number) {
  return {
    _id: e._id,
    projectId: e.projectId,
    customerId: e.customerId,
    startTime: e.startTime,
    endTime: e.endTime,
    durationMinutes: entryMinutes(e, now),
    description: e.description,
    isRunning: e.endTime === null,
  };
}
