/**
 * How a period's time and the invoices that may bill it read in an answer: the output schemas
 * time_summary and create_invoice share, and the lines that describe them. The facts come from
 * src/billing/period-facts.ts.
 */
import { z } from "zod";
import type { BilledSoFar } from "../billing/billed-so-far.js";
import type { Conflict } from "../billing/invoice-guards.js";
import type { CoveringInvoice, PeriodTime } from "../billing/period-facts.js";
import type { DaySpan } from "../domain/calendar-span.js";
import { DATE_GUESS_DAYS } from "../domain/period-billing.js";
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

const unbilledOutput = z.object({
  amount: moneyOutput,
  minutes: z.number().int().nullable(),
  hours: z.number().nullable(),
});

export const billedOutput = z.object({
  status: z
    .enum(["unbilled", "compared", "cannot tell", "no rate"])
    .describe(
      '"unbilled": no invoice bills these hours; "compared": difference is what is not yet billed; "cannot tell": an invoice may or may not bill them (both figures)',
    ),
  timeAmount: moneyOutput.nullable(),
  billedAmount: moneyOutput.describe("net of the invoices that bill the period's hours"),
  besideAmount: moneyOutput.describe("net of those that bill something beside the time"),
  invoiceNumbers: z.array(z.string()),
  roles: z
    .array(
      z.object({
        invoiceNumber: z.string(),
        bills: z.enum(["hours", "beside", "unclear"]),
        reason: z.enum([
          "notes name hours",
          "whole minutes at the rate",
          "notes name a fixed fee",
          "repeats an amount",
          "neither hours nor minutes",
          "no notes",
          "wider period",
        ]),
      }),
    )
    .optional()
    .describe("time_summary: only when one customer is asked for (its text says why)"),
  hoursInvoices: z.array(z.string()),
  besideTime: z.array(z.string()).describe("fixed fees, repeated amounts, other work"),
  unclear: z.array(z.string()),
  wider: z
    .array(z.object({ invoiceNumber: z.string(), start: z.string(), end: z.string() }))
    .describe("unclear hours invoices whose service period reaches into other time, with that period"),
  difference: moneyOutput.nullable().describe("time − billedAmount: above 0 is time not yet billed"),
  differenceMinutes: z.number().int().nullable(),
  differenceHours: z.number().nullable(),
  ifUnclearBillHours: unbilledOutput
    .nullable()
    .describe('"cannot tell": the figure if the unclear ones bill hours'),
  guessed: z.boolean(),
  repeated: z.array(z.object({ invoiceNumber: z.string(), repeats: z.string() })),
});

/** "RE-1" or "RE-1 and RE-2" or "RE-1, RE-2 and RE-3". */
function numbers(list: readonly string[]): string {
  return list.length <= 1 ? (list[0] ?? "") : `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`;
}

const bill = (list: readonly string[]) => (list.length === 1 ? "bills" : "bill");

/** "0.75 h = 67.50 EUR", or the amount alone when it is no whole number of minutes. */
function amountText(amount: number, hoursOf: number | null): string {
  return hoursOf === null ? eur(amount) : `${hours(hoursOf)} = ${eur(amount)}`;
}

/** The model's verdict as an answer carries it (time_summary's data for many customers has no roles). */
type BilledView = Omit<BilledSoFar, "roles"> & { roles?: BilledSoFar["roles"] | undefined };

/** Why an invoice is read as it is, in a few words. */
const REASONS: Record<BilledSoFar["roles"][number]["reason"], string> = {
  "notes name hours": "its notes name hours",
  "whole minutes at the rate": "its net is whole minutes at the rate",
  "notes name a fixed fee": "a fixed fee",
  "repeats an amount": "a repeated amount",
  "neither hours nor minutes": "no hours named",
  "no notes": "no notes, and its net is no whole number of minutes at the rate",
  "wider period": "its service period reaches into other time",
};

function reasonOf(billed: BilledView, invoiceNumber: string): string {
  const role = billed.roles?.find((r) => r.invoiceNumber === invoiceNumber);
  const repeats = billed.repeated.find((r) => r.invoiceNumber === invoiceNumber)?.repeats;
  if (repeats !== undefined) return `the same amount as ${repeats}`;
  return role === undefined ? "" : REASONS[role.reason];
}

/** "Beside the time: RE-2026-082 (a fixed fee)", or "". */
function besideText(billed: BilledView): string {
  if (billed.besideTime.length === 0) return "";
  const each = billed.besideTime.map((n) => {
    const why = reasonOf(billed, n);
    return why ? `${n} (${why})` : n;
  });
  return `Beside the time: ${each.join(", ")}`;
}

/**
 * What the period's invoices leave unbilled, in the one model every tool uses: "Not yet billed:
 * 0.75 h = 67.50 EUR …", "Fully billed: …", billed beyond the time, or, where it cannot be told
 * whether an invoice bills the hours, both figures. "" when no invoice covers the period.
 */
