import { z } from "zod";
import { listInvoices } from "../../../api/invoices.js";
import { wholeList } from "../../../api/list.js";
import type { Invoice } from "../../../api/schemas.js";
import { dateContext } from "../../../billing/context.js";
import { formatDay } from "../../../domain/dates/format.js";
import { loadDates } from "../../../domain/dates/lazy.js";
import { InputError } from "../../../domain/input-error.js";
import { cleanText } from "../../../domain/text.js";
import { MAX_PAID_BEFORE, MAX_PAID_ON, type PaymentNotes } from "../../../webhooks/payment-notes.js";
import { dayArg } from "../../args.js";
import { AskToConfirm, defineTool } from "../../define-tool.js";

/** Invoices named in a question; the count says the rest. */
const NAMED = 5;

export const notePaymentsTool = defineTool({
  name: "note_payments",
  title: "Note payment dates",
  description:
    "Remembers, for vat_report by payments (Ist), what the user says the inbox lacks: the day an invoice was paid, or that all invoices dated before a day were paid before it. Their word only.",
  kind: "write",
  family: "events",
  idempotent: true,
  needsInbox: true,
  keepsOwnRecord: true,
  input: z.object({
    payments: z
      .array(
        z.object({
          invoice: z.string().trim().min(1).max(200).describe("Number or id."),
          paidOn: dayArg("Day paid."),
        }),
      )
      .max(100)
      .optional()
      .describe("Days the user gave."),
    datedBefore: dayArg("Paid invoices dated before it were paid before it.").optional(),
    confirmed: z.boolean().optional().describe("The user said so."),
  }),
  output: z.object({
    outcome: z.enum(["noted", "needs_confirmation", "declined"]),
    paidOn: z.array(z.object({ id: z.string(), invoiceNumber: z.string(), paidOn: z.string() })),
    paidBefore: z.object({ datedBefore: z.string(), invoices: z.number() }).nullable(),
  }),
  example: { payments: [{ invoice: "RE-2026-001", paidOn: "2026-02-01" }] },
  verifyWith: "vat_report",
  async handler(args, context, call) {
    const store = context.paymentNotes;
    if (store === undefined) {
      throw new InputError("This server keeps no notes: it has no webhook inbox configured.");
    }
    if ((args.payments ?? []).length === 0 && args.datedBefore === undefined) {
      throw new InputError(
        "Give what the user said: payments [{invoice, paidOn}] (the day each was paid), or datedBefore (every paid invoice dated before that day was paid before it).",
      );
    }
    const { parseDay } = await loadDates();
    const ctx = dateContext(context);
    const today = formatDay(context.now(), context.timeZone);
    const invoices = wholeList(
      await listInvoices(context.client()),
      "invoices",
      "nothing was noted: the invoices named could not all be checked",
    );
    const dayOf = (invoice: Invoice) => formatDay(invoice.invoiceDate, context.timeZone);
    const paidOn = (args.payments ?? []).map(({ invoice: asked, paidOn: said }) => {
      const invoice = findInvoice(invoices, asked);
      const day = parseDay(said, ctx);
      if (invoice.status !== "paid") {
        throw new InputError(
          `Nothing was noted: ${invoice.invoiceNumber} is ${invoice.status} in the service, not paid. Mark it paid there first.`,
        );
      }
      if (day < dayOf(invoice) || day > today) {
        throw new InputError(
          `Nothing was noted: ${invoice.invoiceNumber} is dated ${dayOf(invoice)}, so it was paid between then and today (${today}), not on ${day}. Ask the user again.`,
        );
      }
      return { id: invoice._id, invoiceNumber: cleanText(invoice.invoiceNumber), paidOn: day };
    });
    let statement: { datedBefore: string; invoices: number } | null = null;
    if (args.datedBefore !== undefined) {
      const datedBefore = parseDay(args.datedBefore, ctx);
      if (datedBefore > today) {
        throw new InputError(`Nothing was noted: datedBefore (${datedBefore}) is after today (${today}).`);
      }
      const covered = invoices.filter((i) => i.status === "paid" && dayOf(i) < datedBefore);
      statement = { datedBefore, invoices: covered.length };
      const question = `Every paid invoice dated before ${datedBefore} (${covered.length} in the service${
        covered.length > 0
          ? `, e.g. ${covered
              .slice(0, NAMED)
              .map((i) => cleanText(i.invoiceNumber))
              .join(", ")}`
          : ""
      }) was paid before that day, unless the webhook inbox says otherwise. VAT by payments (Ist) will then count none of them in a period from ${datedBefore} on.`;
      const answer = call.confirmation.answer;
      const state = datedBefore;
      const yes = args.confirmed === true || (answer?.confirmed === true && answer.state === state);
      if (!yes) {
        if (answer !== undefined && answer.state === state) {
          return {
            data: { outcome: "declined" as const, paidOn: [], paidBefore: statement },
            text: `Nothing was noted: the user did not confirm this. ${question} Ask them for the day each was paid instead.`,
          };
        }
        if (call.confirmation.supported) {
          return new AskToConfirm(question, "Yes, that is true", state);
        }
        return {
          data: { outcome: "needs_confirmation" as const, paidOn: [], paidBefore: statement },
          text: `Nothing was noted yet: ask the user whether this is true. ${question} If they say yes, call note_payments again with the same arguments and confirmed: true.`,
        };
      }
    }
    const notedAt = context.now().toISOString();
    await store.update((notes) => remember(notes, paidOn, statement, notedAt));
    const lines = [
      ...paidOn.map((p) => `Noted: ${p.invoiceNumber} (id ${p.id}) was paid on ${p.paidOn}.`),
      ...(statement === null
        ? []
        : [
            `Noted: every paid invoice dated before ${statement.datedBefore} (${statement.invoices}) was paid before that day, where the inbox does not say otherwise.`,
          ]),
      'A payment date in the webhook inbox still counts before these. vat_report with basis "ist" uses them from now on.',
    ];
    return {
      data: { outcome: "noted" as const, paidOn, paidBefore: statement },
      text: lines.join("\n"),
    };
  },
});

