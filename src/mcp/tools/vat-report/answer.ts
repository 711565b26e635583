/**
 * How vat_report's answer reads: each rate's figures with the form's field numbers, the invoices
 * each figure sums, what is left out and why, and the due date. The figures come from
 * src/domain/vat.ts through src/reports/vat.ts; here they are shaped and worded.
 */
import type { LimitPassed } from "../../../billing/small-business.js";
import type { SignIn } from "../../../config/principal.js";
import { DAY_MS, spanKind } from "../../../domain/calendar-span.js";
import { formatDay } from "../../../domain/dates/format.js";
import type { Period } from "../../../domain/dates/period.js";
import { type Cents, fromCents, toCents } from "../../../domain/money.js";
import type { CountedInvoice, Unsure, VatBasis, VatFigures, VatInvoice } from "../../../domain/vat.js";
import type { FilingRule, VatDue } from "../../../domain/vat-due.js";
import { formBase, formFields } from "../../../domain/vat-form.js";
import type { VatReport } from "../../../reports/vat.js";
import type { ToolContext } from "../../context.js";
import { eur, named } from "../../format.js";
import { webhookSetup } from "../../instructions.js";
import { smallBusinessText } from "../../small-business-text.js";

/** What the basis means, said where the figures are. */
export const BASIS_MEANING: Record<VatBasis, string> = {
  soll: "Soll: issued invoices (sent or paid) by invoice date",
  ist: "Ist (§ 20 UStG): payments received by the day they arrived, from the webhook inbox",
};

export const INPUT_TAX =
  "Input tax (Vorsteuer, field 66) from your expenses also belongs in the return: the API has no expense records, only the EÜR's totals, so take it from your receipts.";

/** The invoices shown in the text at most; the data names every one. */
const INVOICE_LINES = 40;

export function invoiceLine(counted: CountedInvoice, customer: string): string {
  const { invoice } = counted;
  const day = counted.byWord ? `${counted.day} (paid, by the user's word)` : counted.day;
  return `  · ${invoice.invoiceNumber} (id ${invoice._id}) · ${customer} · ${day} · net ${eur(counted.net / 100)} · tax ${eur(counted.tax / 100)}`;
}

export function rateLines(figures: VatFigures, customer: (id: string) => string): string[] {
  const lines: string[] = [];
  let shown = 0;
  const rows = figures.rates;
  for (const row of rows) {
    const percent = row.rate / 100;
    const fields = formFields(percent);
    const where = fields.tax === null ? `field ${fields.base}` : `fields ${fields.base}/${fields.tax}`;
    lines.push(
      `- ${percent} %: taxable ${eur(row.net / 100)}, tax ${eur(row.tax / 100)} (${where}), ${row.invoices.length} ${row.invoices.length === 1 ? "invoice" : "invoices"}:`,
    );
    for (const counted of row.invoices) {
      if (shown++ < INVOICE_LINES) lines.push(invoiceLine(counted, customer(counted.invoice.customerId)));
    }
    const form = formBase(row);
    const formTax = Math.round(form.formTax * 100);
    if (fields.tax === null && formTax !== row.tax) {
      const gap = row.tax - formTax;
      lines.push(
        `  Field ${fields.base} takes whole euros: enter ${form.formBase}. ELSTER computes the tax from it: ${eur(formTax / 100)}, ${eur(Math.abs(gap) / 100)} ${gap > 0 ? "less" : "more"} than the invoices' own ${eur(row.tax / 100)}. Enter only the ${form.formBase}; the return holds ELSTER's tax.`,
      );
    } else if (fields.tax !== null && form.formBase * 100 !== row.net) {
      lines.push(
        `  Field ${fields.base} takes whole euros: enter ${form.formBase}; field ${fields.tax} takes the tax with cents: enter ${eur(row.tax / 100)}.`,
      );
    }
  }
  if (shown > INVOICE_LINES)
    lines.push(`  … ${shown - INVOICE_LINES} more: the structured answer lists each.`);
  return lines;
}

