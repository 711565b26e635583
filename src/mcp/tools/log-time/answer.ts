/**
 * What log_time answers: one entry as it was logged or found, or a batch entry by entry (created,
 * already logged, not yet sent, failed), with what to do about the rest.
 */

import { z } from "zod";
import type { LateEntry } from "../../../billing/late-entries.js";
import type { LogTimeOutcome } from "../../../billing/log-time.js";
import {
  type BatchOutcome,
  type EntryStatus,
  type OverlapRefusal,
  span,
} from "../../../billing/log-time-batch.js";
import type { PlannedEntry } from "../../../billing/log-time-entry.js";
import type { SignIn } from "../../../config/principal.js";
import { formatDuration } from "../../../domain/dates/duration.js";
import { formatInstant } from "../../../domain/dates/format.js";
import { amountForHours, fromCents, toCents } from "../../../domain/money.js";
import { cleanText } from "../../../domain/text.js";
import type { ToolContext } from "../../context.js";
import { assumedText } from "../../date-args.js";
import { overlapRefusalText } from "../../entry-refusal.js";
import { errorText } from "../../error-text.js";
import { eur, named } from "../../format.js";
import { coveringInvoiceOutput, describeInvoice, guessNote } from "../../period-text.js";

/** What log_time answers for each outcome of its call (src/billing/log-time.ts). */
export function logTimeAnswer(outcome: LogTimeOutcome, context: ToolContext, signIn: SignIn) {
  switch (outcome.kind) {
    case "refused":
      return refused(outcome.refusal, outcome.single);
    case "batch": {
      const { batch, text } = batchAnswer(outcome.logged, context, signIn);
      return {
        data: { outcome: "batch" as const, batch, ...notOnInvoice(outcome.late) },
        text: `${text}${lateText(outcome.late, false)}`,
      };
    }
    case "found": {
      const { entry: planned, id } = outcome.entry;
      const entry = entryData(planned, id ?? "", context);
      return {
        data: { outcome: "already_exists" as const, entry },
        text: `Already logged, not created again: ${entryWords(planned, entry)}. Entry id ${entry.id}.${entryAssumptions(planned)}`,
      };
    }
    case "created": {
      const { entry: planned, id } = outcome.entry;
      const entry = entryData(planned, id ?? "", context);
      return {
        data: { outcome: "created" as const, entry, ...notOnInvoice(outcome.late) },
        text: `Logged ${entryWords(planned, entry)}. Entry id ${entry.id}.${entryAssumptions(planned)}${lateText(outcome.late, true)}`,
      };
    }
  }
}

function entryWords(
  planned: PlannedEntry,
  entry: { value: number | null; start: string; end: string },
): string {
  return describeEntry(planned, entry.value, `${entry.start} to ${entry.end}`);
}

/** The overlap guard's answer: nothing logged, what each entry overlaps, and the override. */
function refused(refusal: OverlapRefusal, single: boolean) {
  const overlaps = refusal.overlaps.map(({ index, problem }) => ({
    index,
    span: problem.kind === "invalid" ? "" : problem.span,
    stored:
      problem.kind === "overlaps-stored"
        ? problem.stored.map((s) => ({
            id: s.id,
            projectId: s.projectId,
            customerId: s.customerId,
            span: s.span,
          }))
        : [],
    batchEntry: problem.kind === "overlaps-entry" ? problem.other : null,
  }));
  return {
    data: {
      outcome: "refused" as const,
      refusal: { reason: "overlaps other time", override: "allowOverlap" as const },
      overlaps,
    },
    text: overlapRefusalText(refusal, single),
  };
}

/** The entries created into time an invoice may already bill, as data; nothing when none. */
function notOnInvoice(late: readonly LateEntry[] | null) {
  const rows = (late ?? []).map((e) => ({
    index: e.index,
    customerId: e.customerId,
    invoices: e.invoices,
    periodStart: e.period.start,
    periodEnd: e.period.end,
  }));
  return rows.length === 0 ? {} : { notOnInvoice: rows };
}

function entryData<Id extends string | null>(planned: PlannedEntry, id: Id, context: ToolContext) {
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
    assumptions: [...planned.assumptions],
    value:
      rate === undefined || rate === null
        ? null
        : fromCents(amountForHours(planned.minutes / 60, toCents(rate))),
  };
}

/** "2h 30m on Website Relaunch (prj_1) for Müller & Söhne GmbH (cus_1), … (237.50 EUR at 95.00 EUR/h)" */
function describeEntry(planned: PlannedEntry, value: number | null, when: string): string {
  const rate = planned.owner?.hourlyRate ?? 0;
  const description = planned.description ? `: "${cleanText(planned.description, 120)}"` : "";
  const worth = value === null ? "" : ` (${eur(value)} at ${eur(rate)}/h)`;
  return `${formatDuration(planned.minutes)} on ${named(planned.project.name, planned.project._id)} for ${named(planned.owner?.name, planned.customerId)}, ${when}${description}${worth}`;
}