function findInvoice(invoices: readonly Invoice[], asked: string): Invoice {
  const wanted = asked.trim().toLowerCase();
  const found =
    invoices.find((i) => i._id === asked.trim()) ??
    invoices.find((i) => i.invoiceNumber.trim().toLowerCase() === wanted);
  if (found === undefined) {
    throw new InputError(
      `Nothing was noted: no invoice has the number or id "${cleanText(asked).slice(0, 80)}". list_invoices shows them.`,
    );
  }
  return found;
}

function remember(
  notes: PaymentNotes,
  paidOn: readonly { id: string; invoiceNumber: string; paidOn: string }[],
  statement: { datedBefore: string } | null,
  notedAt: string,
): PaymentNotes {
  const next: PaymentNotes = { paidOn: { ...notes.paidOn }, paidBefore: [...notes.paidBefore] };
  for (const p of paidOn) next.paidOn[p.id] = { day: p.paidOn, invoiceNumber: p.invoiceNumber, notedAt };
  if (
    statement !== null &&
    !next.paidBefore.some(
      (s) => s.datedBefore === statement.datedBefore && s.paidBefore === statement.datedBefore,
    )
  ) {
    next.paidBefore.push({ datedBefore: statement.datedBefore, paidBefore: statement.datedBefore, notedAt });
  }
  if (Object.keys(next.paidOn).length > MAX_PAID_ON || next.paidBefore.length > MAX_PAID_BEFORE) {
    throw new InputError(
      `Nothing was noted: the server keeps at most ${MAX_PAID_ON} payment days and ${MAX_PAID_BEFORE} statements per person.`,
    );
  }
  return next;
}
