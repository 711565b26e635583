/**
 * Time entries for a list: those in the days, of the customer and project asked for, newest first,
 * the total time of all that match (not just the page), and the page's entries under their projects,
 * each project's name and customer once. Returns data; the words are the tool's.
 */
import type { ListResult } from "../api/list.js";
import { itemsOf } from "../api/list.js";
import type { TimeEntry } from "../api/schemas.js";
import { listTimeEntries } from "../api/time-entries.js";
import type { BillingContext } from "../billing/context.js";
import { shiftDay } from "../domain/calendar-span.js";
import { formatInstant, withinDays } from "../domain/dates/format.js";
import { cleanText } from "../domain/text.js";
import { page } from "./page.js";

export interface EntryRow {
  id: string;
  /** ISO 8601 local time with offset. */
  start: string;
  /** null while the timer runs. */
  end: string | null;
  durationMinutes: number | null;
  description: string | null;
}

export interface ProjectRow {
  id: string;
  name: string | null;
  customerId: string;
  customerName: string | null;
  entries: EntryRow[];
}

export interface TimeEntriesPage {
  /** This page's entries, newest first, each naming its project. */
  entries: Array<EntryRow & { projectId: string }>;
  /** The same entries under their projects. */
  projects: ProjectRow[];
  window: { total: number; offset: number; limit: number; nextOffset: number | null };
  /** Sum over all matching completed entries; null when the list could not be read whole. */
  totalMinutes: number | null;
  list: ListResult<TimeEntry>;
}

export interface TimeEntriesRequest {
  /** Inclusive ISO days; undefined is open-ended. */
  from: string | undefined;
  to: string | undefined;
  customer: string | undefined;
  project: string | undefined;
  offset: number;
  limit: number;
}

export async function timeEntries(
  context: BillingContext,
  request: TimeEntriesRequest,
): Promise<TimeEntriesPage> {
  const customer =
    request.customer === undefined ? undefined : await context.directory.resolveCustomer(request.customer);
  const project =
    request.project === undefined
      ? undefined
      : await context.directory.resolveProject(request.project, customer?._id);
  // Whether the service's bounds are inclusive is not shown: ask a day wider, then filter exactly.
  const [list, projectNames] = await Promise.all([
    listTimeEntries(context.client(), {
      ...(request.from === undefined ? {} : { from: shiftDay(request.from, -1) }),
      ...(request.to === undefined ? {} : { to: shiftDay(request.to, 1) }),
    }),
    context.directory.projectNames(),
  ]);
  const matching = matchingEntries(itemsOf(list), {
    from: request.from,
    to: request.to,
    customerId: customer?._id,
    projectId: project?._id,
    timeZone: context.timeZone,
  });
  const totalMinutes = list.complete ? matching.reduce((sum, e) => sum + (minutesOf(e) ?? 0), 0) : null;
  const { slice, ...window } = page(matching, request.offset, request.limit);
  const customerNames = await context.directory.customerNames(slice.map((e) => e.customerId));
  return {
    ...groupedByProject(slice, { projectNames, customerNames, timeZone: context.timeZone }),
    window,
    totalMinutes,
    list,
  };
}

/** The entries in the days, of the customer and project, newest first. */
export function matchingEntries(
  entries: readonly TimeEntry[],
  filter: {
    from: string | undefined;
    to: string | undefined;
    customerId: string | undefined;
    projectId: string | undefined;
    timeZone: string;
  },
): TimeEntry[] {
  const inRange = withinDays(filter, filter.timeZone);
  return entries
    .filter((e) => inRange(e.startTime))
    .filter((e) => filter.customerId === undefined || e.customerId === filter.customerId)
    .filter((e) => filter.projectId === undefined || e.projectId === filter.projectId)
    .sort((a, b) => b.startTime - a.startTime);
}

/** A completed entry's minutes (the service's, else its span); null while the timer runs. */
export function minutesOf(e: TimeEntry): number | null {
  return e.isRunning || e.endTime == null
    ? null
    : (e.durationMinutes ?? Math.round((e.endTime - e.startTime) / 60_000));
}

/**
 * Each project's name and customer once, its entries under it: naming them per entry, in the text
 * and again in the data, would make a page of 100 entries over 45,000 characters.
 */
export function groupedByProject(
  slice: readonly TimeEntry[],
  names: {
    projectNames: ReadonlyMap<string, string>;
    customerNames: ReadonlyMap<string, string>;
    timeZone: string;
  },
): Pick<TimeEntriesPage, "entries" | "projects"> {
  const entries = slice.map((e) => ({
    id: e._id,
    start: formatInstant(e.startTime, names.timeZone),
    end: e.isRunning || e.endTime == null ? null : formatInstant(e.endTime, names.timeZone),
    durationMinutes: minutesOf(e),
    projectId: e.projectId,
    description: e.description ? cleanText(e.description, 300) : null,
  }));
  const projects = new Map<string, ProjectRow>();
  for (const [i, { projectId, ...entry }] of entries.entries()) {
    const customerId = slice[i]!.customerId;
    // By project and customer: an entry the service files under another customer keeps its own.
    const key = `${projectId} ${customerId}`;
    const project = projects.get(key) ?? {
      id: projectId,
      name: names.projectNames.get(projectId) ?? null,
      customerId,
      customerName: names.customerNames.get(customerId) ?? null,
      entries: [],
    };
    project.entries.push(entry);
    projects.set(key, project);
  }
  return { entries, projects: [...projects.values()] };
}