/** " Assumed: …." for the entry's readings of start and end, or "". */
function entryAssumptions(planned: PlannedEntry): string {
  return assumedText(planned.assumptions);
}

const STATUS_WORDS: Record<EntryStatus, string> = {
  created: "created",
  already_exists: "already logged, not created again",
  not_sent: "not yet sent",
  failed: "failed",
};

function batchAnswer(outcome: BatchOutcome, context: ToolContext, signIn: SignIn) {
  const rows = outcome.entries.map((e, i) => ({
    index: i + 1,
    status: e.status,
    ...entryData(e.entry, e.id, context),
    problem: e.error === undefined ? null : errorText(e.error, { verifyWith: "list_time_entries", signIn }),
  }));
  const count = (status: EntryStatus) => rows.filter((r) => r.status === status).length;
  const sendAfter =
    outcome.sendAfterMs === null ? null : formatInstant(outcome.sendAfterMs, context.timeZone);
  const batch = {
    created: count("created"),
    alreadyLogged: count("already_exists"),
    notSent: count("not_sent"),
    failed: count("failed"),
    sendAfter,
    entries: rows,
  };
  const total = rows.length;
  const head = [
    `Batch of ${total}: ${batch.created} created, ${batch.alreadyLogged} already logged (not created again)${batch.failed ? `, ${batch.failed} failed` : ""}${batch.notSent ? `, ${batch.notSent} not yet sent` : ""}.`,
  ];
  if (batch.notSent > 0 && sendAfter !== null) {
    head.push(
      `The service's rate limit allows the rest from ${sendAfter}. Then call log_time again with the same entries: those already logged are recognised, only the missing ones are created.`,
    );
  } else if (batch.failed > 0 || batch.notSent > 0) {
    head.push(
      "Check the failed entry with list_time_entries, then call log_time again with the same entries: those already logged are recognised, only the missing ones are created.",
    );
  }
  const lines = rows.map((r, i) => {
    const e = outcome.entries[i]!;
    const id = r.id ? ` ${r.id}` : "";
    const problem = r.problem ? `: ${r.problem}` : "";
    return `- ${r.index}. ${STATUS_WORDS[r.status]}${id} · ${describeEntry(e.entry, r.value, span(e.entry, context))}${problem}${entryAssumptions(e.entry)}`;
  });
  return { batch, text: [...head, ...lines].join("\n") };
}

/** log_time's data about entries logged into a period an invoice may already bill. */
export const notOnInvoiceOutput = z.array(
  z.object({
    index: z.number().int().describe("1-based position of the entry in the call"),
    customerId: z.string(),
    invoices: z.array(coveringInvoiceOutput),
    periodStart: z.string().describe("the period to bill it in, as a supplement"),
    periodEnd: z.string(),
  }),
);

/**
 * "\nNot on an invoice: …" once for the entries the same invoices may already bill in the same
 * period, with the one call that bills them; a note when the check could not be made; "" when no
 * invoice covers any of them. One paragraph per entry repeated the same invoices and call.
 */
function lateText(late: readonly LateEntry[] | null, single: boolean): string {
  if (late === null) {
    return "\nWhether an invoice already bills this time could not be checked (the invoice list could not be read whole): time_summary with the period shows it.";
  }
  const groups = new Map<string, LateEntry[]>();
  for (const entry of late) {
    const key = [
      entry.customerId,
      entry.period.start,
      entry.period.end,
      ...entry.invoices.map((c) => c.id),
    ].join(" ");
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  return [...groups.values()]
    .map((entries) => {
      const first = entries[0]!;
      const many = entries.length > 1;
      const which = single
        ? "This entry"
        : many
          ? `Entries ${listed(entries.map((e) => String(e.index)))}`
          : `Entry ${first.index}`;
      const by = first.invoices.map((c) => `${describeInvoice(c)} [${c.basis}]`).join("; ");
      const draft = first.invoices.some((c) => c.status === "draft")
        ? " (or change the draft in the Invoicing Service)"
        : "";
      return `\nNot on an invoice: ${which} ${many ? "fall" : "falls"} in time that ${by} may already bill${guessNote(first.invoices)}; ${many ? "they are" : "it is"} logged, but not on ${first.invoices.length === 1 ? "that invoice" : "those invoices"}. To bill ${many ? "them" : "it"}: create_invoice with customer "${first.customerId}", fromTime: true, period "${first.period.start}..${first.period.end}", supplement: true (dryRun: true first)${draft}.`;
    })
    .join("");
}

/** "1", "1 and 2", "1, 2 and 3". */
function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
