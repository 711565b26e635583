import { z } from "zod";
import { itemsOf } from "../../api/list.js";
import { listTimeEntries } from "../../api/time-entries.js";
import { formatDuration } from "../../domain/dates/duration.js";
import { formatDay, formatInstant } from "../../domain/dates/format.js";
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
import { completeness, named, page, pageLine, partialNote } from "../format.js";

const DAY_MS = 24 * 60 * 60_000;

export const listTimeEntriesTool = defineTool({
  name: "list_time_entries",
  title: "List time entries",
  description: "Time entries, newest first, with the total time of all that match (not just the page).",
  kind: "read",
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
    entries: z.array(
      z.object({
        id: z.string(),
        start: z.string().describe("ISO 8601 local time with offset"),
        end: z.string().nullable().describe("null while the timer runs"),
        durationMinutes: z.number().int().nullable(),
        running: z.boolean(),
        projectId: z.string(),
        projectName: z.string().nullable(),
        customerId: z.string(),
        customerName: z.string().nullable(),
        description: z.string().nullable(),
      }),
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
      day === undefined ? undefined : formatDay(Date.parse(`${day}T12:00:00Z`) + days * DAY_MS, "UTC");
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
      running: e.isRunning === true || e.endTime == null,
      projectId: e.projectId,
      projectName: projectNames.get(e.projectId) ?? null,
      customerId: e.customerId,
      customerName: customerNames.get(e.customerId) ?? null,
      description: e.description ? cleanText(e.description, 300) : null,
    }));
    const lines = [
      totalMinutes === null
        ? `${partialNote(list, "time entries", "there is no total: it would under-count")} ${pageLine(entries.length, window.total, window.offset, "time entries read")}${assumedText(range.assumptions)}`
        : `${pageLine(entries.length, window.total, window.offset, "time entries")} All together: ${formatDuration(totalMinutes)}.${assumedText(range.assumptions)}`,
      ...entries.map((e) => {
        const span = e.running
          ? `${e.start} · running`
          : `${e.start} to ${e.end?.slice(11, 16)} · ${formatDuration(e.durationMinutes ?? 0)}`;
        return `- ${span} · ${named(e.projectName ?? undefined, e.projectId)} · ${named(e.customerName ?? undefined, e.customerId)}${e.description ? ` · "${e.description}"` : ""} (id ${e.id})`;
      }),
    ];
    return { data: { entries, ...window, ...completeness(list), totalMinutes }, text: lines.join("\n") };
  },
});
