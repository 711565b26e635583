import { z } from "zod";
import { listInvoices } from "../../../api/invoices.js";
import { wholeList } from "../../../api/list.js";
import { activityTypeSchema } from "../../../api/schemas.js";
import { dateContext } from "../../../billing/context.js";
import { MAX_CUSTOMERS } from "../../../billing/invoice-batch.js";
import {
  type BatchOutcome,
  createInvoices,
  type InvoiceRequest,
  type OneInvoiceOutcome,
  type OutcomeFacts,
} from "../../../billing/invoice-workflow.js";
import { DateInputError } from "../../../domain/dates/errors.js";
import { formatDay } from "../../../domain/dates/format.js";
import { loadDates } from "../../../domain/dates/lazy.js";
import { InputError } from "../../../domain/input-error.js";
import { hasAtMostTwoDecimals } from "../../../domain/money.js";
import { cleanText, cleanWritten } from "../../../domain/text.js";
import { customerArg, dayArg, periodArg } from "../../args.js";
import type { ToolContext } from "../../context.js";
import { assumedText, dayOrPeriod } from "../../date-args.js";
import { defineTool } from "../../define-tool.js";
import { named } from "../../format.js";
import {
  billedOutput,
  billedText,
  conflictOutput,
  periodTimeOutput,
  refusalText,
} from "../../period-text.js";
import { refusalOutput } from "../../refusal.js";
import { smallBusinessText } from "../../small-business-text.js";
import { askForBatch, batchData, batchOutput, batchText } from "./batch-answer.js";
import { likeData, likeOutput, likeText, notesNeededText } from "./like-text.js";
import {
  askFirst,
  cannotTellText,
  countedText,
  describeInvoiceView as describe,
  draftView,
  invoiceView,
  nothingToBillText,
  smallBusinessOutput,
  storedView,
} from "./text.js";

const PATH = "/api/v1/invoices";

const amountArg = z
  .number()
  .positive()
  .max(10_000_000)
  .refine(hasAtMostTwoDecimals, "at most two decimals (cents)");

const input = z
  .object({
    customer: customerArg.optional().describe("Id or name; or customers."),
    customers: z
      // Bounds checked by the handler, with a sentence: the schema a model reads stays short.
      .union([z.literal("all"), z.array(z.string().trim().min(1).max(200))])
      .optional()
      .describe('"all" or a list.'),
    netAmount: amountArg.optional().describe("Before VAT, e.g. 1520.5; or fromTime."),
    fromTime: z.boolean().default(false).describe("Bill the period's time at the rate."),
    supplement: z.boolean().default(false).describe("Only time not yet invoiced."),
    period: periodArg('E.g. "last month", "2026-10-01..2026-10-31".').optional(),
    // The older form of period: still read, so calls made with it replay, but no longer shown.
    periodStart: dayArg("First day of the service period (older form of period).")
      .optional()
      .meta({ unlisted: true }),
    periodEnd: dayArg("Last day of the service period (older form of period).")
      .optional()
      .meta({ unlisted: true }),
    invoiceNumber: z.string().trim().min(1).max(64).optional().describe("Default: next number."),
    invoiceDate: dayArg("Default: today.").optional(),
    taxRate: z
      .number()
      .min(0)
      .max(100)
      .refine(hasAtMostTwoDecimals, "at most two decimals, e.g. 19 or 5.5")
      .optional()
      .describe("VAT percent; 0 for Kleinunternehmer."),
    notes: z.string().max(2000).optional().describe("Printed on the invoice."),
    activityType: activityTypeSchema.optional().describe("Default: the customer's."),
    like: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .describe("Repeat this invoice number, or a customer's newest."),
    allowOverlap: z.boolean().default(false).describe("Create it anyway, once the user confirmed."),
    dryRun: z.boolean().default(false).describe("Preview only; send nothing."),
  })
  // A period is always needed; the schema says so, while periodStart/periodEnd of older calls
  // (unlisted) are still read, so the handler checks that one of the two forms is there.
  .meta({ required: ["period"] });