export function billedText(billed: BilledView): string {
  if (billed.invoiceNumbers.length === 0) return "";
  const guess = billed.guessed
    ? " (taking the invoices guessed from their dates as billing this period)"
    : "";
  const beside = besideText(billed);
  const besideLine = beside ? ` ${beside}.` : "";
  const { hoursInvoices: byHours } = billed;
  const worth = `the period's time is worth ${eur(billed.timeAmount ?? 0)}${byHours.length === 0 ? "" : `, ${numbers(byHours)} ${bill(byHours)} ${eur(billed.billedAmount)} net`}${guess}`;
  const difference = billed.difference ?? 0;
  switch (billed.status) {
    case "no rate":
      return `Without an hourly rate the time has no amount to compare with what ${numbers(billed.invoiceNumbers)} ${bill(billed.invoiceNumbers)}.`;
    case "unbilled":
      return `Not yet billed: all of it, ${amountText(difference, billed.differenceHours)}: no invoice bills this period's hours.${besideLine}`;
    case "cannot tell": {
      const unclear = billed.unclear.map((n) => `${n}: ${reasonOf(billed, n) || "unclear"}`);
      const ifThey = billed.ifUnclearBillHours;
      const ifThem =
        ifThey === null || ifThey.amount <= 0
          ? "nothing is left to bill"
          : `not yet billed is ${amountText(ifThey.amount, ifThey.hours)}`;
      const ifNot =
        difference > 0
          ? `not yet billed is ${amountText(difference, billed.differenceHours)}`
          : "nothing is left to bill";
      const whole = billed.wider
        .map(
          (w) =>
            ` To compare ${w.invoiceNumber}'s whole period: time_summary with period "${w.start}..${w.end}".`,
        )
        .join("");
      return `Cannot tell whether ${numbers(billed.unclear)} ${bill(billed.unclear)} this period's hours (${unclear.join("; ")}). If not, ${ifNot}; if so, ${ifThem} (${worth}). Ask the user which.${whole}${besideLine}`;
    }
    case "compared": {
      if (difference > 0) {
        return `Not yet billed: ${amountText(difference, billed.differenceHours)} logged since ${numbers(byHours)} (${worth}).${besideLine}`;
      }
      if (difference === 0) return `Fully billed: ${worth}.${besideLine}`;
      return `${numbers(byHours)} ${bill(byHours)} ${eur(-difference)} more than the period's time is worth (${worth}): ${byHours.length === 1 ? "it" : "they"} may include other work, or time was removed since.${besideLine}`;
    }
  }
}

/**
 * The figure a person acts on, in a few words, for a line per customer: "0.75 h = 67.50 EUR not yet
 * billed beside RE-2026-077", "fully billed by RE-2026-079", "cannot tell: …". The same model and
 * verdicts as billedText.
 */
export function billedShort(billed: BilledView): string {
  const difference = billed.difference ?? 0;
  const money = amountText(difference, billed.differenceHours);
  switch (billed.status) {
    case "no rate":
      return "no hourly rate, so no amount to compare";
    case "unbilled":
      return `${money} not yet billed (no invoice bills these hours)`;
    case "cannot tell": {
      const ifThey = billed.ifUnclearBillHours;
      const other = ifThey === null || ifThey.amount <= 0 ? "nothing" : eur(ifThey.amount);
      return `cannot tell whether ${numbers(billed.unclear)} ${bill(billed.unclear)} these hours: not yet billed ${difference > 0 ? eur(difference) : "nothing"} if not, ${other} if so`;
    }
    case "compared":
      if (difference > 0) return `${money} not yet billed beside ${numbers(billed.hoursInvoices)}`;
      if (difference === 0) return `fully billed by ${numbers(billed.hoursInvoices)}`;
      return `${numbers(billed.hoursInvoices)} ${bill(billed.hoursInvoices)} ${eur(-difference)} more than the time is worth`;
  }
}

/**
 * How to bill what is not billed yet, when there is some; else "". The call is given in full
 * (customer and period too), so it works as given from an answer about many customers.
 */
export function supplementHint(
  billed: BilledView | undefined,
  customerId: string,
  period: { start: string; end: string },
): string {
  if (billed === undefined || (billed.difference ?? 0) <= 0) return "";
  // Nothing bills these hours: an invoice from time bills them, as the answer's last line offers.
  if (billed.status === "unbilled") return "";
  const call = `create_invoice with customer "${customerId}", fromTime: true, period "${period.start}..${period.end}" and supplement: true (dryRun: true first)`;
  if (billed.status === "cannot tell") {
    return `Once the user said which: ${call} answers with both figures and how to bill either.`;
  }
  if (billed.status !== "compared") return "";
  return `To bill only that: ${call}.`;
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
    billed !== undefined && billed.status !== "no rate" && billed.timeAmount !== null
      ? ` (${eur(billed.timeAmount)} on top of the ${eur(billed.billedAmount)} already billed)`
      : "";
  return [
    `${head}${guessNote(conflicts)}`,
    ...conflicts.map((c) => `- ${describeInvoice(c)} [${c.reason}; ${c.basis}]`),
    ...(facts ? [facts] : []),
    `Check these with the user first. ${supplement}Only for a truly separate invoice${billed === undefined ? "" : ` of the whole period${whole}`}, call again with allowOverlap: true.`,
  ].join("\n");
}
