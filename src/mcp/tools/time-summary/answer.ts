/**
 * How time_summary answers: without a period, each customer's hours and what is not yet billed;
 * with one, the period's time per customer beside the invoices that may bill it.
 */
import { formatDuration } from "../../../domain/dates/duration.js";
import { fromCents, toCents } from "../../../domain/money.js";
import type { SummaryRow, TimeSummary } from "../../../reports/time-summary.js";
import { assumedText } from "../../date-args.js";
import { eur, hours, named } from "../../format.js";
import { billedText, describeInvoice, describeTime, guessNote, supplementHint } from "../../period-text.js";

/** A single customer's entries are listed in the text up to this many; the data holds them all. */
const ENTRY_LINES = 40;

type Row = SummaryRow;

/**
 * The data carries what a program needs, not a second copy of everything: month rows, the period's
 * entries and the invoices in full only when one customer is asked for; for all of them, the text
 * names the invoices and billed.invoiceNumbers links them.
 */
export function timeSummaryData({ period, customers, totals }: TimeSummary, oneCustomer: boolean) {
  const data = {
    ...(period === undefined
      ? {}
      : { period: { start: period.start, end: period.end, label: period.label } }),
    customers,
    totals,
    currency: "EUR" as const,
  };
  return oneCustomer ? data : { ...data, customers: customers.map(lean) };
}

export function timeSummaryText({ period, customers, totals }: TimeSummary, canWrite: boolean): string {
  return period === undefined
    ? overviewText(customers, totals)
    : periodText(customers, totals, period, canWrite);
}

/** A row as the output schema has it without a customer asked for: the lists left out. */
function lean(row: Row) {
  const { byMonth: _months, draftsSince: _drafts, ...rest } = row;
  if (rest.inPeriod === undefined) return rest;
  const { entries: _entries, byProject: _projects, ...time } = rest.inPeriod.time;
  const { roles: _roles, ...billed } = rest.inPeriod.billed;
  return { ...rest, inPeriod: { time, billed } };
}

function overviewText(
  customers: Row[],
  totals: {
    unbilledHours: number;
    unbilledAmount: number;
    weekHours: number;
    monthHours: number;
    notYetBilledAmount?: number | null | undefined;
  },
): string {
  const drafts = customers.some((c) => (c.draftsSince ?? []).length > 0);
  const week = `this week ${hours(totals.weekHours)}, this month ${hours(totals.monthHours)}`;
  const service = `The service counts ${hours(totals.unbilledHours)} = ${eur(totals.unbilledAmount)} unbilled. ${UNBILLED_BASIS}`;
  const modelled = totals.notYetBilledAmount != null;
  const unclear = customers.some((c) => (c.notYetBilled?.unclear ?? []).length > 0);
  const head = modelled
    ? [
        `Not yet billed: ${eur(totals.notYetBilledAmount!)}, the time of the months holding the service's unbilled hours less the invoices that bill their hours (fixed fees beside the time do not count)${unclear ? "; where it cannot be told whether an invoice bills hours, the line says both figures" : ""}; ${week}.`,
        service,
      ]
    : [
        `Unbilled in the service: ${hours(totals.unbilledHours)} worth ${eur(totals.unbilledAmount)}; ${week}.`,
        `${UNBILLED_BASIS} Which invoices bill which hours could not be read here (the invoice list was not whole, or a rate is missing): time_summary with a period shows it per period.`,
      ];
  return [
    ...head.slice(0, 1),
    `${head[1]}${drafts ? " The drafts named below may bill part of it." : ""}`,
    ...customers.map((c) => {
      const recent = (c.byMonth ?? [])
        .slice(-3)
        .map((m) => `${m.month} ${hours(m.hours)}`)
        .join(", ");
      return `- ${c.customerName} (id ${c.customerId}): ${notYetText(c.notYetBilled)}service's unbilled ${hours(c.unbilledHours)} = ${eur(c.unbilledAmount)}, billed ${hours(c.billedHours)}, week ${hours(c.weekHours)}, month ${hours(c.monthHours)}${recent ? `; recent months: ${recent}` : ""}${draftsText(c.draftsSince ?? [])}`;
    }),
  ].join("\n");
}

/** "not yet billed 0.75 h = 67.50 EUR (2026-10 to 2026-11); ", or "" where it was not read. */
function notYetText(row: Row["notYetBilled"]): string {
  if (row == null) return "";
  const amount = row.hours === null ? eur(row.amount) : `${hours(row.hours)} = ${eur(row.amount)}`;
  const months =
    row.months.length === 0
      ? ""
      : ` (${row.months[0]}${row.months.length > 1 ? ` to ${row.months.at(-1)}` : ""})`;
  const unclear =
    row.ifUnclearBillHours === null
      ? ""
      : `; cannot tell whether ${row.unclear.join(", ")} bill${row.unclear.length === 1 ? "s" : ""} hours: if so, ${eur(row.ifUnclearBillHours)}`;
  return `not yet billed ${amount}${months}${unclear}; `;
}

