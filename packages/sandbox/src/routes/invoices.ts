/** GET and POST /api/v1/invoices. */
import { z } from "zod";
import { badRequest, created, list } from "../envelope.js";
import { invoiceAmounts, toCents } from "../money.js";
import type { Invoice } from "../records.js";
import { activityType, eurAmount, nonEmptyText, parseBody, taxRate, text, timestamp } from "../validation.js";
import { invoiceCreated } from "../webhooks/events.js";
import { customerOr400, type RouteContext } from "./context.js";
import { statusParam } from "./query.js";
import { invoiceItem } from "./views.js";

/** VAT when the request names none (the regular German rate); 0 is the small-business rule. */
export const DEFAULT_TAX_RATE = 19;

const invoiceBody = z.object({
  customerId: nonEmptyText(),
  invoiceNumber: nonEmptyText(),
  invoiceDate: timestamp(),
  periodStart: timestamp(),
  periodEnd: timestamp(),
  netAmount: eurAmount(),
  notes: text().optional(),
  taxRate: taxRate().optional(),
  taxAmount: eurAmount().optional(),
  grossAmount: eurAmount().optional(),
  activityType: activityType().optional(),
});

/** Newest first: invoice date descending, then invoice number descending. */
export function listInvoices({ account, query }: RouteContext) {
  const status = statusParam(query);
  const items = account.invoices
    .filter((i) => status === undefined || i.status === status)
    .sort(
      (a, b) =>
        b.invoiceDate - a.invoiceDate ||
        b.invoiceNumber.localeCompare(a.invoiceNumber, "de", { numeric: true }),
    )
    .map(invoiceItem);
  return list(items);
}

export function createInvoice({ account, body, now, newId, emit }: RouteContext) {
  const input = parseBody(invoiceBody, body);
  const customer = customerOr400(account, input.customerId);
  if (account.invoices.some((i) => i.invoiceNumber === input.invoiceNumber)) {
    throw badRequest(`invoiceNumber "${input.invoiceNumber}" already exists`);
  }
  if (input.periodEnd < input.periodStart) throw badRequest("periodEnd must not be before periodStart");
  const rate = input.taxRate ?? DEFAULT_TAX_RATE;
  const computed = invoiceAmounts(toCents(input.netAmount), rate);
  // Amounts the caller gives are kept as given; only missing ones are computed (half-up).
  const taxCents = input.taxAmount === undefined ? computed.tax : toCents(input.taxAmount);
  const grossCents = input.grossAmount === undefined ? computed.net + taxCents : toCents(input.grossAmount);
  const invoice: Invoice = {
    _id: newId("inv"),
    invoiceNumber: input.invoiceNumber,
    customerId: customer._id,
    invoiceDate: input.invoiceDate,
    status: "draft",
    activityType: input.activityType ?? customer.activityType,
    taxRate: rate,
    netCents: computed.net,
    taxCents,
    grossCents,
    createdAt: now,
    periodStart: input.periodStart,
    periodEnd: input.periodEnd,
    ...(input.notes === undefined ? {} : { notes: input.notes }),
  };
  account.invoices.push(invoice);
  emit("invoice.created", invoiceCreated(invoice));
  return created(invoice._id);
}
