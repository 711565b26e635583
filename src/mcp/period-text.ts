/**
 * How a period's time and the invoices that may bill it read in an answer: the output schemas
 * time_summary and create_invoice share, and the lines that describe them. The facts come from
 * src/billing/period-facts.ts.
 */
import { z } from "zod";
import type { BilledSoFar } from "../billing/billed-so-far.js";
import type { Conflict } from "../billing/invoice-guards.js";
import type { CoveringInvoice, PeriodTime } from "../billing/period-facts.js";
import { DATE_GUESS_DAYS, type DaySpan } from "../domain/period-billing.js";
import { moneyOutput } from "./args.js";
import { eur, hours } from "./format.js";

export const periodOutput = z.object({
  start: z.string().describe("first day, YYYY-MM-DD"),
  end: z.string().describe("last day, YYYY-MM-DD"),
  label: z.string(),
});

export const periodEntryOutput = z.object({
  id: z.string(),
  start: z.string(),
  end: z.string(),
  minutes: z.number().int(),
  projectId: z.string(),
  projectName: z.string().nullable(),
  description: z.string().nullable(),
});

export const periodTimeOutput = z.object({
  entryCount: z
    .number()
    .int()
    .describe("completed entries that started in the period (running timers excluded)"),
  minutes: z.number().int(),
  hours: z.number(),
  hourlyRate: moneyOutput.nullable().describe("the customer's rate; null when the service gives none"),
  amount: moneyOutput.nullable().describe("minutes × rate, to the cent, half-up; null without a rate"),
  byProject: z
    .array(
      z.object({
        projectId: z.string(),
        projectName: z.string().nullable(),
        entryCount: z.number().int(),
        minutes: z.number().int(),
        hours: z.number(),
        amount: moneyOutput.nullable(),
      }),
    )
    .optional()
    .describe("time_summary: only when one customer is asked for (its text names the projects)"),
  entries: z.array(periodEntryOutput).optional().describe("only when one customer is asked for"),
});

export const coveringInvoiceOutput = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  status: z.string(),
  netAmount: moneyOutput,
  grossAmount: moneyOutput.nullable(),
  periodStart: z.string().nullable().describe("null when the service did not return the service period"),
  periodEnd: z.string().nullable(),
  notes: z.string().nullable(),
  basis: z
    .enum(["service period", "invoice date"])
    .describe(
      '"service period": its period overlaps; "invoice date": the list gave no period, so this is a guess from its date',
    ),
});

export const conflictOutput = coveringInvoiceOutput.extend({
  reason: z.enum(["same amount and period", "may cover the period"]),
});

/**
 * "RE-2026-031 (id inv_1) · 2026-11-03 · sent · net 2587.50 EUR · period 2026-10-01 to 2026-10-31".
 * Beside the period asked about (`asked`), shorter: no id (no tool takes one), "the period" for it,
 * and how it was found only when that is a guess.
 */
export function describeInvoice(invoice: CoveringInvoice, asked?: DaySpan): string {
  const notes = invoice.notes ? ` · notes "${invoice.notes}"` : "";
  if (asked !== undefined) {
    const period =
      invoice.periodStart === null
        ? ", no period returned"
        : invoice.periodStart === asked.start && invoice.periodEnd === asked.end
          ? ""
          : `, period ${invoice.periodStart} to ${invoice.periodEnd}`;
    const said = invoice.notes ? `, "${invoice.notes}"` : "";
    return `${invoice.invoiceNumber} (${invoice.status}, net ${eur(invoice.netAmount)}${period}${said})`;
  }
  const period =
    invoice.periodStart === null
      ? "period not returned by the service"
      : `period ${invoice.periodStart} to ${invoice.periodEnd}`;
  return `${invoice.invoiceNumber} (id ${invoice.id}) · dated ${invoice.invoiceDate} · ${invoice.status} · net ${eur(invoice.netAmount)} · ${period}${notes}`;
}

/** "27.25 h = 2588.75 EUR at 95.00 EUR/h (Website Relaunch 20 h, Katalog 7.25 h)". */
export function describeTime(
  time: Omit<PeriodTime, "entries" | "byProject"> & { byProject?: PeriodTime["byProject"] | undefined },
): string {
  const money =
    time.amount === null || time.hourlyRate === null
      ? " (no hourly rate known, so no amount)"
      : ` = ${eur(time.amount)} at ${eur(time.hourlyRate)}/h`;
  const projects = (time.byProject ?? [])
    .map((p) => `${p.projectName ?? p.projectId} ${hours(p.hours)}`)
    .join(", ");
  return `${hours(time.hours)} in ${time.entryCount} ${time.entryCount === 1 ? "entry" : "entries"}${money}${projects ? ` (${projects})` : ""}`;
}

/** Whether any covering invoice was found by date alone: the text must say it is a guess. */
export function guessNote(covering: readonly CoveringInvoice[]): string {
  return covering.some((c) => c.basis === "invoice date")
    ? ` Where the service returned no service period, this is a guess from invoice dates (dated in the period or up to ${DATE_GUESS_DAYS} days after it).`
    : "";
}

