/** Receivables (outstanding_by_customer): customers by amount and days overdue, each invoice due. */
import { h, stat } from "./dom.js";
import type { ViewContext } from "./view.js";

interface Receivables {
  customers: Array<{
    customerId: string;
    customerName: string;
    openAmount: number;
    overdueAmount: number;
    maxDaysOverdue: number;
    invoices: Array<{
      id: string;
      invoiceNumber: string;
      dueDate: string;
      grossAmount: number;
      daysOverdue: number;
    }>;
  }>;
  totalOutstanding: number;
  overdueAmount: number;
}

export function renderReceivables(root: HTMLElement, data: Receivables, { app, f }: ViewContext): void {
  root.append(
    h("h1", {}, f.t("receivables")),
    h(
      "div",
      { class: "stats" },
      stat(f.t("outstanding"), f.money(data.totalOutstanding), "total-outstanding"),
      stat(f.t("overdue"), f.money(data.overdueAmount), "total-overdue"),
    ),
  );
  // The bars' two colours, named once for every customer's bar.
  const key = (part: "late" | "due-later", word: "overdue" | "dueLater") =>
    h(
      "li",
      {},
      h("span", { class: `swatch mark-${part}`, "data-mark": part, "aria-hidden": "true" }),
      f.t(word),
    );
  if (data.customers.length === 0) {
    root.append(h("p", { class: "notice" }, f.t("nothingOpen")));
    return;
  }
  root.append(
    h("ul", { class: "legend", "aria-hidden": "true" }, key("late", "overdue"), key("due-later", "dueLater")),
  );
  const most = Math.max(...data.customers.map((c) => c.openAmount), 0.01);
  const list = h("ol", { class: "customers", "aria-label": f.t("receivables") });
  for (const c of data.customers) {
    const status = h("p", { class: "sent", role: "status" });
    const button = h(
      "button",
      { type: "button", "aria-describedby": `cust-${c.customerId}` },
      f.t("draftReminder"),
    );
    button.addEventListener("click", async () => {
      button.disabled = true;
      const lines = c.invoices
        .filter((i) => i.daysOverdue > 0)
        .map(
          (i) =>
            `${i.invoiceNumber} (${i.grossAmount.toFixed(2)} EUR, due ${i.dueDate}, ${i.daysOverdue} days overdue)`,
        );
      const which = lines.length > 0 ? lines : c.invoices.map((i) => `${i.invoiceNumber} (due ${i.dueDate})`);
      const result = await app.sendMessage({
        role: "user",
        content: [
          {
            type: "text",
            text: `Draft a friendly payment reminder to ${c.customerName} (customer id ${c.customerId}) for: ${which.join("; ")}. Do not send anything.`,
          },
        ],
      });
      status.textContent = result.isError === true ? "✗" : f.t("reminderAsked");
      button.disabled = false;
    });
    const rows = c.invoices.map((i) =>
      h(
        "tr",
        { class: i.daysOverdue > 0 ? "late" : "" },
        h("th", { scope: "row" }, i.invoiceNumber),
        h(
          "td",
          {},
          h("span", { "data-testid": `due-${i.id}` }, f.day(i.dueDate)),
          h(
            "span",
            { class: "late-days" },
            i.daysOverdue > 0 ? `${i.daysOverdue} ${f.t("daysOverdue")}` : f.t("notDue"),
          ),
        ),
        h("td", { class: "num", "data-testid": `amount-${i.id}` }, f.money(i.grossAmount)),
      ),
    );
    list.append(
      h(
        "li",
        { class: "customer", "data-customer": c.customerId },
        h(
          "div",
          { class: "customer-head" },
          h("h2", { id: `cust-${c.customerId}` }, c.customerName),
          h("span", { class: "amount", "data-testid": `open-${c.customerId}` }, f.money(c.openAmount)),
        ),
        h(
          "div",
          {
            class: "meter",
            role: "img",
            "aria-label": `${f.t("overdue")} ${f.money(c.overdueAmount)} / ${f.money(c.openAmount)}`,
          },
          c.overdueAmount > 0 &&
            h("span", {
              class: "mark-late",
              "data-mark": "late",
              style: `width:${(100 * c.overdueAmount) / most}%`,
            }),
          c.openAmount > c.overdueAmount &&
            h("span", {
              class: "mark-due-later",
              "data-mark": "due-later",
              style: `width:${(100 * (c.openAmount - c.overdueAmount)) / most}%`,
            }),
        ),
        h(
          "p",
          { class: "muted" },
          `${f.t("overdue")}: ${f.money(c.overdueAmount)}${c.maxDaysOverdue > 0 ? ` · ${c.maxDaysOverdue} ${f.t("daysOverdue")}` : ""}`,
        ),
        h(
          "table",
          {},
          h("caption", { class: "sr-only" }, c.customerName),
          h(
            "thead",
            {},
            h(
              "tr",
              {},
              h("th", { scope: "col" }, f.t("invoice")),
              h("th", { scope: "col" }, f.t("dueDate")),
              h("th", { scope: "col", class: "num" }, f.t("amount")),
            ),
          ),
          h("tbody", {}, ...rows),
        ),
        button,
        status,
      ),
    );
  }
  root.append(list);
}