export const createInvoiceTool = defineTool({
  name: "create_invoice",
  title: "Create a draft invoice",
  description:
    "Creates DRAFT invoices (nothing is sent) from netAmount or the period's time, VAT to the cent. dryRun first. Refuses what may bill a period twice.",
  kind: "write",
  family: "invoices",
  view: true,
  idempotent: true,
  input,
  output: z.object({
    outcome: z.enum([
      "created",
      "already_exists",
      "nothing_to_bill",
      "dry_run",
      "refused",
      "declined",
      "batch",
    ]),
    invoice: invoiceView.optional().describe("Absent with customers: see batch."),
    refusal: refusalOutput,
    smallBusiness: smallBusinessOutput.optional().describe("With taxRate 0: the limits checked."),
    notCompared: z
      .array(z.string())
      .optional()
      .describe("With already_exists: fields of the request the service's list does not show."),
    batch: batchOutput.optional().describe("With customers: one row per customer, and totals."),
    like: likeOutput.optional().describe("With like: the invoice repeated, and how its notes followed."),
    conflicts: z
      .array(conflictOutput)
      .optional()
      .describe("Invoices this one may bill twice: why it was refused, or (dry run) would be."),
    fromTime: periodTimeOutput.optional().describe("With fromTime: the time counted for the net amount."),
    billed: billedOutput
      .optional()
      .describe("With fromTime: the period's time against what its invoices already bill."),
    request: z
      .object({ method: z.literal("POST"), path: z.string(), body: z.record(z.string(), z.unknown()) })
      .optional()
      .describe("Only for a dry run: exactly what would be sent."),
  }),
  example: { customer: "mueller", netAmount: 100, period: "last month", dryRun: true },
  verifyWith: "list_invoices",
  writeCase: {
    postPath: "/api/v1/invoices",
    args: (n) => ({
      customer: "mueller",
      netAmount: 100 + n,
      periodStart: "2026-10-01",
      periodEnd: "2026-10-31",
      invoiceDate: "2026-11-20",
      invoiceNumber: `FAULT-${n}`,
      // Every call bills Müller's October: the faults are the subject, not overlaps.
      allowOverlap: true,
    }),
    stored: async (api, args) =>
      wholeList(await listInvoices(api), "invoices", "they cannot be counted").filter(
        (invoice) => invoice.invoiceNumber === args.invoiceNumber,
      ).length,
  },
  async handler(args, context, call) {
    const request = await requestOf(args, context);
    const outcome = await createInvoices(request, context, call.confirmation);
    return "rows" in outcome ? batchAnswer(outcome, context) : oneAnswer(outcome, context);
  },
});

type Args = z.output<typeof input>;

/** The arguments checked for what belongs together, the period and invoice day read. */
async function requestOf(args: Args, context: ToolContext): Promise<InvoiceRequest> {
  if (args.like !== undefined) checkLike(args);
  if (args.customers !== undefined) checkMany(args);
  else {
    if (args.customer === undefined && args.like === undefined) {
      throw new InputError(
        'Give customer (id or name), or customers: "all" or a list of them with fromTime: true for one draft each.',
      );
    }
    if (args.fromTime && args.netAmount !== undefined) {
      throw new InputError(
        "Give either netAmount or fromTime: true, not both: fromTime computes the net amount from the period's time at the customer's rate. Choose one.",
      );
    }
    if (!args.fromTime && args.netAmount === undefined && args.like === undefined) {
      throw new InputError(
        "netAmount is required (e.g. 1520.5), or fromTime: true with a period (e.g. \"last month\") to bill that period's time at the customer's rate.",
      );
    }
    if (args.supplement && !args.fromTime) {
      throw new InputError(
        "supplement: true needs fromTime: true: a supplement bills the part of the period's time that its invoices do not bill yet.",
      );
    }
  }
  const period = await servicePeriod(args, context);
  const invoiceDay =
    args.invoiceDate === undefined
      ? formatDay(context.now(), context.timeZone)
      : (await loadDates()).parseDay(args.invoiceDate, dateContext(context));
  return {
    customer: args.customer,
    customers: args.customers,
    netAmount: args.netAmount,
    fromTime: args.fromTime,
    supplement: args.supplement,
    period,
    invoiceDay,
    invoiceNumber: args.invoiceNumber,
    taxRate: args.taxRate,
    defaultTaxRate: context.defaultTaxRate,
    notes: args.notes === undefined ? undefined : cleanWritten(args.notes),
    activityType: args.activityType,
    like: args.like,
    allowOverlap: args.allowOverlap,
    dryRun: args.dryRun,
  };
}

/** `customers`: one draft per customer from the period's time; what such a call cannot take. */
function checkMany(args: Args): void {
  if (args.customer !== undefined) throw new InputError("Give either customer or customers, not both.");
  if (!args.fromTime || args.netAmount !== undefined) {
    throw new InputError(
      "customers needs fromTime: true and no netAmount: each customer is billed their own time in the period at their rate.",
    );
  }
  if (args.invoiceNumber !== undefined) {
    throw new InputError(
      "With customers, leave out invoiceNumber: each draft takes the next number in turn.",
    );
  }
  if (Array.isArray(args.customers) && args.customers.length > MAX_CUSTOMERS) {
    throw new InputError(`One call drafts for at most ${MAX_CUSTOMERS} customers: pass the list in parts.`);
  }
}