/** Invoices the figures leave out or cannot rest on, at most 10 named per kind. */
export function namedList(invoices: readonly VatInvoice[], customer: (id: string) => string): string {
  const names = invoices
    .slice(0, 10)
    .map((i) => `${i.invoiceNumber} (id ${i._id}, ${customer(i.customerId)})`);
  const more = invoices.length > 10 ? ` and ${invoices.length - 10} more` : "";
  return `${names.join(", ")}${more}`;
}

export function dueText(due: VatDue, permanentExtension: boolean, today: string): string {
  if (due.filing === "year") {
    return "A year's figures are for the annual return (Umsatzsteuererklärung), which has a deadline of its own.";
  }
  if (due.dueDate === null) {
    return "This is not a calendar month or quarter, so no return falls due for it as such.";
  }
  const weekday = new Date(`${due.dueDate}T12:00:00Z`).toLocaleDateString("en-GB", {
    weekday: "long",
    timeZone: "UTC",
  });
  const rule = permanentExtension
    ? "the 10th of the second month after the period, with the permanent extension (Dauerfristverlängerung)"
    : "the 10th after the period (§ 18 UStG); a month later with a permanent extension";
  const moved =
    due.movedFromWeekend === null
      ? ""
      : due.holidays.length === 0
        ? ` (${due.movedFromWeekend} is a weekend day, so the next Monday)`
        : ` (moved from ${due.movedFromWeekend} past ${due.holidays.map((h) => `${h.day}, ${h.name}`).join(", ")}: ${due.holidays.length === 1 ? "a public holiday" : "public holidays"} everywhere in Germany${weekendBetween(due.movedFromWeekend, due.dueDate) ? ", and the weekend" : ""}; the next working day)`;
  const days = Math.round((Date.parse(due.dueDate) - Date.parse(today)) / DAY_MS);
  const when =
    days === 0
      ? "today"
      : days > 0
        ? `in ${days} ${days === 1 ? "day" : "days"}`
        : `${-days} ${days === -1 ? "day" : "days"} ago`;
  return `Due ${due.dueDate}, a ${weekday}${moved}, ${when}: ${rule}. A holiday of your state alone (such as Epiphany, Corpus Christi or Reformation Day) on that day would move it to the next working day.`;
}

/**
 * Said once, when the period asked is not the kind the previous year's tax calls for (§ 18 Abs. 2
 * UStG). The rule reads the tax after input tax, which the service does not know; the output tax
 * is its upper bound, so "at most" is certain and "more than" is a question for the person.
 */
export function frequencyText(due: VatDue, frequency: VatAnswer["frequency"]): string | undefined {
  if (frequency === null || (due.filing !== "month" && due.filing !== "quarter")) return undefined;
  const { year, outputTax, rule } = frequency;
  const figure = `Your output tax of ${year}, by invoice date, was ${eur(outputTax / 100)}`;
  const net = "(§ 18 Abs. 2 UStG counts the tax after input tax, which is lower still)";
  if (due.filing === "quarter" && rule === "monthly") {
    return `${figure}. If ${year}'s tax after input tax was more than 9,000 EUR, returns are due monthly, not quarterly (§ 18 Abs. 2 UStG): check with the user before filing a quarter.`;
  }
  if (due.filing === "month" && rule !== "monthly") {
    return `${figure}: at most 9,000 EUR, so the quarter is the filing period, not the month ${net}${rule === "exemptPossible" ? "; at most 2,000 EUR, so the tax office may free the user from advance returns altogether" : ""}. Monthly returns only by the user's own choice.`;
  }
  if (due.filing === "quarter" && rule === "exemptPossible") {
    return `${figure}: at most 2,000 EUR ${net}, so the tax office may free the user from advance returns altogether; until it has, quarterly returns stand.`;
  }
  return undefined;
}

