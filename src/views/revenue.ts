/**
 * Revenue (revenue_report): the period's totals and the EÜR beside them, the months as bars each
 * named and valued, the months as a table, and the customers ranked (loaded on demand), with a
 * switch to one customer's year.
 */
import { h, stat } from "./dom.js";
import { chart, type Ranked, type Split, table, topCustomers } from "./revenue-parts.js";
import type { ViewContext } from "./view.js";

interface Revenue {
  from: string;
  to: string;
  months: Array<{ month: string; net: Split; gross: Split; invoiceCount: number }> | null;
  totals: { net: Split; gross: Split; invoiceCount: number } | null;
  customers: Array<Ranked & { gross: Split; months: Array<{ month: string; net: Split }> }> | null;
  complete: boolean;
  incompleteReason: string | null;
  eur: { years: Array<{ year: number; income: number; expenses: number; profit: number }> };
}

/** What the person loaded and chose, kept when the view is drawn again (a new theme or width). */
const kept = new WeakMap<Revenue, { data: Revenue; selected: string }>();

export function renderRevenue(root: HTMLElement, initial: Revenue, ctx: ViewContext): void {
  const state = kept.get(initial) ?? { data: initial, selected: "all" };
  kept.set(initial, state);
  let { data, selected } = state;
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
      table(months, total, ctx),
      ...(data.customers !== null ? [topCustomers(data.customers, selected, ctx)] : []),
    );
  };

  root.append(h("h1", {}, `${f.t("revenue")} ${periodName(data.from, data.to, ctx)}`));
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
        state.selected = selected;
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
          state.data = data;
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

/** "2026" for a calendar year, else the two days as one range. */
function periodName(from: string, to: string, { f }: ViewContext): string {
  const year = from.slice(0, 4);
  return from === `${year}-01-01` && to === `${year}-12-31` ? year : f.days(from, to);
}
