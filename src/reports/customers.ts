/**
 * Customers for a list: the service's active ones, and for a name search also the former ones met
 * before, matched by any spelling of the name ("mueller" finds "Müller"), sorted by name, one page
 * of them. Returns data; the words are the tool's.
 */
import { itemsOf, type ListResult } from "../api/list.js";
import type { Customer } from "../api/schemas.js";
import type { BillingContext } from "../billing/context.js";
import { foldings } from "../domain/resolver.js";
import { cleanText } from "../domain/text.js";
import { page } from "./page.js";

export interface CustomerRow {
  id: string;
  name: string;
  email: string | null;
  hourlyRate: number | null;
  activityType: string | null;
  active: boolean;
}

export interface CustomersPage {
  customers: CustomerRow[];
  window: Omit<ReturnType<typeof page>, "slice">;
  /** The service's list of active customers, as read (it may be partial). */
  list: ListResult<Customer>;
}

export async function customersPage(
  context: BillingContext,
  request: { query?: string | undefined; offset: number; limit: number },
): Promise<CustomersPage> {
  const list = await context.directory.customerList();
  // Former customers only for a search: the plain list is the service's list of active ones.
  const former = request.query ? await context.directory.findFormerCustomers() : [];
  const matching = matchingCustomers(itemsOf(list), former, request.query);
  const { slice, ...window } = page(matching, request.offset, request.limit);
  return { customers: slice.map(customerRow), window, list };
}

/** The active customers and the former ones not among them whose name holds the query, by name. */
export function matchingCustomers(
  active: readonly Customer[],
  former: readonly Customer[],
  query: string | undefined,
): Customer[] {
  const activeIds = new Set(active.map((c) => c._id));
  const all = [...active, ...former.filter((c) => !activeIds.has(c._id))];
  const wanted = query ? foldings(query) : [];
  return all
    .filter(
      (c) => wanted.length === 0 || foldings(c.name).some((form) => wanted.some((w) => form.includes(w))),
    )
    .sort((a, b) => a.name.localeCompare(b.name, "de"));
}

export function customerRow(c: Customer): CustomerRow {
  return {
    id: c._id,
    name: cleanText(c.name, 200),
    email: c.email ? cleanText(c.email, 200) : null,
    hourlyRate: c.hourlyRate ?? null,
    activityType: c.activityType ?? null,
    active: c.isActive !== false,
  };
}