/** A Saturday or Sunday lies between the two days (the first included, the last not). */
function weekendBetween(from: string, to: string): boolean {
  for (let ms = Date.parse(`${from}T12:00:00Z`); ms < Date.parse(`${to}T12:00:00Z`); ms += DAY_MS) {
    const weekday = new Date(ms).getUTCDay();
    if (weekday === 0 || weekday === 6) return true;
  }
  return false;
}

export interface VatAnswer {
  period: { start: string; end: string; label: string };
  basis: { used: VatBasis; from: "argument" | "configuration" | "default" };
  figures: VatFigures;
  due: VatDue;
  /** The previous year's output tax by invoice date and what it means for filing; null: no invoices then. */
  frequency: { year: number; outputTax: Cents; rule: FilingRule } | null;
  permanentExtension: boolean;
  /** With every invoice at 0 %: the small-business limits passed (null: not readable). */
  limits: readonly LimitPassed[] | null | undefined;
  hasInbox: boolean;
  /** How the caller signed in: how they would set up the inbox. */
  signIn: SignIn["kind"];
  /** The caller may note payment days (note_payments) and the server keeps them. */
  canNote: boolean;
  customer: (id: string) => string;
  /** YYYY-MM-DD in the user's zone, for how far off the due date is. */
  today: string;
}

/** The whole answer for the model. */
export function vatAnswerText(answer: VatAnswer): string {
  const { period, basis, figures, customer } = answer;
  const lines = [
    `VAT return, output side, ${period.label} (${period.start} to ${period.end}), ${BASIS_MEANING[basis.used]}.${basisNote(basis)}`,
  ];
  const small = figures.smallBusiness;
  const smallNet = small.reduce((sum, c) => sum + c.net, 0);
  if (!figures.complete) lines.push(...unsureLines(answer));
  if (figures.rates.length === 0 && small.length === 0) {
    lines.push(
      !figures.complete
        ? "Of the payments known, none arrived in the period: output tax 0.00 EUR so far."
        : basis.used === "soll"
          ? "No invoice was issued in the period: output tax 0.00 EUR. If you file returns, one is still due for the period."
          : "No payment of an invoice arrived in the period, as far as the inbox shows: output tax 0.00 EUR.",
    );
  } else {
    lines.push(...rateLines(figures, customer));
    lines.push(
      figures.complete
        ? `Output tax in total: ${eur(figures.totalTax / 100)}.`
        : `Output tax of what is known: ${eur(figures.totalTax / 100)}; the invoices not placed above come on top of it if they belong to the period. Not for filing until they are settled.`,
    );
  }
  if (small.length > 0) {
    const onlySmall = figures.complete && figures.rates.length === 0;
    lines.push(
      `At 0 % under § 19 UStG (small-business rule), outside the return: net ${eur(smallNet / 100)} from ${namedList(
        small.map((c) => c.invoice),
        customer,
      )}.${
        onlySmall
          ? " Every invoice of the period is under § 19 UStG: a Kleinunternehmer files no Umsatzsteuer-Voranmeldung."
          : " Invoices with VAT beside them: a business either uses the small-business rule or charges VAT, so check these with the user."
      }`,
    );
    if (onlySmall && answer.limits !== undefined) {
      const warned = smallBusinessText(answer.limits).trim();
      lines.push(
        warned || "The small-business limits (25,000 EUR last year, 100,000 EUR this year) are not passed.",
      );
    }
  }
  if (figures.drafts.length > 0) {
    lines.push(
      `Not issued yet, so not counted (drafts dated in the period): ${namedList(figures.drafts, customer)}.`,
    );
  }
  if (figures.otherStates.length > 0) {
    lines.push(
      `In a state other than draft, sent or paid, not counted: ${namedList(figures.otherStates, customer)}; check them in the service.`,
    );
  }
  for (const { invoice, expected } of figures.mismatches) {
    lines.push(
      `Check: ${invoice.invoice.invoiceNumber} (id ${invoice.invoice._id}) states tax ${eur(invoice.tax / 100)}, but net ${eur(invoice.net / 100)} × ${invoice.rate / 100} % is ${eur(expected / 100)} (half-up). Counted as stated; correct it with the user (or their tax adviser) before filing.`,
    );
  }
  if (!(figures.rates.length === 0 && small.length > 0)) lines.push(INPUT_TAX);
  lines.push(dueText(answer.due, answer.permanentExtension, answer.today));
  const frequency = frequencyText(answer.due, answer.frequency);
  if (frequency) lines.push(frequency);
  return lines.join("\n");
}

