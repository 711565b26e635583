import { z } from "zod";
import type { DutyAnswer } from "../../../documents/duty.js";
import {
  type DocumentsOutcome,
  type FilledGap,
  type GivenValues,
  MAX_DOCUMENT_BYTES,
} from "../../../documents/invoice-documents.js";
import { fromCents } from "../../../domain/money.js";
import { cleanText } from "../../../domain/text.js";
import { AskForValues, type Confirmation, type ToolOutput } from "../../define-tool.js";
import { documentUri, type ShelvedDocument } from "../../document-shelf.js";
import { eur } from "../../format.js";

const bilingual = z.object({ de: z.string(), en: z.string() });

export const outputSchema = z.object({
  outcome: z.enum(["documents", "complete", "incomplete", "refused", "no_time_sheet", "too_large", "duty"]),
  invoice: z.object({ id: z.string(), number: z.string(), customer: z.string() }).nullable(),
  files: z.array(
    z.object({
      name: z.string(),
      mimeType: z.string(),
      bytes: z.number().int(),
      uri: z.string(),
      path: z.string().nullable().describe("where it was written; null when only in this answer"),
    }),
  ),
  missing: z.array(
    z.object({
      field: z.string(),
      rule: z.string(),
      en: z.string(),
      de: z.string(),
      fill: z
        .string()
        .nullable()
        .describe('business_details value ("iban", "customer buyerReference"); null: in the service'),
    }),
  ),
  refusal: bilingual.nullable(),
  stored: z.array(z.string()).describe("values the form gave that were stored"),
  refused: z.array(z.object({ field: z.string(), problem: z.string() })),
  duty: z
    .object({
      smallBusiness: z.boolean(),
      turnover2026: z.number().nullable().describe("EÜR income 2026, EUR"),
      from: z
        .string()
        .nullable()
        .describe("first day e-invoices to businesses are required; null: never (§ 19)"),
      unsure: z.boolean(),
      invoice: z
        .object({
          required: z.union([z.boolean(), z.literal("unknown")]),
          reason: z.string(),
          ...bilingual.shape,
        })
        .nullable(),
    })
    .nullable(),
});

type Output = ToolOutput<z.input<typeof outputSchema>>;

const EMPTY = { files: [], missing: [], refusal: null, stored: [], refused: [], duty: null };

/** The values of an accepted form for this invoice, split into the person's and the customer's. */
export function givenIn(confirmation: Confirmation, state: string): GivenValues | undefined {
  const answer = confirmation.answer;
  if (answer === undefined || answer.action !== "accept" || answer.state !== state) return undefined;
  const given: GivenValues = { seller: {}, customer: {} };
  for (const [key, value] of Object.entries(answer.values)) {
    const [party, field] = key.split("_", 2);
    if (field && (party === "seller" || party === "customer")) given[party][field] = value;
  }
  return given;
}

const TITLES: Record<string, string> = {
  name: "Your name or business name",
  street: "Your street and number",
  postcode: "Your postcode",
  city: "Your city",
  country: "Your country (ISO code, e.g. DE)",
  taxNumber: "Your Steuernummer (or a USt-IdNr below)",
  vatId: "Your USt-IdNr",
  contactName: "Contact person for questions",
  phone: "Phone for questions",
  email: "E-mail for questions",
  iban: "IBAN to be paid to",
  bic: "BIC",
  paymentDays: "Days until payment is due",
};

const CUSTOMER_TITLES: Record<string, string> = {
  street: "street and number",
  postcode: "postcode",
  city: "city",
  country: "country (ISO code)",
  vatId: "USt-IdNr",
  buyerReference: "buyer reference or Leitweg-ID",
  email: "e-mail for invoices",
};

/** A form with one text field per value the person can give; none when only the service can fix it. */
export function formFor(outcome: Extract<DocumentsOutcome, { kind: "incomplete" }>, state: string) {
  const customer = cleanText(outcome.invoice.customerName);
  const fields = new Map<string, { key: string; title: string; description: string }>();
  for (const gap of outcome.gaps) {
    if (!gap.fill) continue;
    const key = `${gap.fill.party}_${gap.fill.field}`;
    const title =
      gap.fill.party === "seller"
        ? (TITLES[gap.fill.field] ?? gap.fill.field)
        : `${customer}: ${CUSTOMER_TITLES[gap.fill.field] ?? gap.fill.field}`;
    if (!fields.has(key)) fields.set(key, { key, title, description: gap.en });
  }
  if (fields.size === 0) return undefined;
  return new AskForValues(
    `For the e-invoice ${cleanText(outcome.invoice.number)} these details are missing. They are kept by this server for the next invoices and never sent to the service.`,
    [...fields.values()],
    state,
  );
}

export function shelved(outcome: DocumentsOutcome): ShelvedDocument[] {
  if (outcome.kind !== "documents") return [];
  return outcome.files.map((file) => ({
    uri: documentUri(outcome.invoice.number, file.name),
    name: file.name,
    mimeType: file.mimeType,
    bytes: file.bytes,
  }));
}

