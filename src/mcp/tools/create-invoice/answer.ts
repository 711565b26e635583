/**
 * What create_invoice answers: one invoice in the words it shares with the preview's button
 * (src/mcp/invoice-answer.ts), or for many customers (`customers: "all"` or a list) one line per
 * draft with the guard's verdict, totals, and after sending what was created, what is left and
 * when to send it.
 */
import type { z } from "zod";
import type { BatchRow, BatchStatus } from "../../../billing/invoice-batch.js";
import type { BatchOutcome, InvoiceOutcome } from "../../../billing/invoice-workflow.js";
import type { SignIn } from "../../../config/principal.js";
import { formatInstant } from "../../../domain/dates/format.js";
import { fromCents, toCents } from "../../../domain/money.js";
import { hoursFromMinutes } from "../../../domain/period-billing.js";
import { cleanText } from "../../../domain/text.js";
import type { ToolContext } from "../../context.js";
import { assumedText } from "../../date-args.js";
import { AskToConfirm } from "../../define-tool.js";
import { errorText } from "../../error-text.js";
import { eur, hours, named } from "../../format.js";
import { oneInvoiceAnswer } from "../../invoice-answer.js";
import type { batchOutput } from "../../invoice-schema.js";
import { periodNotes } from "../../invoice-text.js";
import { billedShort } from "../../period-text.js";
import { smallBusinessText } from "../../small-business-text.js";

type BatchData = z.infer<typeof batchOutput>;

export function invoiceAnswer(outcome: InvoiceOutcome, context: ToolContext, signIn: SignIn) {
  return "rows" in outcome ? batchAnswer(outcome, context, signIn) : oneInvoiceAnswer(outcome, context);
}