/** One invoice's outcome in words and data. */
function oneAnswer(outcome: OneInvoiceOutcome, context: ToolContext) {
  const { period } = outcome;
  if (outcome.kind === "needs notes") throw new InputError(notesNeededText(outcome.plan, period));
  const { draft, like, limits } = outcome;
  const customer = draft.ask.customer;
  const assumed = `${periodNotes(outcome, false)}${assumedText([...period.assumptions, ...(like?.assumptions ?? [])])}`;
  const liked = like === undefined ? {} : { like: likeData(like) };
  const likeLine = like === undefined ? "" : likeText(like, period, context.timeZone);
  const counted = {
    ...(draft.time === undefined ? {} : { fromTime: draft.time }),
    ...(draft.billed === undefined ? {} : { billed: draft.billed }),
    ...(limits === undefined ? {} : { smallBusiness: { limitsPassed: limits } }),
  };
  const warned = limits === undefined ? "" : smallBusinessText(limits);
  const facts = draft.billed === undefined ? "" : billedText(draft.billed);
  const factsLine = facts ? `\n${facts}` : "";
  const who = named(customer.name, customer._id);
  const { conflicts } = draft;

  switch (outcome.kind) {
    case "exists": {
      const invoice = storedView(draft, context.timeZone);
      return {
        data: {
          outcome: "already_exists" as const,
          invoice,
          notCompared: draft.notShown,
          ...liked,
          ...counted,
        },
        text: `${replayText(describe(invoice), draft.notShown)}${likeLine}${assumed}`,
      };
    }
    case "dry run": {
      const invoice = draftView(draft, null, "draft");
      const warning =
        conflicts.length === 0
          ? factsLine
          : draft.ask.supplement
            ? `\n${cannotTellText(draft, who, period, true)}`
            : `\n${refusalText(conflicts, who, period, true, draft.billed)}`;
      return {
        data: {
          outcome: "dry_run" as const,
          invoice,
          ...(conflicts.length === 0 ? {} : { conflicts }),
          ...liked,
          ...counted,
          request: { method: "POST" as const, path: PATH, body: { ...draft.body } },
        },
        text: `Dry run, nothing sent. This would create ${describe(invoice)}.${likeLine}${countedText(draft.time)}${warning}${warned}${assumed}\nRequest: POST ${PATH} ${JSON.stringify(draft.body)}`,
      };
    }
    case "nothing to bill":
      return {
        data: { outcome: "nothing_to_bill" as const, ...liked, ...counted },
        text: `${nothingToBillText(who, period, draft.billed)}${assumed}`,
      };
    case "refused":
      if (draft.ask.supplement) {
        return {
          data: {
            outcome: "refused" as const,
            invoice: draftView(draft, null, "not created"),
            refusal: {
              reason: "cannot tell which invoices bill the hours",
              override: "allowOverlap" as const,
            },
            conflicts,
            ...counted,
          },
          text: `${cannotTellText(draft, who, period, false)}${assumed}`,
        };
      }
      return {
        data: {
          outcome: "refused" as const,
          invoice: draftView(draft, null, "not created"),
          refusal: {
            reason: "may bill the period twice",
            // Time logged since its invoice is billed by a supplement; a whole second invoice is the exception.
            override:
              draft.billed?.status === "compared" && (draft.billed.difference ?? 0) > 0
                ? ("supplement" as const)
                : ("allowOverlap" as const),
          },
          conflicts,
          ...liked,
          ...counted,
        },
        text: `${refusalText(conflicts, who, period, false, draft.billed)}${likeLine}`,
      };
    case "needs answer":
      return askFirst(draftView(draft, null, "draft"), outcome.state, outcome.changed);
    case "declined": {
      const summary = draftView(draft, null, "draft");
      return {
        data: {
          outcome: "declined" as const,
          invoice: draftView(draft, null, "not created"),
          ...liked,
          ...counted,
        },
        text: `Not created: the user did not confirm ${describe(summary)}. Ask what to change before trying again.`,
      };
    }
    case "created": {
      const invoice = draftView(draft, outcome.id, "draft");
      return {
        data: { outcome: "created" as const, invoice, ...liked, ...counted },
        text: `Created ${describe(invoice)}. It is a draft: review and send it in the Invoicing Service.${likeLine}${warned}${draft.ask.supplement ? factsLine.replace("Not yet billed", "Billed by this supplement") : ""}${assumed}`,
      };
    }
  }
}

