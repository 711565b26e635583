import { z } from "zod";
import { InputError } from "../../domain/input-error.js";
import { customerArg, projectArg } from "../args.js";
import { defineTool } from "../define-tool.js";
import { batchAnswer, describeEntry, entryAssumptions, entryData } from "../log-time-answer.js";
import { logEntries, MAX_BATCH } from "../log-time-batch.js";
import type { EntryInput } from "../log-time-entry.js";

const instantArg = (what: string) =>
  z
    .string()
    .trim()
    .min(1)
    .max(100)
    .describe(
      `${what}: ISO 8601 ("2026-03-29T09:00", local time in the configured zone unless an offset is given) or a phrase in English or German, e.g. "yesterday 9:00", "today 14:30", "last Monday 8:00", "gestern 14 Uhr", "letzten Freitag 13:00", "gestern halb zehn". A bare hour 1–7 without am/morgens is taken as afternoon ("yesterday at 3" is 15:00) and the answer says so.`,
    );

const text = (max: number) => z.string().trim().min(1).max(max);

/** One entry of a batch: the fields of a single call, described at length there, briefly here. */
const batchEntry = z.object({
  project: text(200).describe("Project id or name."),
  customer: text(200).optional().describe("Customer id or name (default: the project's)."),
  start: text(100).describe('When the work began, e.g. "2026-03-29T09:00" or "gestern 9 Uhr".'),
  end: text(100).optional().describe('When it ended, e.g. "17:00".'),
  duration: text(50).optional().describe('How long, instead of end, e.g. "1.5h".'),
  description: z.string().max(1000).optional().describe("What was done."),
  allowOverlap: z
    .boolean()
    .optional()
    .describe("true: log it although it overlaps (confirmed by the person)."),
});

const entryFields = {
  projectId: z.string(),
  projectName: z.string(),
  customerId: z.string(),
  customerName: z.string().nullable(),
  start: z.string().describe("ISO 8601 local time with offset"),
  end: z.string(),
  durationMinutes: z.number().int(),
  description: z.string().nullable(),
  value: z.number().nullable().describe("EUR at the customer's hourly rate, if known"),
  assumptions: z
    .array(z.string())
    .describe('Readings taken where start or end allowed several, e.g. "yesterday at 3" taken as 15:00'),
};

export const logTimeTool = defineTool({
  name: "log_time",
  title: "Log working time",
  description:
    'Records a completed time entry on a project: a start and either an end or a duration ("2.5h on Website Relaunch yesterday from 9:00" → project "Website Relaunch", start "yesterday 9:00", duration "2.5h"). The customer defaults to the project\'s. Refuses an end before the start, entries over 24 h, an end and a duration that disagree, and an entry that overlaps a stored one of any project or customer (it lists them; allowOverlap: true logs it anyway). Repeating the very same call returns the existing entry instead of a second one. For several entries (a day or a week from notes), pass entries instead: up to 50, all checked before any is sent; one with a problem means none is created, and the answer lists every problem by entry.',
  kind: "write",
  idempotent: true,
  input: z.object({
    project: projectArg
      .optional()
      .describe(
        'Project id or name, e.g. "Website Relaunch"; matched like customer names. Required unless entries is given.',
      ),
    customer: customerArg
      .optional()
      .describe(
        "Customer id or name; only needed to pick among same-named projects (default: the project's customer).",
      ),
    start: instantArg("When the work began (required unless entries is given)").optional(),
    end: instantArg('When the work ended; a bare time like "17:00" is on the start\'s day').optional(),
    duration: z
      .string()
      .trim()
      .min(1)
      .max(50)
      .optional()
      .describe(
        'How long, instead of end: "1h 30m", "90 min", "1.5h", "1:30", "45 Minuten", "2 Stunden", "zweieinhalb Stunden", "1½ h".',
      ),
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
    entries: z
      .array(batchEntry)
      .min(1)
      .max(MAX_BATCH)
      .optional()
      .describe(
        `Instead of the fields above: up to ${MAX_BATCH} entries, each with the fields of a single call (project, customer, start, end or duration, description, allowOverlap). Overlaps are checked against stored entries and against each other. If the rate limit cuts a batch short, the answer says when to send the same batch again; entries already logged are then recognised, not created twice.`,
      ),
  }),
  output: z.object({
    outcome: z
      .enum(["created", "already_exists", "batch"])
      .describe('"batch" when entries was given: see batch.'),
    entry: z.object({ id: z.string(), ...entryFields }).optional(),
    batch: z
      .object({
        created: z.number().int(),
        alreadyLogged: z.number().int(),
        notSent: z.number().int(),
        failed: z.number().int(),
        sendAfter: z
          .string()
          .nullable()
          .describe(
            "When entries were left unsent by the rate limit: when the same batch may be sent again.",
          ),
        entries: z.array(
          z.object({
            index: z.number().int().describe("1-based position in the batch"),
            status: z.enum(["created", "already_exists", "not_sent", "failed"]),
            id: z.string().nullable(),
            ...entryFields,
            problem: z.string().nullable(),
          }),
        ),
      })
      .optional(),
  }),
  example: { project: "Website Relaunch", start: "yesterday 9:00", duration: "1h" },
  verifyWith: "list_time_entries",
  async handler(args, context) {
    if (args.entries !== undefined) {
      const single = [
        "project",
        "customer",
        "start",
        "end",
        "duration",
        "description",
        "allowOverlap",
      ] as const;
      const mixed = single.filter((field) => args[field] !== undefined);
      if (mixed.length > 0) {
        throw new InputError(
          `Give either entries or the fields of one entry, not both (also given: ${mixed.join(", ")}). Put every entry into entries.`,
        );
      }
      const outcome = await logEntries(args.entries, context, { single: false });
      const { batch, text } = batchAnswer(outcome, context);
      return { data: { outcome: "batch" as const, batch }, text };
    }
    if (args.project === undefined || args.start === undefined) {
      throw new InputError(
        'Give project and start (and end or duration) for one entry, e.g. project "Website Relaunch", start "yesterday 9:00", duration "2.5h"; or entries for several.',
      );
    }
    const input: EntryInput = { ...args, project: args.project, start: args.start };
    const { entries } = await logEntries([input], context, { single: true });
    const { entry: planned, status, id } = entries[0]!;
    const entry = entryData(planned, id ?? "", context);
    const what = describeEntry(planned, entry.value, `${entry.start} to ${entry.end}`);
    return status === "already_exists"
      ? {
          data: { outcome: "already_exists" as const, entry },
          text: `Already logged, not created again: ${what}. Entry id ${entry.id}.${entryAssumptions(planned)}`,
        }
      : {
          data: { outcome: "created" as const, entry },
          text: `Logged ${what}. Entry id ${entry.id}.${entryAssumptions(planned)}`,
        };
  },
});
