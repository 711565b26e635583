/**
 * Week of time (list_time_entries): days as columns, entries as blocks coloured by project at their
 * clock times (the user's zone, as the tool gives them), overlaps marked, gaps labelled, and the
 * hours per customer.
 */
import { h } from "./dom.js";
import type { ViewContext } from "./view.js";

interface Entry {
  id: string;
  start: string;
  end: string | null;
  durationMinutes: number | null;
  running: boolean;
  projectId: string;
  projectName: string | null;
  customerId: string;
  customerName: string | null;
  description: string | null;
}
interface Entries {
  entries: Entry[];
  total: number;
  nextOffset: number | null;
}

const DAY_MS = 86_400_000;
/** Gaps shorter than this are a coffee, not worth a label; longer ones are the day's end. */
const GAP_MIN = 15;
const GAP_MAX = 240;

interface Block {
  entry: Entry;
  from: number;
  to: number;
  lane: number;
  overlaps: boolean;
}

const minuteOfDay = (iso: string) => Number(iso.slice(11, 13)) * 60 + Number(iso.slice(14, 16));
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

export function renderWeek(root: HTMLElement, data: Entries, { f }: ViewContext): void {
  const heading = h("h1", {}, f.t("week"));
  root.append(heading);
  if (data.entries.length === 0) {
    root.append(h("p", { class: "notice" }, f.t("noEntries")));
    return;
  }
  if (data.nextOffset !== null)
    root.append(h("p", { class: "notice" }, `${f.t("partialPage")} ${data.entries.length} / ${data.total}`));

  const days = [...new Set(data.entries.map((e) => e.start.slice(0, 10)))].sort();
  const first = days[0]!;
  const weekday = (new Date(`${first}T12:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  const monday = addDays(first, -weekday);
  const last = days[days.length - 1]!;
  const columns: string[] = [];
  for (let d = monday; columns.length < 7 || (d <= last && columns.length < 14); d = addDays(d, 1))
    columns.push(d);

  heading.textContent = `${f.t("week")} ${f.day(columns[0]!)} – ${f.day(columns[columns.length - 1]!)}`;
  const projects = [...new Set(data.entries.map((e) => e.projectId))];
  const blocksByDay = new Map<string, Block[]>();
  for (const entry of data.entries) {
    const day = entry.start.slice(0, 10);
    const from = minuteOfDay(entry.start);
    const endSameDay = entry.end !== null && entry.end.slice(0, 10) === day;
    const to =
      entry.end === null
        ? from + (entry.durationMinutes ?? 30)
        : endSameDay
          ? minuteOfDay(entry.end)
          : 24 * 60;
    const list = blocksByDay.get(day) ?? [];
    list.push({ entry, from, to: Math.max(to, from + 5), lane: 0, overlaps: false });
    blocksByDay.set(day, list);
  }
  let top = 8 * 60;
  let bottom = 18 * 60;
  for (const blocks of blocksByDay.values()) {
    blocks.sort((a, b) => a.from - b.from || a.to - b.to);
    const laneEnds: number[] = [];
    for (const block of blocks) {
      top = Math.min(top, Math.floor(block.from / 60) * 60);
      bottom = Math.max(bottom, Math.ceil(block.to / 60) * 60);
      let lane = laneEnds.findIndex((end) => end <= block.from);
      if (lane === -1) lane = laneEnds.length;
      laneEnds[lane] = block.to;
      block.lane = lane;
    }
    for (const a of blocks) a.overlaps = blocks.some((b) => b !== a && b.from < a.to && a.from < b.to);
  }
  const span = bottom - top;
  const pct = (minutes: number) => `${(100 * (minutes - top)) / span}%`;

  const grid = h("div", {
    class: "week",
    role: "list",
    "aria-label": f.t("week"),
    style: `--cols:${columns.length}`,
  });
  for (const day of columns) {
    const blocks = blocksByDay.get(day) ?? [];
    const minutes = blocks.reduce((s, b) => s + (b.entry.durationMinutes ?? 0), 0);
    const lanes = Math.max(1, ...blocks.map((b) => b.lane + 1));
    const column = h("div", { class: "day-body" });
    for (let hour = Math.ceil(top / 60); hour < bottom / 60; hour += 1)
      column.append(h("span", { class: "hour-line", style: `top:${pct(hour * 60)}`, "aria-hidden": "true" }));
    let previousEnd: number | undefined;
    for (const block of blocks) {
      if (
        previousEnd !== undefined &&
        block.from - previousEnd >= GAP_MIN &&
        block.from - previousEnd <= GAP_MAX
      ) {
        const gap = block.from - previousEnd;
        column.append(
          h(
            "span",
            { class: "gap", style: `top:${pct(previousEnd)};height:${(100 * gap) / span}%` },
            `${f.t("gap")} ${gap} min`,
          ),
        );
      }
      previousEnd = Math.max(previousEnd ?? 0, block.to);
      const e = block.entry;
      const project = e.projectName ?? e.projectId;
      const label = [
        f.weekday(day),
        `${clock(block.from)}–${e.running ? f.t("running") : clock(Math.min(block.to, 24 * 60))}`,
        project,
        e.customerName ?? e.customerId,
        e.description ?? "",
        block.overlaps ? f.t("overlap") : "",
      ]
        .filter((part) => part !== "")
        .join(", ");
      column.append(
        h(
          "div",
          {
            class: `entry p${projects.indexOf(e.projectId) % 8}${block.overlaps ? " overlap" : ""}`,
            role: "listitem",
            tabindex: 0,
            "aria-label": label,
            title: label,
            "data-entry": e.id,
            style: `top:${pct(block.from)};height:${(100 * (block.to - block.from)) / span}%;left:${(100 * block.lane) / lanes}%;width:${100 / lanes}%`,
          },
          h("span", { class: "entry-time" }, clock(block.from)),
          h("span", { class: "entry-project" }, project),
        ),
      );
    }
    grid.append(
      h(
        "div",
        { class: "day", role: "listitem", "aria-label": `${f.weekday(day)}: ${f.hours(minutes / 60)}` },
        h(
          "div",
          { class: "day-head", "aria-hidden": "true" },
          h("span", {}, f.weekday(day, "short")),
          h("span", { class: "muted" }, f.hours(minutes / 60)),
        ),
        column,
      ),
    );
  }
  root.append(h("div", { class: "week-scroll" }, grid));

  const perCustomer = new Map<string, { name: string; minutes: number }>();
  for (const e of data.entries) {
    const row = perCustomer.get(e.customerId) ?? { name: e.customerName ?? e.customerId, minutes: 0 };
    row.minutes += e.durationMinutes ?? 0;
    perCustomer.set(e.customerId, row);
  }
  root.append(
    h("h2", {}, f.t("hoursPerCustomer")),
    h(
      "ul",
      { class: "per-customer" },
      ...[...perCustomer.entries()]
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
    h(
      "ul",
      { class: "legend" },
      ...projects.map((id, i) => {
        const name = data.entries.find((e) => e.projectId === id)?.projectName ?? id;
        return h("li", {}, h("span", { class: `swatch p${i % 8}`, "aria-hidden": "true" }), name);
      }),
    ),
  );
}
