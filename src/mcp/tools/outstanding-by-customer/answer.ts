/** How outstanding_by_customer answers: the receivables in words, each customer's invoices beneath it. */
import { cleanText } from "../../../domain/text.js";
import type { Outstanding } from "../../../reports/outstanding.js";
import { eur } from "../../format.js";

/** The receivables in words: all amounts gross, the account's average payment days said as the account's. */
export function outstandingText(data: Outstanding, overdueOnly: boolean): string {
  const { customers } = data;
  const from = `from ${customers.length} ${customers.length === 1 ? "customer" : "customers"}`;
  const average =
    data.averagePaymentDays === null
      ? ""
      : // The service's figure is the account's, not any one customer's: said so, above all for one.
        ` Across the whole account (not per customer), invoices are paid after ${data.averagePaymentDays} days on average.`;
  const header =
    customers.length === 0
      ? overdueOnly
        ? "Nothing is overdue."
        : "No open receivables."
      : overdueOnly
        ? // Only overdue invoices are shown: their sum is what is overdue, not all that is open.
          `${eur(data.totalOutstanding)} overdue ${from}, gross (VAT included), as every amount here.${average}`
        : `${eur(data.totalOutstanding)} outstanding ${from}, ${eur(data.overdueAmount)} of it overdue; gross (VAT included), as every amount here.${average}`;
  const lines = [header];
  for (const c of customers) {
    lines.push(
      overdueOnly
        ? `${c.customerName} (id ${c.customerId}): ${eur(c.openAmount)} overdue`
        : `${c.customerName} (id ${c.customerId}): ${eur(c.openAmount)} open, ${eur(c.overdueAmount)} overdue`,
    );
    for (const i of c.invoices) {
      const late =
        i.daysOverdue > 0
          ? `${i.daysOverdue} ${i.daysOverdue === 1 ? "day" : "days"} overdue`
          : urgencyText(i.urgency);
      lines.push(
        `  - ${i.invoiceNumber} (id ${i.id})${i.invoiceDate === null ? "" : ` of ${i.invoiceDate}`} · ${eur(i.grossAmount)} · due ${i.dueDate} · ${late}`,
      );
    }
  }
  return lines.join("\n");
}

/** The report's urgency in words: "due_soon" reads "due soon"; a value not known is shown plainly. */
function urgencyText(urgency: string): string {
  const known: Record<string, string> = { due_soon: "due soon", open: "not yet due", overdue: "overdue" };
  return known[urgency] ?? (cleanText(urgency, 40).replace(/_/g, " ") || "not yet due");
}
