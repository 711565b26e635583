import { z } from "zod";
import { formatDuration } from "../domain/dates/duration.js";
import { formatInstant } from "../domain/dates/format.js";
import { amountForHours, fromCents, toCents } from "../domain/money.js";
import { cleanText } from "../domain/text.js";
import { customerArg, projectArg } from "./args.js";
import type { ToolContext } from "./context.js";
import { defineTool } from "./define-tool.js";
import { eur, named } from "./format.js";
import { logEntries } from "./log-time-batch.js";
import type { PlannedEntry } from "./log-time-entry.js";

const instantArg = (what: string) =>
  z
    .string()
    .trim()
    .min(1)
    .max(100)
    .describe(
      `${what}: ISO 8601 ("2026-03-29T09:00", local time in the configured zone unless an offset is given) or a phrase in English or German, e.g. "yesterday 9:00", "today 14:30", "last Monday 8:00", "gestern 14 Uhr", "letzten Freitag 13:00".`,
    );

export const logTimeTool = defineTool({
  name: "log_time",
  title: "Log working time",
  description:
    'Records a completed time entry on a project: a start and either an end or a duration ("2.5h on Website Relaunch yesterday from 9:00" → project "Website Relaunch", start "yesterday 9:00", duration "2.5h"). The customer defaults to the project\'s. Refuses an end before the start, entries over 24 h, an end and a duration that disagree, and an entry that overlaps a stored one of any project or customer (it lists them; allowOverlap: true logs it anyway). Repeating the very same call returns the existing entry instead of a second one.',
  kind: "write",
  idempotent: true,
  input: z.object({
    project: projectArg,
    customer: customerArg
      .optional()
      .describe(
        "Customer id or name; only needed to pick among same-named projects (default: the project's customer).",
      ),
    start: instantArg("When the work began"),
    end: instantArg('When the work ended; a bare time like "17:00" is on the start\'s day').optional(),
    duration: z
      .string()
      .trim()
      .min(1)
      .max(50)
      .optional()
      .describe('How long, instead of end: "1h 30m", "90 min", "1.5h", "1:30", "45 Minuten", "2 Stunden".'),
    description: z
      .string()
      .max(1000)
      .optional()
      .describe('What was done, e.g. "Startseite: Hero-Bereich umgesetzt".'),
    allowOverlap: z
      .boolean()
      .optional()
      .describe(
        "true: log it even though it overlaps stored entries (only after the person confirmed both are right). Default false: an overlap creates nothing and lists the stored entries.",
      ),
  }),
  output: z.object({
    outcome: z.enum(["created", "already_exists"]),
    entry: z.object({
      id: z.string(),
      projectId: z.string(),
      projectName: z.string(),
      customerId: z.string(),
      customerName: z.string().nullable(),
      start: z.string().describe("ISO 8601 local time with offset"),
      end: z.string(),
      durationMinutes: z.number().int(),
      description: z.string().nullable(),
      value: z.number().nullable().describe("EUR at the customer's hourly rate, if known"),
    }),
  }),
  async handler(args, context) {
    const { entries } = await logEntries([args], context, { single: true });
    const { entry: planned, status, id } = entries[0]!;
    const entry = entryData(planned, id ?? "", context);
    const what = describe(planned, entry);
    return status === "already_exists"
      ? {
          data: { outcome: "already_exists" as const, entry },
          text: `Already logged, not created again: ${what}. Entry id ${entry.id}.`,
        }
      : { data: { outcome: "created" as const, entry }, text: `Logged ${what}. Entry id ${entry.id}.` };
  },
});

function entryData(planned: PlannedEntry, id: string, context: ToolContext) {
  const rate = planned.owner?.hourlyRate;
  return {
    id,
    projectId: planned.project._id,
    projectName: cleanText(planned.project.name),
    customerId: planned.customerId,
    customerName: planned.owner ? cleanText(planned.owner.name) : null,
    start: formatInstant(planned.startMs, context.timeZone),
    end: formatInstant(planned.endMs, context.timeZone),
    durationMinutes: planned.minutes,
    description: planned.description ?? null,
    value:
      rate === undefined || rate === null
        ? null
        : fromCents(amountForHours(planned.minutes / 60, toCents(rate))),
  };
}

function describe(planned: PlannedEntry, entry: ReturnType<typeof entryData>): string {
  const rate = planned.owner?.hourlyRate ?? 0;
  const description = planned.description ? `: "${cleanText(planned.description, 120)}"` : "";
  const value = entry.value === null ? "" : ` (${eur(entry.value)} at ${eur(rate)}/h)`;
  return `${formatDuration(planned.minutes)} on ${named(planned.project.name, planned.project._id)} for ${named(planned.owner?.name, planned.customerId)}, ${entry.start} to ${entry.end}${description}${value}`;
}
