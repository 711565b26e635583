/** GET and POST /api/v1/customers, GET /api/v1/customers/{id}/summary. */
import { z } from "zod";
import { created, list, ok } from "../envelope.js";
import { toCents } from "../money.js";
import type { Customer } from "../records.js";
import { customerSummary } from "../reports/customer-summary.js";
import { activityType, eurAmount, nonEmptyText, parseBody, text } from "../validation.js";
import { customerCreated } from "../webhooks/events.js";
import { customerOr404, type RouteContext } from "./context.js";
import { customerItem } from "./views.js";

export const byName = new Intl.Collator("de");

const customerBody = z.object({
  name: nonEmptyText(),
  hourlyRate: eurAmount(),
  email: text().optional(),
  address: text().optional(),
  taxNumber: text().optional(),
  ustId: text().optional(),
  activityType: activityType().optional(),
});

/** Active customers only, by name (German collation, so "Ö" sorts with "O"). */
export function listCustomers({ account }: RouteContext) {
  const items = account.customers
    .filter((c) => c.isActive)
    .sort((a, b) => byName.compare(a.name, b.name) || a._id.localeCompare(b._id))
    .map(customerItem);
  return list(items);
}

export function createCustomer({ account, body, newId, emit }: RouteContext) {
  const input = parseBody(customerBody, body);
  const customer: Customer = {
    _id: newId("cus"),
    name: input.name,
    email: input.email ?? "",
    address: input.address ?? "",
    hourlyRateCents: toCents(input.hourlyRate),
    isActive: true,
    activityType: input.activityType ?? "freiberuflich",
    externalId: "",
    ...(input.taxNumber === undefined ? {} : { taxNumber: input.taxNumber }),
    ...(input.ustId === undefined ? {} : { ustId: input.ustId }),
  };
  account.customers.push(customer);
  emit("customer.created", customerCreated(customer));
  return created(customer._id);
}

export function getCustomerSummary({ account, params, now }: RouteContext) {
  return ok(customerSummary(account, customerOr404(account, params.id), now));
}