/** Many customers' outcome: one line a customer, totals, and what to do next. */
function batchAnswer(outcome: BatchOutcome, context: ToolContext, signIn: SignIn) {
  const { period, rows, limits } = outcome;
  const planned = (sendAfterMs: number | null) => batchData(rows, sendAfterMs, context, signIn);
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

const WORDS: Record<BatchStatus, string> = {
  create: "ok",
  exists: "exists already, not created again",
  refused: "refused",
  skipped: "skipped",
  created: "created",
  not_sent: "not yet sent",
  failed: "failed",
};

const COUNTED = new Set<BatchStatus>(["create", "created", "not_sent"]);

function batchData(
  rows: readonly BatchRow[],
  sendAfterMs: number | null,
  context: ToolContext,
  signIn: SignIn,
): BatchData {
  const drafts = rows.map((row) => {
    const body = row.draft?.body;
    const minutes = row.draft?.time?.minutes;
    return {
      customerId: row.customer._id,
      customerName: cleanText(row.customer.name),
      status: row.status,
      invoiceNumber: body && row.status !== "refused" ? body.invoiceNumber : null,
      id: row.id,
      hours: minutes === undefined ? null : hoursFromMinutes(minutes),
      netAmount: body?.netAmount ?? null,
      taxAmount: body?.taxAmount ?? null,
      grossAmount: body?.grossAmount ?? null,
      conflicts: row.draft?.conflicts.map((c) => c.invoiceNumber) ?? [],
      problem: problemOf(row, signIn),
    };
  });
  const counted = rows.filter((row) => COUNTED.has(row.status));
  const cents = (pick: (row: BatchRow) => number | undefined) =>
    fromCents(counted.reduce((sum, row) => sum + toCents(pick(row) ?? 0), 0));
  return {
    drafts,
    totals: {
      invoices: counted.length,
      hours: hoursFromMinutes(counted.reduce((sum, row) => sum + (row.draft?.time?.minutes ?? 0), 0)),
      netAmount: cents((row) => row.draft?.body.netAmount),
      taxAmount: cents((row) => row.draft?.body.taxAmount),
      grossAmount: cents((row) => row.draft?.body.grossAmount),
    },
    sendAfter: sendAfterMs === null ? null : formatInstant(sendAfterMs, context.timeZone),
  };
}

/**
 * Why a row is skipped or refused, in the words the single answer uses for the same customer: the
 * rule's error, or what the period's invoices leave unbilled (the one model of time_summary too).
 */
function problemOf(row: BatchRow, signIn: SignIn): string | null {
  if (row.error !== undefined) return errorText(row.error, { verifyWith: "list_invoices", signIn });
  const billed = row.draft?.billed;
  if (billed === undefined || billed.invoiceNumbers.length === 0) return null;
  if (row.draft?.verdict === "nothing to bill") return `nothing left to bill: ${billedShort(billed)}`;
  return row.status === "refused" ? billedShort(billed) : null;
}

/**
 * What the batch answer reports: a dry run's preview, a real run in which no customer had a draft
 * to create (the usual second run of month-end: it is not a preview), or what was sent.
 */
type BatchMode = "preview" | "nothing to create" | "sent";

/** One line per customer, then the totals and what to do next. */
function batchText(data: BatchData, period: { start: string; end: string }, mode: BatchMode): string {
  const { totals } = data;
  const dryRun = mode === "preview";
  const count = (status: BatchStatus) => data.drafts.filter((d) => d.status === status).length;
  const head =
    mode === "preview" && totals.invoices === 0
      ? `Dry run, nothing sent. No draft invoice to create for ${period.start} to ${period.end}: for every customer the invoice exists already, would bill the period twice, or there is no time to bill. Per customer:`
      : mode === "preview"
        ? `Dry run, nothing sent. ${totals.invoices} draft invoice${totals.invoices === 1 ? "" : "s"} for ${period.start} to ${period.end}, from each customer's time at their rate (numbers as they will be given):`
        : mode === "nothing to create"
          ? `No draft invoice created for ${period.start} to ${period.end}: for every customer the invoice exists already, would bill the period twice, or there is no time to bill. Per customer:`
          : `${count("created")} draft invoice${count("created") === 1 ? "" : "s"} created for ${period.start} to ${period.end}${count("not_sent") ? `, ${count("not_sent")} not yet sent` : ""}${count("failed") ? `, ${count("failed")} failed` : ""}:`;
  const lines = data.drafts
    .filter((d) => d.status !== "skipped")
    .map((d) => {
      const number = d.invoiceNumber ? `${d.invoiceNumber}${d.id ? ` (id ${d.id})` : ""} · ` : "";
      const money =
        d.netAmount === null
          ? ""
          : ` · ${hours(d.hours ?? 0)} · net ${eur(d.netAmount)} · gross ${eur(d.grossAmount ?? 0)}`;
      const why =
        d.status === "refused"
          ? `: may already be billed by ${d.conflicts.join(", ")}${d.problem ? `; ${d.problem}` : ""} (create_invoice for this customer alone shows them)`
          : d.problem
            ? `: ${d.problem}`
            : "";
      return `- ${number}${named(d.customerName, d.customerId)}${money} · ${WORDS[d.status]}${why}`;
    });
  const skipped = data.drafts.filter((d) => d.status === "skipped");
  const total = `Totals: ${totals.invoices} invoice${totals.invoices === 1 ? "" : "s"}, ${hours(totals.hours)}, net ${eur(totals.netAmount)}, VAT ${eur(totals.taxAmount)}, gross ${eur(totals.grossAmount)}.`;
  const tail: string[] = [];
  if (skipped.length > 0) {
    const noTime = skipped.filter((d) => d.problem?.startsWith("No completed time"));
    const other = skipped.filter((d) => !d.problem?.startsWith("No completed time"));
    if (noTime.length > 0)
      tail.push(
        `No time in the period: ${noTime.map((d) => named(d.customerName, d.customerId)).join(", ")}.`,
      );
    for (const d of other) tail.push(`Skipped ${named(d.customerName, d.customerId)}: ${d.problem}`);
  }
  const nothing = mode === "nothing to create" || (dryRun && totals.invoices === 0);
  if (nothing) {
    if (count("refused") > 0) {
      tail.push(
        "A refused one may still have time not billed yet: create_invoice for that customer alone, with supplement: true, bills only that.",
      );
    }
  } else if (dryRun) {
    tail.push(
      "To create them: the same call without dryRun. Refused ones are left out; each can be made alone with create_invoice (supplement: true bills only time not yet billed).",
    );
  } else if (data.sendAfter !== null) {
    tail.push(
      `The service's rate limit allows the rest from ${data.sendAfter}. Then send the same call again: the invoices created are recognised, only the missing ones are created.`,
    );
  } else if (count("failed") > 0) {
    tail.push(
      "Check the failed one with list_invoices, then send the same call again: the invoices created are recognised, only the missing ones are created.",
    );
  } else if (count("created") > 0) {
    tail.push("They are drafts: review and send them in the Invoicing Service.");
  }
  // Nothing created: totals of zero say nothing the head does not.
  return [head, ...lines, ...(nothing ? [] : [total]), ...tail].join("\n");
}

/** The one question for the whole batch, where the client can ask the person. */
function askForBatch(text: string, state: string, changed: boolean): AskToConfirm {
  const first = changed
    ? "The drafts changed since you confirmed them. Create these instead?"
    : "Create these draft invoices?";
  const body = text
    .split("\n")
    .slice(1)
    .filter((line) => line.startsWith("- ") || line.startsWith("Totals"));
  return new AskToConfirm(
    [first, ...body, "They stay drafts in the Invoicing Service; nothing is sent to customers."].join("\n"),
    "Yes, create these draft invoices",
    state,
  );
}
