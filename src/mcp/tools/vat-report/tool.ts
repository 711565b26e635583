import { z } from "zod";
import { dateContext } from "../../../billing/context.js";
import { spanKind } from "../../../domain/calendar-span.js";
import { formatDay } from "../../../domain/dates/format.js";
import { loadDates } from "../../../domain/dates/lazy.js";
import type { Period } from "../../../domain/dates/period.js";
import { fromCents } from "../../../domain/money.js";
import type { CountedInvoice, VatInvoice } from "../../../domain/vat.js";
import { type PaymentFacts, type VatReport, vatReport } from "../../../reports/vat.js";
import { NO_NOTES, personsWord } from "../../../webhooks/payment-notes.js";
import { inboxSince, paymentsByInvoice } from "../../../webhooks/payments.js";
import { moneyOutput, periodArg } from "../../args.js";
import type { ToolContext } from "../../context.js";
import { assumedText } from "../../date-args.js";
import { defineTool } from "../../define-tool.js";
import { named } from "../../format.js";
import { periodOutput } from "../../period-text.js";
import { formBase, formFields, unplacedSum, type VatAnswer, vatAnswerText } from "./answer.js";

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
const UNSURE_LISTED = 20;

export const vatReportTool = defineTool({
  name: "vat_report",
  title: "VAT return figures",
  description:
    "The output side of the VAT return (Umsatzsteuer-Voranmeldung) for a month, quarter or year: taxable amount and tax per rate with form fields, each invoice counted, § 19 turnover apart, due date.",
  kind: "read",
  family: "reports",
  input: z.object({
    period: periodArg('E.g. "Q3 2026", "Oktober".').default("last month"),
    basis: z
      .enum(["soll", "ist"])
      .optional()
      .describe("soll: invoice date; ist: payment. Default: configured."),
  }),
  output: z.object({
    period: periodOutput,
    basis: z.object({
      used: z.enum(["soll", "ist"]),
      from: z.enum(["argument", "configuration", "default"]),
    }),
    complete: z.boolean().describe("false: the figures leave out the invoices in `checks.unsure`"),
    rates: z
      .array(
        z.object({
          rate: z.number(),
          field: z.string().describe("the form's field for the taxable amount"),
          taxField: z.string().nullable(),
          taxableAmount: moneyOutput,
          taxAmount: moneyOutput,
          invoices: z.array(z.unknown()),
        }),
      )
      .describe("of the invoices placed in the period"),
    totalTax: moneyOutput,
    smallBusiness: z.object({
      netAmount: moneyOutput,
      invoices: z.array(z.unknown()),
      noReturn: z.boolean(),
      limitsPassed: z.array(z.unknown()).nullable(),
    }),
    apart: z.object({ drafts: z.array(z.unknown()), otherStates: z.array(z.unknown()) }),
    checks: z.object({
      taxMismatches: z.array(z.unknown()),
      unsure: z.array(z.unknown()).describe(`left out of the figures; the first ${UNSURE_LISTED}`),
      unsureCount: z.number().int(),
      unsureNetAmount: moneyOutput,
      unsureGrossAmount: moneyOutput,
    }),
    due: z.object({
      date: z.string().nullable(),
      filing: z.string(),
      permanentExtension: z.boolean(),
      previousYearOutputTax: moneyOutput.nullable().describe("by invoice date; null: no invoice that year"),
      rule: z.enum(["monthly", "quarterly", "exemptPossible"]).nullable().describe("§ 18 Abs. 2 UStG"),
    }),
    currency: z.literal("EUR"),
  }),
  example: { period: "last month" },
  async handler(args, context, call) {
    const period = (await loadDates()).parsePeriod(args.period, dateContext(context));
    const basis = args.basis ?? context.vatBasis ?? "soll";
    const from: VatAnswer["basis"]["from"] = args.basis
      ? "argument"
      : context.vatBasis
        ? "configuration"
        : "default";
    const found = await vatReport(
      context,
      { period, basis, permanentExtension: context.vatPermanentExtension },
      () => paymentFacts(context, basis === "ist"),
    );
    const data = dataOf(found, { period, basis, from }, context);
    const text = answer(found, data, context, call);
    const key = vatPeriodKey(period);
    return {
      data,
      text: `${text}${assumedText(period.assumptions ?? [])}`,
      ...(key === null
        ? {}
        : { links: [{ uri: `invoicing://reports/vat/${key}`, name: `VAT ${period.label}` }] }),
    };
  },
});

/** The figures in words, each customer named as the data names them. */
function answer(
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

/** On the Ist basis, the payments the inbox received and what the person said of others; else none. */
async function paymentFacts(context: ToolContext, ist: boolean): Promise<PaymentFacts> {
  const [events, notes] = await Promise.all([
    ist && context.events ? context.events.read({}) : [],
    ist && context.paymentNotes ? context.paymentNotes.read() : NO_NOTES,
  ]);
  return { payments: paymentsByInvoice(events), inboxSince: inboxSince(events), word: personsWord(notes) };
}

/** The structured answer: each rate with its form fields and invoices, the checks, the due date. */
function dataOf(
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

/** "2026-10", "2026-Q3" or "2026": a month, quarter or year as the VAT resource names it; else null. */
export function vatPeriodKey(period: { start: string; end: string }): string | null {
  const filing = spanKind(period);
  const [year, month] = period.start.split("-");
  if (filing === "month") return `${year}-${month}`;
  if (filing === "quarter") return `${year}-Q${(Number(month) + 2) / 3}`;
  if (filing === "year") return `${year}`;
  return null;
}
