/**
 * A page of time entries as a model reads it: one heading per day with the day's time, one short
 * line per entry (clock times, project, description), and each project's name, id and customer
 * once at the end. Entry ids stay in the data: no tool takes one.
 */
import { formatDuration } from "../domain/dates/duration.js";
import { cleanText, named } from "../domain/text.js";

interface EntryRow {
  start: string;
  end: string | null;
  durationMinutes: number | null;
  projectId: string;
  description: string | null;
}
interface ProjectRow {
  id: string;
  name: string | null;
  customerId: string;
  customerName: string | null;
}

const clock = (iso: string) => iso.slice(11, 16);
const day = (iso: string) => iso.slice(0, 10);

function spanOf(e: EntryRow): string {
  if (e.end === null) return `${clock(e.start)}, running`;
  const end = day(e.end) === day(e.start) ? clock(e.end) : `${day(e.end)} ${clock(e.end)}`;
  const span = Math.round((Date.parse(e.end) - Date.parse(e.start)) / 60_000);
  // The service's duration usually is the span; when it is not, the counted time is what bills.
  const counted =
    e.durationMinutes === null || e.durationMinutes === span
      ? ""
      : ` (${formatDuration(e.durationMinutes)} counted)`;
  return `${clock(e.start)}–${end}${counted}`;
}

/** Whether other pages hold entries before this page's first (newest) and after its last. */
export interface PageEdges {
  newerElsewhere: boolean;
  olderElsewhere: boolean;
}

/** `entries` newest first, as the page has them, each naming its project. */
export function entryLines(
  entries: EntryRow[],
  projects: ProjectRow[],
  timeZone: string,
  edges: PageEdges,
): string[] {
  if (entries.length === 0) return [];
  const names = new Map(projects.map((p) => [p.id, p.name ? cleanText(p.name, 80) : p.id]));
  const days = new Map<string, EntryRow[]>();
  for (const e of entries) days.set(day(e.start), [...(days.get(day(e.start)) ?? []), e]);
  const lines = [`Times in ${timeZone}.`];
  const dates = [...days.keys()];
  for (const [date, rows] of days) {
    // A day at the page's edge may go on in the next page: its time here is this page's part only.
    const cut =
      (edges.newerElsewhere && date === dates[0]) || (edges.olderElsewhere && date === dates.at(-1));
    const minutes = rows.reduce((sum, e) => sum + (e.durationMinutes ?? 0), 0);
    const running = rows.some((e) => e.end === null) ? "a running timer" : "";
    lines.push(
      `${date}: ${[minutes > 0 ? formatDuration(minutes) : "", running].filter(Boolean).join(" and ")}${cut ? " on this page" : ""}`,
    );
    for (const e of rows) {
      lines.push(`- ${spanOf(e)} · ${names.get(e.projectId)}${e.description ? ` · "${e.description}"` : ""}`);
    }
  }
  const projectList = projects.map(
    (p) => `${named(p.name ?? undefined, p.id)} for ${named(p.customerName ?? undefined, p.customerId)}`,
  );
  lines.push(`Projects: ${projectList.join("; ")}.`);
  return lines;
}
