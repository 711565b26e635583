/**
 * The week drawn two ways: a calendar of seven columns where the frame is wide enough for a
 * project's name in a block, and an agenda (each day a list of its entries, gaps between them)
 * where it is not. Both carry one element per entry (`data-entry`, `overlap` when it overlaps).
 */
import { h } from "./dom.js";
import type { ViewContext } from "./view.js";
import type { Block, Day, Week } from "./week-model.js";

/** Height of an hour in the calendar: a half-hour block still holds a line of text. */
const HOUR_PX = 48;

/** Hours worked, once known: a running entry has none yet. */
const hoursOf = (b: Block, { f }: ViewContext) =>
  b.entry.durationMinutes === null ? "" : f.hours(b.entry.durationMinutes / 60);

function timesOf(b: Block, { f }: ViewContext): string {
  return b.entry.running ? `${f.clock(b.from)} – ${f.t("running")}` : f.clocks(b.from, b.to);
}

/** Everything a block says, for screen readers and the tooltip. */
function labelOf(day: Day, b: Block, ctx: ViewContext): string {
  const e = b.entry;
  return [
    ctx.f.weekday(day.iso),
    timesOf(b, ctx),
    e.projectName ?? e.projectId,
    e.customerName ?? e.customerId,
    e.description ?? "",
    hoursOf(b, ctx),
    b.overlaps ? ctx.f.t("overlap") : "",
  ]
    .filter((part) => part !== "")
    .join(", ");
}

const gapText = (minutes: number, { f }: ViewContext) => `${f.t("gap")} ${f.number(minutes)} min`;

export function agenda(week: Week, ctx: ViewContext): HTMLElement {
  const { f } = ctx;
  const list = h("ol", { class: "agenda", "aria-label": f.t("week") });
  for (const day of week.days) {
    const items = h("ol", { class: "agenda-entries" });
    let gapIndex = 0;
    for (const b of day.blocks) {
      const gap = day.gaps[gapIndex];
      if (gap && gap.to <= b.from) {
        items.append(h("li", { class: "agenda-gap" }, gapText(gap.to - gap.from, ctx)));
        gapIndex += 1;
      }
      const e = b.entry;
      items.append(
        h(
          "li",
          {
            class: b.overlaps ? "agenda-entry overlap" : "agenda-entry",
            "data-entry": e.id,
            "aria-label": labelOf(day, b, ctx),
          },
          h("span", { class: `agenda-swatch p${b.colour}`, "data-mark": "project", "aria-hidden": "true" }),
          h("span", { class: "agenda-time" }, timesOf(b, ctx)),
          h("span", { class: "agenda-hours num" }, hoursOf(b, ctx)),
          h(
            "span",
            { class: "agenda-what" },
            h("span", { class: "agenda-project" }, e.projectName ?? e.projectId),
            h("span", { class: "muted" }, ` · ${e.customerName ?? e.customerId}`),
          ),
          b.overlaps && h("span", { class: "badge" }, f.t("overlap")),
        ),
      );
    }
    list.append(
      h(
        "li",
        { class: day.blocks.length === 0 ? "agenda-day empty" : "agenda-day" },
        h(
          "h3",
          { class: "agenda-head" },
          h("span", {}, f.weekday(day.iso)),
          h("span", { class: "num", "data-testid": `day-hours-${day.iso}` }, f.hours(day.minutes / 60)),
        ),
        day.blocks.length > 0 && items,
      ),
    );
  }
  return list;
}

export function calendar(week: Week, ctx: ViewContext): HTMLElement {
  const { f } = ctx;
  const span = week.bottom - week.top;
  const at = (minutes: number) => `top:${((minutes - week.top) / 60) * HOUR_PX}px`;
  const tall = (minutes: number) => `height:${(minutes / 60) * HOUR_PX}px`;
  const grid = h("div", {
    class: "calendar",
    role: "list",
    "aria-label": f.t("week"),
    style: `--cols:${week.days.length};--body:${(span / 60) * HOUR_PX}px`,
  });
  grid.append(h("span", { class: "corner", "aria-hidden": "true" }));
  for (const day of week.days)
    grid.append(
      h(
        "div",
        { class: "day-head", "aria-hidden": "true" },
        h("span", {}, f.weekday(day.iso, "short")),
        h("span", { class: "muted" }, f.hours(day.minutes / 60)),
      ),
    );
  const axis = h("div", { class: "axis", "aria-hidden": "true" });
  for (let minute = week.top; minute < week.bottom; minute += 60)
    axis.append(h("span", { class: "axis-hour", style: `height:${HOUR_PX}px` }, f.clock(minute)));
  grid.append(axis);
  for (const day of week.days) {
    const column = h("div", {
      class: "day-body",
      role: "listitem",
      "aria-label": `${f.weekday(day.iso)}: ${f.hours(day.minutes / 60)}`,
    });
    for (let minute = week.top + 60; minute < week.bottom; minute += 60)
      column.append(h("span", { class: "hour-line", style: at(minute), "aria-hidden": "true" }));
    for (const gap of day.gaps)
      column.append(
        h(
          "span",
          {
            class: "gap",
            style: `${at(gap.from)};${tall(gap.to - gap.from)}`,
            title: gapText(gap.to - gap.from, ctx),
          },
          h("span", { class: "gap-label" }, gapText(gap.to - gap.from, ctx)),
        ),
      );
    for (const b of day.blocks) {
      const label = labelOf(day, b, ctx);
      column.append(
        h(
          "div",
          {
            class: `entry p${b.colour}${b.overlaps ? " overlap" : ""}`,
            "data-entry": b.entry.id,
            "data-mark": "project",
            tabindex: 0,
            "aria-label": label,
            title: label,
            style: `${at(b.from)};${tall(b.to - b.from)};left:${(100 * b.lane) / b.lanes}%;width:${100 / b.lanes}%`,
          },
          h("span", { class: "entry-project" }, b.entry.projectName ?? b.entry.projectId),
          h("span", { class: "entry-time" }, timesOf(b, ctx)),
          h("span", { class: "entry-start" }, f.clock(b.from)),
        ),
      );
    }
    grid.append(column);
  }
  return grid;
}

/**
 * Drops what a calendar's box cannot hold whole, so nothing is cut: a block shows its name and
 * times, else its name, else its start, else nothing (its tooltip and label keep everything, the
 * legend its colour); a gap its label or nothing.
 */
export function fitCalendar(calendar: HTMLElement): void {
  const overflows = (el: HTMLElement) =>
    el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1;
  for (const block of calendar.querySelectorAll<HTMLElement>(".entry"))
    for (const fallback of ["no-time", "start-only", "bare"]) {
      if (!overflows(block)) break;
      block.classList.add(fallback);
    }
  for (const gap of calendar.querySelectorAll<HTMLElement>(".gap"))
    if (overflows(gap)) gap.classList.add("bare");
}
