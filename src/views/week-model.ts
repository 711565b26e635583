/**
 * The week of time as the layouts draw it: the days (a whole Monday-to-Sunday week, longer when
 * the entries run on), each entry as a block at its clock times (the user's zone, as the tool gives
 * them) in a lane beside those it overlaps, the gaps worth naming, and the hours the day spans.
 * Its day arithmetic is the server's own (pure modules, bundled into the views document).
 */
import { shiftDay } from "../domain/calendar-span.js";
import { mondayOf } from "../domain/time-slots.js";

export interface Entry {
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

/** A project as list_time_entries sends it: its name and customer once, its entries under it. */
export interface SentProject {
  id: string;
  name: string | null;
  customerId: string;
  customerName: string | null;
  entries: Array<Pick<Entry, "id" | "start" | "end" | "durationMinutes" | "description">>;
}

/** Each entry with its project's name and customer again, as the layouts read it. */
export function joinEntries(projects: SentProject[]): Entry[] {
  return projects.flatMap((p) =>
    p.entries.map((e) => ({
      ...e,
      running: e.end === null,
      projectId: p.id,
      projectName: p.name,
      customerId: p.customerId,
      customerName: p.customerName,
    })),
  );
}

export interface Block {
  entry: Entry;
  /** Minutes of the day. */
  from: number;
  to: number;
  lane: number;
  /** Lanes side by side where it stands: those of the blocks it overlaps, directly or through others. */
  lanes: number;
  overlaps: boolean;
  /** Index of its project's colour. */
  colour: number;
}
export interface Gap {
  from: number;
  to: number;
}
export interface Day {
  iso: string;
  blocks: Block[];
  gaps: Gap[];
  minutes: number;
}
export interface Week {
  days: Day[];
  /** First and last hour shown, in minutes of the day. */
  top: number;
  bottom: number;
  projects: Array<{ id: string; name: string }>;
  minutes: number;
}

/** Gaps shorter than this are a coffee, not worth a label; longer ones are the day's end. */
const GAP_MIN = 15;
const GAP_MAX = 240;
export const PALETTE_SIZE = 8;

const minuteOfDay = (iso: string) => Number(iso.slice(11, 13)) * 60 + Number(iso.slice(14, 16));

export function weekOf(entries: Entry[]): Week {
  const dates = [...new Set(entries.map((e) => e.start.slice(0, 10)))].sort();
  const first = dates[0]!;
  const monday = mondayOf(first);
  const last = dates[dates.length - 1]!;
  const columns: string[] = [];
  for (let d = monday; columns.length < 7 || (d <= last && columns.length < 14); d = shiftDay(d, 1))
    columns.push(d);

  const projectIds = [...new Set(entries.map((e) => e.projectId))];
  const projects = projectIds.map((id) => ({
    id,
    name: entries.find((e) => e.projectId === id)?.projectName ?? id,
  }));
  let top = 8 * 60;
  let bottom = 18 * 60;
  const days = columns.map((iso): Day => {
    const blocks = entries
      .filter((e) => e.start.slice(0, 10) === iso)
      .map((entry): Block => {
        const from = minuteOfDay(entry.start);
        const to =
          entry.end === null
            ? from + (entry.durationMinutes ?? 30)
            : entry.end.slice(0, 10) === iso
              ? minuteOfDay(entry.end)
              : 24 * 60;
        const colour = projectIds.indexOf(entry.projectId) % PALETTE_SIZE;
        return {
          entry,
          from,
          to: Math.min(Math.max(to, from + 5), 24 * 60),
          lane: 0,
          lanes: 1,
          overlaps: false,
          colour,
        };
      })
      .sort((a, b) => a.from - b.from || a.to - b.to);
    const laneEnds: number[] = [];
    const gaps: Gap[] = [];
    let previousEnd: number | undefined;
    for (const block of blocks) {
      top = Math.min(top, Math.floor(block.from / 60) * 60);
      bottom = Math.max(bottom, Math.ceil(block.to / 60) * 60);
      let lane = laneEnds.findIndex((end) => end <= block.from);
      if (lane === -1) lane = laneEnds.length;
      laneEnds[lane] = block.to;
      block.lane = lane;
      block.overlaps = blocks.some((b) => b !== block && b.from < block.to && block.from < b.to);
      if (
        previousEnd !== undefined &&
        block.from - previousEnd >= GAP_MIN &&
        block.from - previousEnd <= GAP_MAX
      )
        gaps.push({ from: previousEnd, to: block.from });
      previousEnd = Math.max(previousEnd ?? 0, block.to);
    }
    shareLanes(blocks);
    const minutes = blocks.reduce((sum, b) => sum + (b.entry.durationMinutes ?? 0), 0);
    return { iso, blocks, gaps, minutes };
  });
  const minutes = days.reduce((sum, d) => sum + d.minutes, 0);
  return { days, top, bottom, projects, minutes };
}

/** A run of blocks that overlap one another shares its lanes; a block alone takes the day's width. */
function shareLanes(sorted: Block[]): void {
  let run: Block[] = [];
  let runEnd = -1;
  const close = () => {
    const lanes = Math.max(1, ...run.map((b) => b.lane + 1));
    for (const b of run) b.lanes = lanes;
  };
  for (const block of sorted) {
    if (block.from >= runEnd && run.length > 0) {
      close();
      run = [];
    }
    run.push(block);
    runEnd = Math.max(runEnd, block.to);
  }
  close();
}
