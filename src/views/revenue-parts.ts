/**
 * The revenue view's parts: months as horizontal stacked bars, each named and valued; the months as
 * a table with the total row; the year's customers ranked by what they were invoiced.
 */
import { h } from "./dom.js";
import { cents, type ViewContext } from "./view.js";

export interface Split {
  paid: number;
  open: number;
  draft: number;
  total: number;
}
export interface Ranked {
  customerId: string;
  customerName: string | null;
  net: Split;
}

const PARTS = ["paid", "open", "draft"] as const;
/** Customers listed by name before the rest are summed into one row. */
const TOP = 8;

/** What a month's total holds beyond paid, open and draft (a state the service added). */
const otherOf = (s: Split) => (cents(s.total) - PARTS.reduce((sum, p) => sum + cents(s[p]), 0)) / 100;

function legend({ f }: ViewContext, withOther: boolean): HTMLElement {
  const parts = withOther ? [...PARTS, "other" as const] : PARTS;
  return h(
    "ul",
    { class: "legend", "aria-hidden": "true" },
    ...parts.map((p) => h("li", {}, h("span", { class: `swatch ${p}`, "data-mark": p }), f.t(p))),
  );
}

/** One row a month: its name, a bar split paid/open/draft on one scale, and its net total. */
export function chart(months: Array<{ month: string; net: Split }>, ctx: ViewContext): HTMLElement {
  const { f } = ctx;
  const max = Math.max(...months.map((m) => m.net.total), 0.01);
  const bars = h("ol", { class: "bars", "aria-label": f.t("revenue") });
  for (const m of months) {
    const other = otherOf(m.net);
    const label = [
      f.month(m.month),
      f.money(m.net.total),
      ...PARTS.filter((p) => m.net[p] !== 0).map((p) => `${f.t(p)} ${f.money(m.net[p])}`),
      ...(other !== 0 ? [`${f.t("other")} ${f.money(other)}`] : []),
    ].join(", ");
    const stack = h("span", { class: "stack", style: `width:${(100 * Math.max(m.net.total, 0)) / max}%` });
    for (const p of PARTS)
      if (m.net[p] > 0)
        stack.append(h("span", { class: `seg ${p}`, "data-mark": p, style: `flex-grow:${m.net[p]}` }));
    if (other > 0)
      stack.append(h("span", { class: "seg other", "data-mark": "other", style: `flex-grow:${other}` }));
    bars.append(
      h(
        "li",
        { class: "bar", "aria-label": label, title: label },
        h(
          "span",
          { class: "bar-month", "aria-hidden": "true", "data-testid": `bar-month-${m.month}` },
          f.monthName(m.month),
        ),
        h("span", { class: "bar-track", "aria-hidden": "true" }, stack),
        h(
          "span",
          { class: "bar-value num", "aria-hidden": "true", "data-testid": `bar-value-${m.month}` },
          f.money(m.net.total),
        ),
      ),
    );
  }
  const withOther = months.some((m) => otherOf(m.net) > 0);
  return h("figure", { class: "chart" }, legend(ctx, withOther), bars);
}

/**
 * The months with their parts, and the period's total row: what the bars show, as figures. Narrow
 * frames lay each row out as the month and its sum over the parts that are not zero, each named.
 */
export function table(
  months: Array<{ month: string; net: Split }>,
  total: Split,
  { f }: ViewContext,
): HTMLElement {
  const row = (head: string, s: Split, testId: string, attributes: Record<string, string> = {}) =>
    h(
      "tr",
      { role: "row", ...attributes },
      h("th", { scope: "row", role: "rowheader" }, head),
      ...PARTS.map((p) =>
        h(
          "td",
          { role: "cell", class: s[p] === 0 ? "num part zero" : "num part", "data-label": f.t(p) },
          f.money(s[p]),
        ),
      ),
      h("td", { role: "cell", class: "num sum", "data-testid": testId }, f.money(s.total)),
    );
  return h(
    "details",
    {},
    h("summary", {}, f.t("monthsTable")),
    h(
      "table",
      { class: "months", role: "table" },
      h(
        "thead",
        { role: "rowgroup" },
        h(
          "tr",
          { role: "row" },
          h("th", { scope: "col", role: "columnheader" }, f.t("month")),
          ...PARTS.map((p) => h("th", { scope: "col", role: "columnheader", class: "num" }, f.t(p))),
          h("th", { scope: "col", role: "columnheader", class: "num" }, f.t("sum")),
        ),
      ),
      h(
        "tbody",
        { role: "rowgroup" },
        ...months.map((m) => row(f.monthName(m.month), m.net, `month-${m.month}`, { "data-month": m.month })),
      ),
      h("tfoot", { role: "rowgroup" }, row(f.t("sum"), total, "months-total")),
    ),
  );
}

/** The customers by net invoiced, largest first, each with a bar on the largest's scale. */
export function topCustomers(customers: Ranked[], selected: string, { f }: ViewContext): HTMLElement {
  const ranked = [...customers].sort((a, b) => b.net.total - a.net.total);
  const shown = ranked.slice(0, ranked.length > TOP + 1 ? TOP : ranked.length);
  const rest = ranked.slice(shown.length);
  const max = Math.max(ranked[0]?.net.total ?? 0, 0.01);
  const row = (name: string, amount: number, id?: string) =>
    h(
      "li",
      { class: id === selected ? "top selected" : "top", ...(id ? { "data-testid": `top-row-${id}` } : {}) },
      h("span", { class: "top-name" }, name),
      h(
        "span",
        { class: "top-amount num", ...(id ? { "data-testid": `top-amount-${id}` } : {}) },
        f.money(amount),
      ),
      h("span", {
        class: "top-bar",
        "aria-hidden": "true",
        style: `width:${(100 * Math.max(amount, 0)) / max}%`,
      }),
    );
  const restTotal = rest.reduce((sum, c) => sum + cents(c.net.total), 0) / 100;
  return h(
    "section",
    { class: "top-customers", "aria-labelledby": "top-heading" },
    h("h2", { id: "top-heading" }, f.t("topCustomers")),
    h(
      "ol",
      {},
      ...shown.map((c) => row(c.customerName ?? c.customerId, c.net.total, c.customerId)),
      rest.length > 0 && row(`${f.t("others")} (${rest.length})`, restTotal),
    ),
  );
}
