import { z } from "zod";
import { wholeList } from "../../../api/list.js";
import { listTimeEntries } from "../../../api/time-entries.js";
import { logTime } from "../../../billing/log-time.js";
import { MAX_BATCH } from "../../../billing/log-time-batch.js";
import { customerArg, projectArg } from "../../args.js";
import { defineTool } from "../../define-tool.js";
import { refusalOutput } from "../../refusal.js";
import { logTimeAnswer, notOnInvoiceOutput } from "./answer.js";

/** A point in time; what it accepts is said once, in the server's instructions. */
const instantArg = (what: string) => z.string().trim().min(1).max(100).describe(what);

const text = (max: number) => z.string().trim().min(1).max(max);

/** One entry of a batch: the fields of a single call, named alike and described there, once. */
const batchEntry = z.object({
  project: text(200),
  customer: text(200).optional(),
  start: text(100),
  end: text(100).optional(),
  duration: text(50).optional(),
  description: z.string().max(1000).optional(),
  allowOverlap: z.boolean().optional(),
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
    .describe(
      "Readings taken where start or end allowed several, e.g. a time that occurs twice on a DST change",
    ),
};

export const logTimeTool = defineTool({
  name: "log_time",
  title: "Log working time",
  description:
    'Records finished work: start and end or duration ("2.5h on Website Relaunch yesterday from 9:00" → start "yesterday 9:00", duration "2.5h"). Refuses overlaps (allowOverlap overrides). For several, pass entries: all are checked before any is sent.',
  kind: "write",
  family: "time",
  idempotent: true,
  input: z.object({
    project: projectArg.optional().describe("Project id or name; required without entries."),
    customer: customerArg.optional().describe("Only to tell same-named projects apart."),
    start: instantArg("When the work began; required without entries.").optional(),
    end: instantArg(
      'When it ended; "17:00" is on the start\'s day, "1:00 overnight" on the next.',
    ).optional(),
    duration: z.string().trim().min(1).max(50).optional().describe('Instead of end, e.g. "1h 30m".'),
    description: z.string().max(1000).optional().describe("What was done."),
    allowOverlap: z.boolean().optional().describe("Log it anyway, once the person confirmed."),
    entries: z
      .array(batchEntry)
      .min(1)
      .max(MAX_BATCH)
      .optional()
      .describe(
        `Up to ${MAX_BATCH}, each with the fields above; a batch cut short by the rate limit can be sent again.`,
      ),
  }),
  output: z.object({
    notOnInvoice: notOnInvoiceOutput
      .optional()
      .describe("Entries logged into time an invoice of the customer may already bill: not on it."),
    outcome: z
      .enum(["created", "already_exists", "batch", "refused"])
      .describe('"batch" when entries was given: see batch.'),
    refusal: refusalOutput,
    overlaps: z
      .array(
        z.object({
          index: z.number().int().describe("1-based entry"),
          span: z.string(),
          stored: z.array(
            z.object({ id: z.string(), projectId: z.string(), customerId: z.string(), span: z.string() }),
          ),
          batchEntry: z.number().int().nullable().describe("the earlier entry of the batch it overlaps"),
        }),
      )
      .optional()
      .describe("When refused: what each entry overlaps."),
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
  writeCase: {
    postPath: "/api/v1/time-entries",
    args: (n) => ({
      project: "Website Relaunch",
      start: "2026-11-18T09:00",
      duration: "45 min",
      description: `Fault matrix call ${n}`,
      // Every call logs the same slot, on a demo weekday full of entries: faults are the subject.
      allowOverlap: true,
    }),
    stored: async (api, args) =>
      wholeList(
        await listTimeEntries(api, { from: "2026-11-17", to: "2026-11-19" }),
        "time entries",
        "they cannot be counted",
      ).filter((entry) => entry.description === args.description).length,
  },
  async handler(args, context, call) {
    return logTimeAnswer(await logTime(args, context), context, call.signIn);
  },
});
