/**
 * A year of working days: weekday entries on quarter hours between 08:00 and 18:00 Berlin time,
 * with holidays off, plus one timer that was started today and is still running.
 */
import {
  addBerlinDays,
  berlinDaysBetween,
  berlinParts,
  berlinTime,
  isBerlinWeekend,
  MS_PER_MINUTE,
  startOfBerlinDay,
} from "../calendar.js";
import type { Project, TimeEntry } from "../records.js";
import type { Random } from "./prng.js";

export interface WorkProject {
  project: Project;
  tasks: readonly string[];
  /** Last day (days before today) on which it is still worked on: old projects end early. */
  activeUntilDaysAgo: number;
}

const QUARTER = 15;

export function generateTimeEntries(
  random: Random,
  today: number,
  pool: readonly WorkProject[],
  newId: () => string,
): TimeEntry[] {
  const entries: TimeEntry[] = [];
  let workday = 0;
  for (let back = historyDays(today); back >= 1; back--) {
    const day = addBerlinDays(today, -back);
    if (isBerlinWeekend(day) || isHoliday(day) || random.chance(0.06)) continue;
    const available = pool.filter((p) => p.activeUntilDaysAgo <= back);
    if (available.length === 0) continue;
    // The day's first project rotates, so every project gets hours every couple of weeks.
    const first = available[workday % available.length];
    workday++;
    const { year, month, day: dom } = berlinParts(day);
    let minuteOfDay = 8 * 60 + random.int(0, 6) * QUARTER;
    const count = random.pick([1, 1, 2, 2, 2, 3]);
    for (let i = 0; i < count && minuteOfDay <= 16 * 60; i++) {
      const work = i === 0 && first ? first : random.pick(available);
      const latestEnd = 18 * 60;
      const maxQuarters = Math.min(24, Math.floor((latestEnd - minuteOfDay) / QUARTER));
      if (maxQuarters < 4) break;
      const quarters = random.int(4, maxQuarters);
      const start = berlinTime(year, month, dom, Math.floor(minuteOfDay / 60), minuteOfDay % 60);
      entries.push({
        _id: newId(),
        projectId: work.project._id,
        customerId: work.project.customerId,
        startTime: start,
        endTime: start + quarters * QUARTER * MS_PER_MINUTE,
        description: random.pick(work.tasks),
      });
      minuteOfDay += quarters * QUARTER + random.int(0, 4) * QUARTER;
    }
  }
  return entries;
}

/** A timer started earlier today (about an hour and a half before `reference`), never in the future. */
export function runningTimer(reference: number, work: WorkProject, newId: () => string): TimeEntry {
  const quarterMs = QUARTER * MS_PER_MINUTE;
  const aimed = Math.floor((reference - 95 * MS_PER_MINUTE) / quarterMs) * quarterMs;
  return {
    _id: newId(),
    projectId: work.project._id,
    customerId: work.project.customerId,
    startTime: Math.max(startOfBerlinDay(reference), aimed),
    endTime: null,
    description: "Feedback der Geschäftsführung eingearbeitet",
  };
}

/** Christmas to New Year and two weeks in August: a freelancer's usual time off. */
function isHoliday(day: number): boolean {
  const { month, day: dom } = berlinParts(day);
  return (month === 12 && dom >= 24) || (month === 1 && dom === 1) || (month === 8 && dom >= 4 && dom <= 15);
}

/**
 * How far back the demo year reaches: at least twelve months, and always from 1 January of the
 * previous year, so last year's EÜR is a whole year.
 */
export function historyDays(today: number): number {
  const startOfLastYear = berlinTime(berlinParts(today).year - 1, 1, 1);
  return Math.max(365, berlinDaysBetween(today, startOfLastYear));
}
