/** Revenue (revenue_report): months as stacked bars paid/open/draft, the total, the EÜR beside it. */
import { h, stat } from "./dom.js";
import { cents, type ViewContext } from "./view.js";

interface Split {
  paid: number;
  open: number;
  draft: number;
  total: number;
}
interface Revenue {
  from: string;
  to: string;
  months: Array<{ month: string; net: Split; gross: Split; invoiceCount: number }> | null;
  totals: { net: Split; gross: Split; invoiceCount: number } | null;
  customers: Array<{
    customerId: string;
    customerName: string | null;
    net: Split;
    gross: Split;
    months: Array<{ month: string; net: Split }>;
  }> | null;
  complete: boolean;
  incompleteReason: string | null;
  eur: { years: Array<{ year: number; income: number; expenses: number; profit: number }> };
}

const PARTS = ["paid", "open", "draft"] as const;

export function renderRevenue(root: HTMLElement, initial: Revenue, ctx: ViewContext): void {
  let data = initial;
  let selected = "all";
  const { f } = ctx;
  const body = h("div", {});

  const draw = () => {
    body.replaceChildren();
    const eurStats = data.eur.years.map((y) =>
      stat(`${f.t("eurProfit")} ${y.year}`, f.money(y.profit), `eur-profit-${y.year}`),
    );
    if (!data.complete || data.months === null || data.totals === null) {
      body.append(
        h("p", { class: "notice", role: "alert" }, `${f.t("incomplete")} ${data.incompleteReason ?? ""}`),
        h("div", { class: "stats" }, ...eurStats),
      );
      return;
    }
    const customer = data.customers?.find((c) => c.customerId === selected);
    const months = customer ? customer.months : data.months.map((m) => ({ month: m.month, net: m.net }));
    const total = customer ? customer.net : data.totals.net;
    const gross = customer ? customer.gross : data.totals.gross;
    body.append(
      h(
        "div",
        { class: "stats" },
        stat(`${f.t("total")} (${f.t("net")})`, f.money(total.total), "total-net"),
        stat(`${f.t("total")} (${f.t("gross")})`, f.money(gross.total), "total-gross"),
        stat(f.t("paid"), f.money(total.paid), "total-paid"),
        stat(f.t("open"), f.money(total.open), "total-open"),
        stat(f.t("draft"), f.money(total.draft), "total-draft"),
        ...eurStats,
      ),
      chart(months, ctx),
      h("p", { class: "muted" }, `${f.t("invoicedNote")} ${f.t("eurNote")}`),
      table(months, ctx),
    );
  };

  root.append(h("h1", {}, `${f.t("revenue")} ${f.day(data.from)} – ${f.day(data.to)}`));
  const controls = h("div", { class: "controls" });
  const drawControls = () => {
    controls.replaceChildren();
    if (data.customers !== null) {
      const select = h("select", { id: "customer-switch" });
      select.append(h("option", { value: "all" }, f.t("allCustomers")));
      for (const c of data.customers)
        select.append(h("option", { value: c.customerId }, c.customerName ?? c.customerId));
      select.value = selected;
      select.addEventListener("change", () => {
        selected = select.value;
        draw();
      });
      controls.append(h("label", { for: "customer-switch" }, f.t("customer")), select);
    } else if (data.complete) {
      const load = h("button", { type: "button" }, f.t("byCustomer"));
      load.addEventListener("click", async () => {
        load.disabled = true;
        const answer = await ctx.app.callServerTool({
          name: "revenue_report",
          arguments: { period: `${data.from} to ${data.to}`, byCustomer: true },
        });
        if (answer.isError !== true && answer.structuredContent) {
          data = answer.structuredContent as unknown as Revenue;
          drawControls();
          draw();
          document.getElementById("customer-switch")?.focus();
        } else load.disabled = false;
      });
      controls.append(load);
    }
  };
  drawControls();
  root.append(controls, body);
  draw();
}

function chart(months: Array<{ month: string; net: Split }>, { f }: ViewContext): HTMLElement {
  const max = Math.max(...months.map((m) => m.net.total), 0.01);
  const legend = h(
    "ul",
    { class: "legend", "aria-hidden": "true" },
    ...PARTS.map((p) => h("li", {}, h("span", { class: `swatch ${p}` }), f.t(p))),
  );
  const bars = h("div", { class: "bars", role: "list", "aria-label": f.t("revenue") });
  for (const m of months) {
    const other = (cents(m.net.total) - PARTS.reduce((s, p) => s + cents(m.net[p]), 0)) / 100;
    const label = [
      f.month(m.month),
      ...PARTS.map((p) => `${f.t(p)} ${f.money(m.net[p])}`),
      ...(other !== 0 ? [`${f.t("other")} ${f.money(other)}`] : []),
    ].join(", ");
    const stack = h("div", { class: "stack", style: `height:${(100 * m.net.total) / max}%` });
    for (const p of PARTS) {
      if (m.net[p] === 0) continue;
      stack.append(h("span", { class: `seg ${p}`, style: `flex-grow:${m.net[p]}` }));
    }
    if (other !== 0) stack.append(h("span", { class: "seg other", style: `flex-grow:${Math.abs(other)}` }));
    bars.append(
      h(
        "div",
        { class: "bar", role: "listitem", "aria-label": label, title: label },
        h("div", { class: "bar-area" }, stack),
        h("span", { class: "bar-label", "aria-hidden": "true" }, f.monthName(m.month)),
      ),
    );
  }
  return h("figure", { class: "chart" }, legend, bars);
}

function table(months: Array<{ month: string; net: Split }>, { f }: ViewContext): HTMLElement {
  return h(
    "details",
    {},
    h("summary", {}, `${f.t("month")} · ${f.t("net")}`),
    h(
      "table",
      { class: "months" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col" }, f.t("month")),
          ...PARTS.map((p) => h("th", { scope: "col", class: "num" }, f.t(p))),
          h("th", { scope: "col", class: "num" }, "Σ"),
        ),
      ),
      h(
        "tbody",
        {},
        ...months.map((m) =>
          h(
            "tr",
            { "data-month": m.month },
            h("th", { scope: "row" }, f.month(m.month)),
            ...PARTS.map((p) => h("td", { class: "num" }, f.money(m.net[p]))),
            h("td", { class: "num", "data-testid": `month-${m.month}` }, f.money(m.net.total)),
          ),
        ),
      ),
    ),
  );
}
