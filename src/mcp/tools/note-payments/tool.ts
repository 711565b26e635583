import { z } from "zod";
import { planPaymentNotes } from "../../../billing/payment-notes.js";
import { InputError } from "../../../domain/input-error.js";
import { withNotes } from "../../../webhooks/payment-notes.js";
import { dayArg } from "../../args.js";
import { verdictOn } from "../../confirmation.js";
import { defineTool } from "../../define-tool.js";
import { notedText, unconfirmed } from "./answer.js";

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
    const plan = await planPaymentNotes(context, {
      payments: args.payments ?? [],
      datedBefore: args.datedBefore,
    });
    const { paidOn, statement, covered } = plan;
    if (statement !== null) {
      const said = verdictOn(call.confirmation, args.confirmed, statement.datedBefore);
      if (said !== "yes") return unconfirmed(statement, covered, said, call.confirmation.supported);
    }
    const notedAt = context.now().toISOString();
    await store.update((notes) => withNotes(notes, paidOn, statement, notedAt));
    return { data: { outcome: "noted" as const, paidOn, paidBefore: statement }, text: notedText(plan) };
  },
});
