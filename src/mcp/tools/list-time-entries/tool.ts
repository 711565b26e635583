import { z } from "zod";
import { timeEntries } from "../../../reports/time-entries.js";
import {
  completenessOutput,
  customerArg,
  dayArg,
  limitArg,
  offsetArg,
  pageOutput,
  projectArg,
} from "../../args.js";
import { dayRange } from "../../date-args.js";
import { defineTool } from "../../define-tool.js";
import { completeness } from "../../format.js";
import { timeEntriesText } from "./answer.js";

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
    const found = await timeEntries(context, {
      from: range.from,
      to: range.to,
      customer: args.customer,
      project: args.project,
      offset: args.offset,
      limit: args.limit,
    });
    const { projects, window, list, totalMinutes } = found;
    return {
      data: { projects, ...window, ...completeness(list), totalMinutes },
      text: timeEntriesText(found, range.assumptions, context.timeZone),
    };
  },
});