function basisNote(basis: VatAnswer["basis"]): string {
  if (basis.from !== "default") return "";
  return ' Soll is assumed: neither the call nor INVOICING_VAT_BASIS names a basis. If you file by payments received (Ist), pass basis: "ist".';
}

/** The invoices named in the text that cannot be placed; the structured answer lists more. */
const UNSURE_NAMED = 5;

/** What the invoices left out add up to: net, and gross where the service lists it (else net and tax). */
export function unplacedSum(unsure: readonly Unsure[]): { net: Cents; gross: Cents } {
  let net = 0;
  let gross = 0;
  for (const { invoice } of unsure) {
    net += toCents(invoice.netAmount);
    gross += toCents(invoice.grossAmount ?? invoice.netAmount + (invoice.taxAmount ?? 0));
  }
  return { net, gross };
}

/** What the figures leave out, why, and what settles it. */
function unsureLines({ figures, basis, hasInbox, signIn, canNote, customer, period }: VatAnswer): string[] {
  const { unsure } = figures;
  const sum = unplacedSum(unsure);
  const count = unsure.length;
  const byReason = new Map<string, number>();
  for (const { reason } of unsure) byReason.set(reason, (byReason.get(reason) ?? 0) + 1);
  // The newest first: the likeliest to belong to the period.
  const named = [...unsure]
    .sort((a, b) => b.invoice.invoiceDate - a.invoice.invoiceDate)
    .slice(0, UNSURE_NAMED)
    .map((u) => u.invoice);
  const reasons = [...byReason].map(([reason, n]) => `${n} × ${reason}`).join("; ");
  const lines = [
    `Figures of what is known only: ${count} ${count === 1 ? "invoice" : "invoices"} (net ${eur(sum.net / 100)}, gross ${eur(sum.gross / 100)}) ${count === 1 ? "cannot be placed and is" : "cannot be placed and are"} left out (${reasons}). ${count > UNSURE_NAMED ? "The newest" : count === 1 ? "It is" : "They are"}: ${namedList(named, customer)}${count > UNSURE_NAMED ? ` and ${count - UNSURE_NAMED} older` : ""}.`,
  ];
  if (basis.used !== "ist") return lines;
  const asked = `Nothing is assumed without the user's word: ask them`;
  if (canNote) {
    lines.push(
      `${asked} on which day each was paid (note_payments with payments: [{invoice, paidOn}]), or whether every invoice dated before ${period.start} was paid before the period (once they confirm it: note_payments with datedBefore: "${period.start}"). The server keeps what they say for every later report.`,
    );
  } else {
    lines.push(
      hasInbox
        ? `Payment dates come from the webhook inbox (invoice.paid events): check that the receiver gets invoice.paid from the service. ${asked} for the days they were paid. For figures by invoice date, call vat_report with basis: "soll".`
        : `Payment dates come only from webhook events, which are not set up here: ${webhookSetup(signIn)} Until then, for figures by invoice date, call vat_report with basis: "soll".`,
    );
  }
  return lines;
}

const row = (counted: CountedInvoice, customerName: string | null) => ({
  id: counted.invoice._id,
  invoiceNumber: counted.invoice.invoiceNumber,
  customerId: counted.invoice.customerId,
  customerName,
  day: counted.day,
  netAmount: fromCents(counted.net),
  taxAmount: fromCents(counted.tax),
  ...(counted.byWord ? { paidOnByWord: true } : {}),
});

/** The invoices left out that the structured answer names; the rest are counted and summed. */
export const UNSURE_LISTED = 20;