export function documentsAnswer(
  outcome: DocumentsOutcome,
  { writesFiles, canWrite }: { writesFiles: boolean; canWrite: boolean },
): Output {
  const invoice = {
    id: outcome.invoice.id,
    number: cleanText(outcome.invoice.number),
    customer: cleanText(outcome.invoice.customerName),
  };
  const name = `${invoice.number} (${invoice.customer})`;
  const given = "given" in outcome && outcome.given ? outcome.given : { stored: [], refused: [] };
  const formLines = [
    ...(given.stored.length > 0 ? [`Stored from the form: ${given.stored.join(", ")}.`] : []),
    ...given.refused.map((r) => `Refused from the form: ${r.field}: ${r.problem}.`),
  ];
  const base = { ...EMPTY, invoice, stored: given.stored, refused: given.refused };
  switch (outcome.kind) {
    case "documents": {
      const files = outcome.files.map((file) => ({
        name: file.name,
        mimeType: file.mimeType,
        bytes: file.bytes.byteLength,
        uri: documentUri(outcome.invoice.number, file.name),
        path: file.path,
      }));
      const lines = files.map(
        (f) =>
          `Made ${f.name} for ${name}: ${Math.ceil(f.bytes / 1024)} KB, ${f.mimeType}${f.path ? `, written to ${f.path}` : writesFiles ? "" : " (in this answer; this server writes no files)"}. Readable again as ${f.uri} while the server runs.`,
      );
      return {
        data: { ...base, outcome: "documents", files },
        text: [...formLines, ...lines].join("\n"),
        links: files.map((f) => ({ uri: f.uri, name: f.name, mimeType: f.mimeType })),
        resources: outcome.files.map((file, i) => ({
          uri: files[i]!.uri,
          mimeType: file.mimeType,
          bytes: file.bytes,
        })),
      };
    }
    case "complete":
      return {
        data: { ...base, outcome: "complete" },
        text: [
          ...formLines,
          `${name} is complete for an e-invoice: nothing is missing by § 14 Abs. 4 UStG and the XRechnung rules. Make it with make "xrechnung" or "zugferd".`,
        ].join("\n"),
      };
    case "incomplete": {
      const missing = outcome.gaps.map((gap) => ({ ...gap, fill: fillText(gap) }));
      return {
        data: { ...base, outcome: "incomplete", missing },
        text: [
          ...formLines,
          `${name} cannot be an e-invoice yet; ${missing.length} ${missing.length === 1 ? "thing is" : "things are"} missing:`,
          ...outcome.gaps.map(
            (gap) =>
              `- ${gap.en} (${gap.rule}${canWrite ? `; ${howToFill(gap, invoice.customer)}` : ""}) / ${gap.de}`,
          ),
          !outcome.canStore
            ? "This server keeps no business details (hosted without its database), so they cannot be stored here."
            : canWrite
              ? "Ask the user for these values, store them with business_details, then call invoice_documents again."
              : "This server is read-only, so the values cannot be stored here; writes are allowed with INVOICING_READ_ONLY set to false.",
        ].join("\n"),
      };
    }
    case "refused":
      return {
        data: { ...base, outcome: "refused", refusal: outcome.reason },
        text: `No e-invoice can be made from ${name}: ${outcome.reason.en}\n${outcome.reason.de}`,
      };
    case "no-time-sheet":
      return {
        data: { ...base, outcome: "no_time_sheet" },
        text: `${name} has no time sheet: its lines do not come from the period's time at the customer's rate (a fixed fee, a rate changed since, or time that does not add up to the net). Make "xrechnung" or "zugferd" instead.`,
      };
    case "too-large":
      return {
        data: { ...base, outcome: "too_large" },
        text: `${outcome.file} for ${name} would be ${(outcome.bytes / 1048576).toFixed(1)} MB, more than the ${MAX_DOCUMENT_BYTES / 1048576} MB a document may be in an answer; nothing was handed out. Make "xrechnung" (the XML alone) instead.`,
      };
  }
}

function fillText(gap: FilledGap): string | null {
  if (!gap.fill) return null;
  return gap.fill.party === "seller" ? gap.fill.field : `customer ${gap.fill.field}`;
}

function howToFill(gap: FilledGap, customer: string): string {
  if (!gap.fill) return "fix it in the service";
  return gap.fill.party === "seller"
    ? `business_details set ${gap.fill.field}`
    : `business_details customer "${customer}" set ${gap.fill.field}`;
}

export function dutyAnswer(answer: DutyAnswer): Output {
  const turnover = answer.turnover2026 === null ? null : fromCents(answer.turnover2026);
  const start = answer.smallBusiness
    ? "As a small business under § 19 UStG you never must issue e-invoices (you may); receiving them you must since 2025."
    : `You must issue e-invoices to businesses from ${answer.start.from}${answer.start.unsure ? " at the latest 2028; from 2027 if your 2026 turnover is above 800,000 EUR (the service's 2026 EÜR could not be read)" : ` (your 2026 income in the service's EÜR: ${eur(turnover ?? 0)}; the 2027 duty starts above 800,000 EUR)`}.`;
  const invoice = answer.invoice
    ? {
        required: answer.invoice.duty.required,
        reason: answer.invoice.duty.reason,
        de: answer.invoice.duty.de,
        en: answer.invoice.duty.en,
      }
    : null;
  const lines = [
    start,
    ...(answer.invoice
      ? [
          `${cleanText(answer.invoice.number)} (service until ${answer.invoice.serviceDay}, ${answer.invoice.buyer === "public" ? "a public client by its Leitweg-ID" : "read as a business client; invoices to private persons need none"}): ${answer.invoice.duty.en}`,
          answer.invoice.duty.de,
        ]
      : []),
  ];
  return {
    data: {
      ...EMPTY,
      outcome: "duty",
      invoice: null,
      duty: {
        smallBusiness: answer.smallBusiness,
        turnover2026: turnover,
        from: answer.start.from,
        unsure: answer.start.unsure,
        invoice,
      },
    },
    text: lines.join("\n"),
  };
}
