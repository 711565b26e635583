/**
 * How vat_report's answer reads: each rate's figures with the form's field numbers, the invoices
 * each figure sums, what is left out and why, and the due date. The figures come from
 * src/domain/vat.ts; nothing here adds anything up.
 */
import type { LimitPassed } from "../../../billing/small-business.js";
import { DAY_MS } from "../../../domain/calendar-span.js";
import type { CountedInvoice, VatBasis, VatFigures, VatInvoice } from "../../../domain/vat.js";
import type { VatDue } from "../../../domain/vat-due.js";
import { eur } from "../../format.js";
import { smallBusinessText } from "../create-invoice/text.js";

/**
 * The Umsatzsteuer-Voranmeldung's fields for output tax on taxable supplies: Kz 81 the taxable
 * amount at 19 %, Kz 86 at 7 % (the tax beside them has no number of its own), Kz 35 the taxable
 * amount and Kz 36 the tax at any other rate; Kz 66 input tax from other businesses' invoices.
 * Source: GnuCash's table of the form's Kennzahlen, libgnucash/tax/us/txf-de_DE.scm (K81 "zum
 * Steuersatz von 19 %", K86 "zum Steuersatz von 7 %", K35/K36 "zu anderen Steuersätzen",
 * K66 "Vorsteuerbeträge aus Rechnungen von anderen Unternehmern"), checked against the form of
 * 2011. No other field is named: only these can be vouched for.
 */
export function formFields(ratePercent: number): { base: string; tax: string | null } {
  if (ratePercent === 19) return { base: "81", tax: null };
  if (ratePercent === 7) return { base: "86", tax: null };
  return { base: "35", tax: "36" };
}

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
  return `  · ${invoice.invoiceNumber} (id ${invoice._id}) · ${customer} · ${counted.day} · net ${eur(counted.net / 100)} · tax ${eur(counted.tax / 100)}`;
}

export function rateLines(figures: VatFigures, customer: (id: string) => string): string[] {
  const lines: string[] = [];
  let shown = 0;
  const rows = figures.rates ?? [];
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
    due.movedFromWeekend === null ? "" : ` (${due.movedFromWeekend} is a weekend day, so the next Monday)`;
  const days = Math.round((Date.parse(due.dueDate) - Date.parse(today)) / DAY_MS);
  const when =
    days === 0
      ? "today"
      : days > 0
        ? `in ${days} ${days === 1 ? "day" : "days"}`
        : `${-days} ${days === -1 ? "day" : "days"} ago`;
  return `Due ${due.dueDate}, a ${weekday}${moved}, ${when}: ${rule}. A public holiday in your state moves it to the next working day.`;
}

export interface VatAnswer {
  period: { start: string; end: string; label: string };
  basis: { used: VatBasis; from: "argument" | "configuration" | "default" };
  figures: VatFigures;
  due: VatDue;
  permanentExtension: boolean;
  /** With every invoice at 0 %: the small-business limits passed (null: not readable). */
  limits: readonly LimitPassed[] | null | undefined;
  hasInbox: boolean;
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
  if (figures.rates === null) {
    lines.push(...unsureLines(answer));
  } else if (figures.rates.length === 0 && small.length === 0) {
    lines.push(
      basis.used === "soll"
        ? "No invoice was issued in the period: output tax 0.00 EUR. If you file returns, one is still due for the period."
        : "No payment of an invoice arrived in the period, as far as the inbox shows: output tax 0.00 EUR.",
    );
  } else {
    lines.push(...rateLines(figures, customer));
    lines.push(`Output tax in total: ${eur((figures.totalTax ?? 0) / 100)}.`);
  }
  if (small.length > 0) {
    const onlySmall = figures.rates !== null && figures.rates.length === 0;
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
  if (!(figures.rates?.length === 0 && small.length > 0)) lines.push(INPUT_TAX);
  lines.push(dueText(answer.due, answer.permanentExtension, answer.today));
  return lines.join("\n");
}

function basisNote(basis: VatAnswer["basis"]): string {
  if (basis.from !== "default") return "";
  return ' Soll is assumed: neither the call nor INVOICING_VAT_BASIS names a basis. If you file by payments received (Ist), pass basis: "ist".';
}

/** Why no figures are given, and what would give them. */
function unsureLines({ figures, basis, hasInbox, customer }: VatAnswer): string[] {
  const byReason = new Map<string, VatInvoice[]>();
  for (const { invoice, reason } of figures.unsure) {
    byReason.set(reason, [...(byReason.get(reason) ?? []), invoice]);
  }
  const lines = [
    `No figures: they would leave out ${figures.unsure.length} ${figures.unsure.length === 1 ? "invoice" : "invoices"} that cannot be placed:`,
    ...[...byReason].map(([reason, invoices]) => `- ${reason}: ${namedList(invoices, customer)}`),
  ];
  if (basis.used === "ist") {
    lines.push(
      hasInbox
        ? 'Payment dates come from the webhook inbox (invoice.paid events): check that the receiver gets invoice.paid from the service, or ask the user for these dates. For figures by invoice date, call vat_report with basis: "soll".'
        : 'Payment dates come only from the webhook inbox, which is not set up: run `invoicing-mcp webhooks serve` and set INVOICING_INBOX. Until then, for figures by invoice date, call vat_report with basis: "soll".',
    );
  }
  return lines;
}
