/** How list_customers answers: the page's customers, a line each with id, rate and activity type. */
import type { CustomersPage } from "../../../reports/customers.js";
import { eur, pageLine, partialNote } from "../../format.js";

export function customersText({ customers, window, list }: CustomersPage): string {
  const note = partialNote(list, "customers", "a customer you look for may be missing");
  return [
    `${note ? `${note} ` : ""}${pageLine(customers.length, window.total, window.offset, "customers")}`,
    ...customers.map(
      (c) =>
        `- ${c.name} (id ${c.id})${c.hourlyRate === null ? "" : ` · ${eur(c.hourlyRate)}/h`}${c.activityType ? ` · ${c.activityType}` : ""}${c.email ? ` · ${c.email}` : ""}${c.active ? "" : " · inactive (former customer)"}`,
    ),
  ].join("\n");
}