/** The structured answer: each rate with its form fields and invoices, the checks, the due date. */
export function vatData(
  found: VatReport,
  asked: { period: Period; basis: VatAnswer["basis"]["used"]; from: VatAnswer["basis"]["from"] },
  context: ToolContext,
) {
  const { figures, frequency, due } = found;
  const { period } = asked;
  const nameOf = (id: string) => found.names.get(id) ?? null;
  const brief = (i: VatInvoice) => ({
    id: i._id,
    invoiceNumber: i.invoiceNumber,
    customerId: i.customerId,
    customerName: nameOf(i.customerId),
    invoiceDate: formatDay(i.invoiceDate, context.timeZone),
    status: i.status,
  });
  return {
    period: { start: period.start, end: period.end, label: period.label },
    basis: { used: asked.basis, from: asked.from },
    complete: figures.complete,
    rates: figures.rates.map((r) => {
      const fields = formFields(r.rate / 100);
      return {
        rate: r.rate / 100,
        field: fields.base,
        taxField: fields.tax,
        taxableAmount: fromCents(r.net),
        taxAmount: fromCents(r.tax),
        ...formBase(r),
        invoices: r.invoices.map((c) => row(c, nameOf(c.invoice.customerId))),
      };
    }),
    totalTax: fromCents(figures.totalTax),
    smallBusiness: {
      netAmount: fromCents(figures.smallBusiness.reduce((sum, c) => sum + c.net, 0)),
      invoices: figures.smallBusiness.map((c) => row(c, nameOf(c.invoice.customerId))),
      noReturn: found.onlySmall,
      limitsPassed: found.limits ?? null,
    },
    apart: { drafts: figures.drafts.map(brief), otherStates: figures.otherStates.map(brief) },
    checks: {
      taxMismatches: figures.mismatches.map((m) => ({
        ...row(m.invoice, nameOf(m.invoice.invoice.customerId)),
        taxRate: m.invoice.rate / 100,
        expectedTax: fromCents(m.expected),
      })),
      unsure: figures.unsure.slice(0, UNSURE_LISTED).map((u) => ({ ...brief(u.invoice), reason: u.reason })),
      unsureCount: figures.unsure.length,
      unsureNetAmount: fromCents(unplacedSum(figures.unsure).net),
      unsureGrossAmount: fromCents(unplacedSum(figures.unsure).gross),
    },
    due: {
      date: due.dueDate,
      filing: due.filing,
      permanentExtension: context.vatPermanentExtension,
      previousYearOutputTax: frequency === null ? null : fromCents(frequency.outputTax),
      rule: frequency?.rule ?? null,
    },
    currency: "EUR" as const,
  };
}

/** The figures in words, each customer named as the data names them. */
export function vatText(
  found: VatReport,
  data: Pick<VatAnswer, "period" | "basis">,
  context: ToolContext,
  call: { signIn: { kind: VatAnswer["signIn"] }; canWrite: boolean },
): string {
  const nameOf = (id: string) => found.names.get(id) ?? null;
  return vatAnswerText({
    period: data.period,
    basis: data.basis,
    figures: found.figures,
    due: found.due,
    frequency: found.frequency,
    permanentExtension: context.vatPermanentExtension,
    limits: found.limits,
    hasInbox: context.events !== undefined,
    signIn: call.signIn.kind,
    canNote: call.canWrite && context.paymentNotes !== undefined,
    today: formatDay(context.now(), context.timeZone),
    customer: (id) => named(nameOf(id) ?? undefined, id),
  });
}

/** "2026-10", "2026-Q3" or "2026": a month, quarter or year as the VAT resource names it; else null. */
export function vatPeriodKey(period: { start: string; end: string }): string | null {
  const filing = spanKind(period);
  const [year, month] = period.start.split("-");
  if (filing === "month") return `${year}-${month}`;
  if (filing === "quarter") return `${year}-Q${(Number(month) + 2) / 3}`;
  if (filing === "year") return `${year}`;
  return null;
}
