import { z } from "zod";
import { dateContext } from "../../../billing/context.js";
import { loadDates } from "../../../domain/dates/lazy.js";
import { vatReport } from "../../../reports/vat.js";
import { paymentFacts } from "../../../webhooks/payments.js";
import { moneyOutput, periodArg } from "../../args.js";
import { assumedText } from "../../date-args.js";
import { defineTool, type ToolResource } from "../../define-tool.js";
import { periodOutput } from "../../period-text.js";
import { resourceLink } from "../../resource-link.js";
import { UNSURE_LISTED, type VatAnswer, vatData, vatPeriodKey, vatText } from "./answer.js";

/** A filing period's figures as a resource: a month, a quarter or a year. */
const resource = {
  uri: "invoicing://reports/vat/{period}",
  name: "vat-report",
  title: "VAT return figures",
  description:
    "The output side of the VAT return for a month (2026-10), quarter (2026-Q3) or year (2026): taxable amount and tax per rate, on the configured basis.",
  args: { period: "period" },
  list: { of: "vat-periods", label: "VAT" },
} satisfies ToolResource;

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
  resource,
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
      () => paymentFacts(context.events, context.paymentNotes, basis === "ist"),
    );
    const data = vatData(found, { period, basis, from }, context);
    const text = vatText(found, data, context, call);
    const key = vatPeriodKey(period);
    return {
      data,
      text: `${text}${assumedText(period.assumptions ?? [])}`,
      ...(key === null ? {} : { links: [resourceLink(resource, { period: key }, `VAT ${period.label}`)] }),
    };
  },
});
