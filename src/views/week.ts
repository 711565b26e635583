/**
 * Week of time (list_time_entries): the week's total, the days as a calendar (wide frames) or an
 * agenda (narrow ones), chosen again when the frame's width changes; overlaps marked, gaps named,
 * the projects' colours, and the hours per customer.
 */
import { append, h, stat } from "./dom.js";
import type { ViewContext } from "./view.js";
import { agenda, calendar, fitCalendar } from "./week-layouts.js";
import { type Entry, joinEntries, PALETTE_SIZE, type SentProject, weekOf } from "./week-model.js";

interface Entries {
  projects: SentProject[];
  total: number;
  nextOffset: number | null;
}

/** Below this width seven columns cannot hold a project's name: the agenda instead. */
const CALENDAR_MIN_PX = 720;

export function renderWeek(root: HTMLElement, data: Entries, ctx: ViewContext): void {
  const { f } = ctx;
  const heading = h("h1", {}, f.t("week"));
  root.append(heading);
  const entries = joinEntries(data.projects);
  if (entries.length === 0) {
    root.append(h("p", { class: "notice" }, f.t("noEntries")));
    return;
  }
  if (data.nextOffset !== null)
    root.append(h("p", { class: "notice" }, `${f.t("partialPage")} ${entries.length} / ${data.total}`));

  const week = weekOf(entries);
  heading.textContent = `${f.t("week")} ${f.days(week.days[0]!.iso, week.days[week.days.length - 1]!.iso)}`;
  const overlapping = week.days.reduce((n, d) => n + d.blocks.filter((b) => b.overlaps).length, 0);
  const body = h("div", { class: "week-body" });
  append(root, [
    h(
      "div",
      { class: "stats" },
      stat(f.t("weekTotal"), f.hours(week.minutes / 60), "week-total"),
      stat(f.t("entries"), f.number(entries.length)),
    ),
    overlapping > 0 && h("p", { class: "notice" }, `${f.t("overlapsFound")} ${overlapping}`),
    body,
    h(
      "ul",
      { class: "legend", "aria-hidden": "true" },
      ...week.projects.map((p, i) =>
        h("li", {}, h("span", { class: `swatch p${i % PALETTE_SIZE}`, "data-mark": "project" }), p.name),
      ),
    ),
    perCustomer(entries, ctx),
  ]);

  let laidOutAt: number | undefined;
  const layOut = () => {
    const width = body.clientWidth;
    if (width === laidOutAt) return;
    laidOutAt = width;
    if (width >= CALENDAR_MIN_PX) {
      const grid = calendar(week, ctx);
      body.replaceChildren(grid);
      fitCalendar(grid);
    } else body.replaceChildren(agenda(week, ctx));
  };
  layOut();
  const observer = new ResizeObserver(() => (body.isConnected ? layOut() : observer.disconnect()));
  observer.observe(body);
}

function perCustomer(entries: Entry[], { f }: ViewContext): DocumentFragment {
  const rows = new Map<string, { name: string; minutes: number }>();
  for (const e of entries) {
    const row = rows.get(e.customerId) ?? { name: e.customerName ?? e.customerId, minutes: 0 };
    row.minutes += e.durationMinutes ?? 0;
    rows.set(e.customerId, row);
  }
  const fragment = document.createDocumentFragment();
  fragment.append(
    h("h2", {}, f.t("hoursPerCustomer")),
    h(
      "ul",
      { class: "per-customer" },
      ...[...rows.entries()]
        .sort((a, b) => b[1].minutes - a[1].minutes)
        .map(([id, row]) =>
          h(
            "li",
            {},
            h("span", {}, row.name),
            h("span", { class: "num", "data-testid": `hours-${id}` }, f.hours(row.minutes / 60)),
          ),
        ),
    ),
  );
  return fragment;
}