export const billedOutput = z.object({
  status: z.enum(["unbilled", "compared", "wider period", "no rate"]),
  timeAmount: moneyOutput.nullable(),
  billedAmount: moneyOutput,
  invoiceNumbers: z.array(z.string()),
  difference: moneyOutput.nullable().describe("time − billed: above 0 is time not yet billed"),
  differenceMinutes: z.number().int().nullable(),
  differenceHours: z.number().nullable(),
  guessed: z.boolean(),
  widerInvoices: z.array(z.string()),
  repeated: z.array(z.object({ invoiceNumber: z.string(), repeats: z.string() })),
  besideTime: z
    .array(z.string())
    .describe("when billed is above the time: the invoices that bill something beside it (a lump sum)"),
});

/** "RE-1" or "RE-1 and RE-2" or "RE-1, RE-2 and RE-3". */
function numbers(list: readonly string[]): string {
  return list.length <= 1 ? (list[0] ?? "") : `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`;
}

/**
 * The period's time against what its invoices bill: "0.75 h = 75.00 EUR logged since RE-2026-071
 * (…)", or that it is all billed, or why no difference can be given. "" when no invoice covers it.
 */
export function billedText(billed: BilledSoFar): string {
  const by = numbers(billed.invoiceNumbers);
  const guess = billed.guessed
    ? " (taking the invoices guessed from their dates as billing this period)"
    : "";
  switch (billed.status) {
    case "unbilled":
      return "";
    case "no rate":
      return `Without an hourly rate the time has no amount to compare with what ${by} bill.`;
    case "wider period":
      return `${numbers(billed.widerInvoices)} covers more than this period, so how much of this period's time it bills cannot be told: no difference is given.`;
    case "compared": {
      const difference = billed.difference ?? 0;
      const verb = billed.invoiceNumbers.length === 1 ? "bills" : "bill";
      const worth = `the period's time is worth ${eur(billed.timeAmount ?? 0)}, ${by} ${verb} ${eur(billed.billedAmount)} net${guess}`;
      if (difference > 0) {
        const amount =
          billed.differenceHours === null
            ? eur(difference)
            : `${hours(billed.differenceHours)} = ${eur(difference)}`;
        return `Not yet billed: ${amount} logged since ${by} (${worth}).`;
      }
      if (difference === 0) return `Fully billed: ${worth}.`;
      if (billed.besideTime.length > 0) return besideText(billed, worth);
      return `${by} ${verb} ${eur(-difference)} more than the period's time is worth (${worth}): ${billed.invoiceNumbers.length === 1 ? "it" : "they"} may include other work, or time was removed since.`;
    }
  }
}

/**
 * Billing more than the period's time is no sign of a mistake when some invoices bill a lump sum
 * beside it (the others bill the time exactly, or they repeat a fixed amount): said, not warned of.
 */
function besideText(billed: BilledSoFar, worth: string): string {
  const repeats = new Map(billed.repeated.map((r) => [r.invoiceNumber, r.repeats]));
  const beside = billed.besideTime.map((n) =>
    repeats.has(n) ? `${n} (the same fixed amount as ${repeats.get(n)})` : n,
  );
  const timeBy = billed.invoiceNumbers.filter((n) => !billed.besideTime.includes(n));
  const lead =
    timeBy.length === 0
      ? "No invoice bills the period's time"
      : billed.timeAmount !== null && billed.timeAmount > 0
        ? `${numbers(timeBy)} ${timeBy.length === 1 ? "bills" : "bill"} the period's time`
        : "";
  const others = `${numbers(beside)} ${beside.length === 1 ? "bills" : "bill"} something beside it, not its hours`;
  return lead ? `${lead}; ${others}.` : `${others} (${worth}).`;
}

/** How to bill only what is not billed yet, when there is such a difference; else "". */
export function supplementHint(billed: BilledSoFar | undefined): string {
  if (billed?.status !== "compared" || (billed.difference ?? 0) <= 0) return "";
  return "To bill only that: create_invoice with fromTime: true and supplement: true (dryRun: true first).";
}

/** The refusal: every conflicting invoice, and how to go on (a supplement first, where one fits). */
export function refusalText(
  conflicts: readonly Conflict[],
  who: string,
  period: DaySpan,
  dryRun: boolean,
  billed?: BilledSoFar,
): string {
  const head = dryRun
    ? `Creating this would be refused: ${who} may already be billed for ${period.start} to ${period.end} by:`
    : `Not created: ${who} may already be billed for ${period.start} to ${period.end} by:`;
  const facts = billed === undefined ? "" : billedText(billed);
  const supplement =
    billed?.status === "compared" && (billed.difference ?? 0) > 0
      ? "To bill only the time not yet billed, call create_invoice again with the same arguments and supplement: true. "
      : "";
  const whole =
    billed?.status === "compared" && billed.timeAmount !== null
      ? ` (${eur(billed.timeAmount)} on top of the ${eur(billed.billedAmount)} already billed)`
      : "";
  return [
    `${head}${guessNote(conflicts)}`,
    ...conflicts.map((c) => `- ${describeInvoice(c)} [${c.reason}; ${c.basis}]`),
    ...(facts ? [facts] : []),
    `Check these with the user first. ${supplement}Only for a truly separate invoice${billed === undefined ? "" : ` of the whole period${whole}`}, call again with allowOverlap: true.`,
  ].join("\n");
}
