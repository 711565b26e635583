import { z } from "zod";
import { createTimeEntry, listTimeEntries } from "../../api/time-entries.js";
import { formatDuration, parseDuration } from "../../domain/dates/duration.js";
import { DateInputError } from "../../domain/dates/errors.js";
import { formatDay, formatInstant } from "../../domain/dates/format.js";
import { loadDates } from "../../domain/dates/lazy.js";
import { InputError } from "../../domain/input-error.js";
import { amountForHours, fromCents, toCents } from "../../domain/money.js";
import { cleanText } from "../../domain/text.js";
import { customerArg, projectArg } from "../args.js";
import { dateContext, resolveEnd } from "../date-args.js";
import { defineTool } from "../define-tool.js";
import { eur, named } from "../format.js";

const DAY_MS = 24 * 60 * 60_000;

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
    'Records a completed time entry on a project: a start and either an end or a duration ("2.5h on Website Relaunch yesterday from 9:00" → project "Website Relaunch", start "yesterday 9:00", duration "2.5h"). The customer defaults to the project\'s. Refuses an end before the start and entries over 24 h. Repeating the very same call returns the existing entry instead of a second one.',
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
  example: { project: "Website Relaunch", start: "yesterday 9:00", duration: "1h" },
  verifyWith: "list_time_entries",
  async handler(args, context) {
    const customer =
      args.customer === undefined ? undefined : await context.directory.resolveCustomer(args.customer);
    const project = await context.directory.resolveProject(args.project, customer?._id);
    const owner = customer ?? (await context.directory.customers()).find((c) => c._id === project.customerId);
    const customerId = customer?._id ?? project.customerId;

    const start = (await loadDates()).resolveInstant(args.start, dateContext(context));
    if (start.timeOfDay === "start-of-day") {
      throw new DateInputError(
        "instant",
        args.start,
        'it has no time of day; say when the work began, e.g. "yesterday 9:00" or "gestern 14 Uhr"',
      );
    }
    const endMs = await endOf(args, start.ms, context);
    const minutes = Math.round((endMs - start.ms) / 60_000);
    if (endMs <= start.ms)
      throw new InputError(
        `The end (${formatInstant(endMs, context.timeZone)}) must be after the start (${formatInstant(start.ms, context.timeZone)}).`,
      );
    if (endMs - start.ms > DAY_MS)
      throw new InputError(
        `${formatDuration(minutes)} is longer than 24 hours; log each day as its own entry.`,
      );
    if (endMs > context.now().getTime() + 5 * 60_000) {
      throw new InputError(
        `The entry ends in the future (${formatInstant(endMs, context.timeZone)}); log time after the work is done.`,
      );
    }

    const description = args.description?.trim() || undefined;
    // Whether the service's day bounds are inclusive, and in which zone, is not shown: ask a day
    // wider on each side; the match below is exact anyway.
    const { items } = await listTimeEntries(context.client(), {
      from: formatDay(start.ms - DAY_MS, context.timeZone),
      to: formatDay(start.ms + DAY_MS, context.timeZone),
    });
    const same = items.find(
      (entry) =>
        entry.projectId === project._id &&
        entry.customerId === customerId &&
        entry.startTime === start.ms &&
        entry.endTime === endMs &&
        // The service may store a missing description as "".
        (entry.description?.trim() || undefined) === description,
    );
    const id =
      same?._id ??
      (
        await createTimeEntry(context.client(), {
          projectId: project._id,
          customerId,
          startTime: start.ms,
          endTime: endMs,
          ...(description === undefined ? {} : { description }),
        })
      ).id;

    const rate = owner?.hourlyRate;
    const value =
      rate === undefined || rate === null ? null : fromCents(amountForHours(minutes / 60, toCents(rate)));
    const entry = {
      id,
      projectId: project._id,
      projectName: cleanText(project.name),
      customerId,
      customerName: owner ? cleanText(owner.name) : null,
      start: formatInstant(start.ms, context.timeZone),
      end: formatInstant(endMs, context.timeZone),
      durationMinutes: minutes,
      description: description ?? null,
      value,
    };
    const what = `${formatDuration(minutes)} on ${named(project.name, project._id)} for ${named(owner?.name, customerId)}, ${entry.start} to ${entry.end}${description ? `: "${cleanText(description, 120)}"` : ""}${value === null ? "" : ` (${eur(value)} at ${eur(rate ?? 0)}/h)`}`;
    return same
      ? {
          data: { outcome: "already_exists" as const, entry },
          text: `Already logged, not created again: ${what}. Entry id ${id}.`,
        }
      : { data: { outcome: "created" as const, entry }, text: `Logged ${what}. Entry id ${id}.` };
  },
});

async function endOf(
  args: { end?: string | undefined; duration?: string | undefined },
  startMs: number,
  context: Parameters<typeof resolveEnd>[2],
): Promise<number> {
  if (args.end !== undefined && args.duration !== undefined) {
    throw new InputError("Give either end or duration, not both.");
  }
  if (args.duration !== undefined) return startMs + parseDuration(args.duration) * 60_000;
  if (args.end === undefined) {
    throw new InputError(
      'Give an end ("17:00", "today 17:30") or a duration ("2.5h", "90 min") for the entry.',
    );
  }
  const end = await resolveEnd(args.end, startMs, context);
  if (end.timeOfDay === "start-of-day") {
    throw new DateInputError("instant", args.end, 'it has no time of day; an end needs one, e.g. "17:00"');
  }
  return end.ms;
}