/** Many customers' outcome: one line a customer, totals, and what to do next. */
function batchAnswer(outcome: BatchOutcome, context: ToolContext) {
  const { period, rows, limits } = outcome;
  const planned = (sendAfterMs: number | null) => batchData(rows, sendAfterMs, context);
  const small = limits === undefined ? {} : { smallBusiness: { limitsPassed: limits } };
  const assumed = `${limits === undefined ? "" : smallBusinessText(limits)}${periodNotes(outcome, true)}${assumedText(period.assumptions)}`;
  switch (outcome.kind) {
    case "batch preview":
    case "nothing to create": {
      const batch = planned(null);
      const mode = outcome.kind === "batch preview" ? "preview" : "nothing to create";
      return {
        data: { outcome: "batch" as const, batch, ...small },
        text: `${batchText(batch, period, mode)}${assumed}`,
      };
    }
    case "batch needs answer":
      return askForBatch(batchText(planned(null), period, "preview"), outcome.state, outcome.changed);
    case "batch declined":
      return {
        data: { outcome: "declined" as const, batch: planned(null) },
        text: "Not created: the user did not confirm these draft invoices. Ask what to change before trying again.",
      };
    case "batch sent": {
      const batch = planned(outcome.sendAfterMs);
      return {
        data: { outcome: "batch" as const, batch },
        text: `${batchText(batch, period, "sent")}${assumed}`,
      };
    }
  }
}

/** The replay answer: what matched, and what could not be compared where the list does not show it. */
function replayText(stored: string, notShown: readonly string[]): string {
  if (notShown.length === 0) {
    return `Not created again: ${stored} already exists with the same content. To create a second one deliberately, pass other notes or invoiceNumber, with allowOverlap: true.`;
  }
  return `Not created again: ${stored} matches this request in everything the service's list shows; the list does not show its ${notShown.join(", ")}, so those could not be compared, and it is taken as this request sent before. If a second invoice is meant, call again with allowOverlap: true.`;
}

/** `like` repeats an invoice as it is: what would make it another invoice is refused, saying what to give instead. */
function checkLike(args: Args): void {
  if (args.customers !== undefined) throw new InputError("Give either like or customers, not both.");
  if (args.fromTime || args.supplement) {
    throw new InputError(
      "like repeats a fixed amount, so it takes neither fromTime nor supplement: to bill a period's time, leave out like.",
    );
  }
  if (args.netAmount !== undefined || args.activityType !== undefined) {
    throw new InputError(
      `like repeats ${cleanText(args.like, 80)}'s net amount and activity type: for another amount or type, create the invoice with customer, netAmount, period and notes instead of like.`,
    );
  }
}

async function servicePeriod(
  args: { period?: string | undefined; periodStart?: string | undefined; periodEnd?: string | undefined },
  context: ToolContext,
): Promise<{ start: string; end: string; assumptions: readonly string[] }> {
  const ctx = dateContext(context);
  if (args.period !== undefined) {
    if (args.periodStart !== undefined || args.periodEnd !== undefined) {
      throw new InputError("Give either period or periodStart and periodEnd, not both.");
    }
    const period = (await loadDates()).parsePeriod(args.period, ctx);
    return { start: period.start, end: period.end, assumptions: period.assumptions ?? [] };
  }
  if (args.periodStart === undefined || args.periodEnd === undefined) {
    throw new InputError(
      'The service period is required: give period, e.g. "last month", "März 2026" or "2026-03-01..2026-03-31".',
    );
  }
  const from = await dayOrPeriod(args.periodStart, ctx, "start");
  const to = await dayOrPeriod(args.periodEnd, ctx, "end");
  const [start, end] = [from.day, to.day];
  if (end < start)
    throw new DateInputError(
      "period",
      `${args.periodStart} … ${args.periodEnd}`,
      `periodEnd ${end} is before periodStart ${start}`,
    );
  return { start, end, assumptions: [...new Set([...from.assumptions, ...to.assumptions])] };
}

/**
 * What the person should know about the period billed: that it was cut at today (time after today
 * is not logged yet), and the timers still running in it, whose time no invoice bills yet.
 */
function periodNotes(facts: OutcomeFacts, many: boolean): string {
  const { period, cutFrom, running } = facts;
  const which = many ? "these invoices" : "this invoice";
  const cut =
    cutFrom === null
      ? ""
      : `\nService period ${period.start} to ${period.end}: the period named runs to ${cutFrom}, but time is billed only up to today, ${period.end}.`;
  if (running.length === 0) return cut;
  const timers = running.map(
    (t) =>
      `- ${t.projectName ?? t.projectId} (entry ${t.id})${many ? ` of ${named(t.customerName, t.customerId)}` : ""}, running since ${t.start}${t.minutesSoFar === null ? "" : ` (${t.minutesSoFar} min so far)`}`,
  );
  // One invoice's timers are one customer's: the later call in full; for many, per customer.
  const later = many
    ? "create_invoice for that customer alone, with its period, fromTime and supplement: true"
    : `create_invoice with customer "${running[0]!.customerId}", fromTime: true, period "${period.start}..${period.end}" and supplement: true`;
  return `${cut}\nNot on ${which}: ${running.length === 1 ? "a timer is" : `${running.length} timers are`} still running, and a running timer is billed only once it is stopped (then ${later}):\n${timers.join("\n")}`;
}