function periodText(
  customers: Row[],
  totals: { periodHours?: number | undefined; periodAmount?: number | null | undefined },
  period: { start: string; end: string; label: string; assumptions?: readonly string[] },
  canWrite: boolean,
): string {
  const withTime = customers.filter((c) => (c.inPeriod?.time.entryCount ?? 0) > 0);
  const without = customers.filter((c) => (c.inPeriod?.time.entryCount ?? 0) === 0);
  const single = customers.length === 1;
  const lines = [
    `${notYetLead(customers, period.label)}Time in ${period.label} (${period.start} to ${period.end}), completed entries by their start (running timers excluded), at each customer's rate: ${hours(totals.periodHours ?? 0)}${totals.periodAmount == null ? "" : ` = ${eur(totals.periodAmount)}`}.${assumedText(period.assumptions ?? [])}`,
  ];
  for (const c of single ? customers : withTime) {
    const inPeriod = c.inPeriod!;
    const covering = inPeriod.mayAlreadyBeBilledBy ?? [];
    lines.push(
      `- ${named(c.customerName, c.customerId)}: ${describeTime(inPeriod.time)}. Unbilled in the service, all periods: ${hours(c.unbilledHours)} = ${eur(c.unbilledAmount)}.`,
    );
    // A draft that may bill the period is named there; the drafts line names only the others.
    const shown = new Set(covering.map((invoice) => invoice.id));
    const drafts = draftsText((c.draftsSince ?? []).filter((d) => !shown.has(d.id)));
    if (drafts) lines.push(`  ${drafts.trimStart()}`);
    lines.push(
      covering.length === 0
        ? "  No invoice of this customer seems to cover this period."
        : `  May already be billed by ${covering.map((invoice) => describeInvoice(invoice, period)).join(", ")}.${guessNote(covering)}`,
    );
    const billed = billedText(inPeriod.billed);
    if (billed)
      lines.push(
        `  ${billed} ${canWrite ? supplementHint(inPeriod.billed, c.customerId, period) : ""}`.trimEnd(),
      );
    if (single) {
      const entries = inPeriod.time.entries ?? [];
      for (const e of entries.slice(0, ENTRY_LINES)) {
        lines.push(
          `  · ${e.start} to ${e.end.slice(11, 16)} · ${formatDuration(e.minutes)} · ${e.projectName ?? e.projectId}${e.description ? ` · "${e.description}"` : ""} (id ${e.id})`,
        );
      }
      if (entries.length > ENTRY_LINES) {
        lines.push(`  … ${entries.length - ENTRY_LINES} more entries: list_time_entries shows them all.`);
      }
    }
  }
  if (!single && without.length > 0) {
    lines.push(
      `No time in the period: ${without.map((c) => named(c.customerName, c.customerId)).join(", ")}.`,
    );
  }
  // One customer whose hours no invoice bills yet: the call in full, so it works as given.
  const one = single && withTime.length === 1 ? withTime[0]! : undefined;
  const status = one?.inPeriod?.billed?.status;
  const invoiceIt =
    one !== undefined && (status === undefined || status === "unbilled")
      ? `To invoice it: create_invoice with customer "${one.customerId}", fromTime: true and period "${period.start}..${period.end}" (dryRun: true first).`
      : "To invoice one customer's period from this time: create_invoice with customer, period and fromTime: true (preview with dryRun: true).";
  lines.push(
    canWrite
      ? `${invoiceIt} ${UNBILLED_BASIS}`
      : `${UNBILLED_BASIS} This connection is read-only: invoices are created in the service itself.`,
  );
  return lines.join("\n");
}

/**
 * "Not yet billed in October 2026: 67.50 EUR. ": the period's time less what its hours invoices
 * bill, over the customers with a rate; both figures where an invoice may or may not bill hours.
 */
function notYetLead(customers: Row[], label: string): string {
  const billed = customers.flatMap((c) =>
    c.inPeriod && c.inPeriod.billed.status !== "no rate" ? [c.inPeriod.billed] : [],
  );
  if (billed.length === 0) return "";
  const cents = (pick: (b: (typeof billed)[number]) => number) =>
    billed.reduce((sum, b) => sum + Math.max(0, toCents(pick(b))), 0);
  const notYet = cents((b) => b.difference ?? 0);
  const unclear = billed.some((b) => b.status === "cannot tell");
  const alt = cents((b) => b.ifUnclearBillHours?.amount ?? b.difference ?? 0);
  const either = unclear
    ? ` (or ${eur(fromCents(alt))} if the invoices it cannot tell about bill hours)`
    : "";
  const noRate = customers.some((c) => c.inPeriod?.billed.status === "no rate")
    ? ", leaving out customers without a rate"
    : "";
  return `Not yet billed in ${label}: ${eur(fromCents(notYet))}${either}${noRate}. `;
}

/** What the service's unbilled figure rests on, said wherever it is shown. */
const UNBILLED_BASIS =
  "The service's unbilled figure counts the entries the service has not marked as billed, over all periods; the API cannot link entries to an invoice, so invoices created through it (drafts too) may not have lowered it.";

/** "; drafts since: RE-2026-090 (id …, dated …, net …, period …)", or "". */
function draftsText(drafts: NonNullable<Row["draftsSince"]>): string {
  if (drafts.length === 0) return "";
  const shown = drafts
    .slice(0, 5)
    .map(
      (d) =>
        `${d.invoiceNumber} (id ${d.id}, dated ${d.invoiceDate}, net ${eur(d.netAmount)}${d.periodStart === null ? "" : `, period ${d.periodStart} to ${d.periodEnd}`})`,
    );
  const more = drafts.length > 5 ? ` and ${drafts.length - 5} more (list_invoices status draft)` : "";
  return ` Drafts since, which may bill part of it: ${shown.join(", ")}${more}.`;
}
