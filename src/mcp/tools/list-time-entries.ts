import { z } from "zod";
import { itemsOf } from "../../api/list.js";
import { listTimeEntries } from "../../api/time-entries.js";
import { shiftDay } from "../../domain/calendar-span.js";
import { formatDuration } from "../../domain/dates/duration.js";
import { formatInstant } from "../../domain/dates/format.js";
import { cleanText } from "../../domain/text.js";
import {
  completenessOutput,
  customerArg,
  dayArg,
  limitArg,
  offsetArg,
  pageOutput,
  projectArg,
} from "../args.js";
import { assumedText, dayRange, withinDays } from "../date-args.js";
import { defineTool } from "../define-tool.js";
import { entryLines } from "../entry-lines.js";
import { completeness, page, pageLine, partialNote } from "../format.js";

interface ProjectRow {
  id: string;
  name: string | null;
  customerId: string;
  customerName: string | null;
  entries: Array<{
    id: string;
    start: string;
    end: string | null;
    durationMinutes: number | null;
    description: string | null;
  }>;
}

export const listTimeEntriesTool = defineTool({
  name: "list_time_entries",
  title: "List time entries",
  description: "Time entries, newest first, with the total time of all that match (not just the page).",
  kind: "read",
  family: "time",
  view: true,
  input: z.object({
    from: dayArg("First day.").optional(),
    to: dayArg("Last day.").optional(),
    customer: customerArg.optional(),
    project: projectArg.optional(),
    limit: limitArg,
    offset: offsetArg,
  }),
  output: z.object({
    projects: z
      .array(
        z.object({
          id: z.string(),
          name: z.string().nullable(),
          customerId: z.string(),
          customerName: z.string().nullable(),
          entries: z.array(
            z.object({
              id: z.string(),
              start: z.string().describe("ISO 8601 local time with offset"),
              end: z.string().nullable().describe("null while the timer runs"),
              durationMinutes: z.number().int().nullable(),
              description: z.string().nullable(),
            }),
          ),
        }),
      )
      .describe(
        "This page's entries under their projects, newest first: each project's name and customer once",
      ),
    ...pageOutput,
    ...completenessOutput,
    totalMinutes: z
      .number()
      .int()
      .nullable()
      .describe(
        "Sum over all matching completed entries, not just this page; null when the list could not be read whole.",
      ),
  }),
  example: { project: "Website Relaunch", from: "2026-11-01", to: "2026-11-22" },
  async handler(args, context) {
    const range = await dayRange(args.from, args.to, context);
    const customer =
      args.customer === undefined ? undefined : await context.directory.resolveCustomer(args.customer);
    const project =
      args.project === undefined
        ? undefined
        : await context.directory.resolveProject(args.project, customer?._id);
    // Whether the service's bounds are inclusive is not shown: ask a day wider, then filter exactly.
    const widen = (day: string | undefined, days: number) =>
      day === undefined ? undefined : shiftDay(day, days);
    const [list, projectNames] = await Promise.all([
      listTimeEntries(context.client(), {
        ...(range.from === undefined ? {} : { from: widen(range.from, -1)! }),
        ...(range.to === undefined ? {} : { to: widen(range.to, 1)! }),
      }),
      context.directory.projectNames(),
    ]);
    const inRange = withinDays(range, context.timeZone);
    const items = itemsOf(list);
    const matching = items
      .filter((e) => inRange(e.startTime))
      .filter((e) => customer === undefined || e.customerId === customer._id)
      .filter((e) => project === undefined || e.projectId === project._id)
      .sort((a, b) => b.startTime - a.startTime);
    const minutesOf = (e: (typeof items)[number]) =>
      e.isRunning || e.endTime == null
        ? null
        : (e.durationMinutes ?? Math.round((e.endTime - e.startTime) / 60_000));
    const totalMinutes = list.complete ? matching.reduce((sum, e) => sum + (minutesOf(e) ?? 0), 0) : null;

    const { slice, ...window } = page(matching, args.offset, args.limit);
    const customerNames = await context.directory.customerNames(slice.map((e) => e.customerId));
    const entries = slice.map((e) => ({
      id: e._id,
      start: formatInstant(e.startTime, context.timeZone),
      end: e.isRunning || e.endTime == null ? null : formatInstant(e.endTime, context.timeZone),
      durationMinutes: minutesOf(e),
      projectId: e.projectId,
      description: e.description ? cleanText(e.description, 300) : null,
    }));
    // Each project's name and customer once, its entries under it: naming them per entry, in the
    // text and again in the data, would make a page of 100 entries over 45,000 characters.
    const projects = new Map<string, ProjectRow>();
    for (const [i, { projectId, ...entry }] of entries.entries()) {
      const customerId = slice[i]!.customerId;
      // By project and customer: an entry the service files under another customer keeps its own.
      const key = `${projectId} ${customerId}`;
      const project = projects.get(key) ?? {
        id: projectId,
        name: projectNames.get(projectId) ?? null,
        customerId,
        customerName: customerNames.get(customerId) ?? null,
        entries: [],
      };
      project.entries.push(entry);
      projects.set(key, project);
    }
    const head =
      totalMinutes === null
        ? `${partialNote(list, "time entries", "there is no total: it would under-count")} ${pageLine(entries.length, window.total, window.offset, "time entries read")}${assumedText(range.assumptions)}`
        : `${pageLine(entries.length, window.total, window.offset, "time entries")} All together: ${formatDuration(totalMinutes)}.${assumedText(range.assumptions)}`;
    const text = [
      head,
      ...entryLines(entries, [...projects.values()], context.timeZone, {
        newerElsewhere: window.offset > 0,
        olderElsewhere: window.nextOffset !== null,
      }),
    ].join("\n");
    return {
      data: { projects: [...projects.values()], ...window, ...completeness(list), totalMinutes },
      text,
    };
  },
});
