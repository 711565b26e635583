/**
 * How create_invoice words an invoice made `like` an earlier one (in the answer the preview's
 * button shares): which invoice it repeats, how its notes followed the new period, and why it asks
 * for notes when it cannot take them over. The plan comes from src/billing/invoice-like.ts.
 */
import type { z } from "zod";
import type { LikeModel, LikeNotes, LikePlan } from "../billing/invoice-like.js";
import type { DaySpan } from "../domain/calendar-span.js";
import { formatDay } from "../domain/dates/format.js";
import { cleanText } from "../domain/text.js";
import { eur, named } from "./format.js";
import type { likeOutput } from "./invoice-schema.js";

export function likeData(plan: Extract<LikePlan, { kind: "ask" }>): z.infer<typeof likeOutput> {
  const { model, notes } = plan;
  return {
    id: model.invoice._id,
    invoiceNumber: model.invoice.invoiceNumber,
    byCustomer: model.byCustomer,
    notes: notes.source,
    rolled: notes.source === "rolled" ? notes.rolled : [],
    kept: notes.source === "rolled" ? notes.kept : [],
  };
}

/** "Made like RE-2026-071 (id …), …: the same …; notes …." */
export function likeText(
  plan: Extract<LikePlan, { kind: "ask" }>,
  period: DaySpan,
  timeZone: string,
): string {
  const { model } = plan;
  // The newest is chosen by the period it bills (its service period), not by its own date.
  const which = model.byCustomer
    ? `, chosen as the invoice of ${named(model.customer.name, model.customer._id)} whose ${model.period === null ? "date (the list shows no service period)" : "service period"} comes last before this one's, which starts ${period.start}`
    : "";
  return `\nMade like ${modelName(model, timeZone)}${which}: the same customer, net amount, VAT rate and activity type; ${notesText(plan.notes, model)}`;
}

function modelName(model: LikeModel, timeZone: string): string {
  const served = model.period === null ? "" : `, service period ${model.period.start} to ${model.period.end}`;
  return `${model.invoice.invoiceNumber} (id ${model.invoice._id}, dated ${formatDay(model.invoice.invoiceDate, timeZone)}${served})`;
}

function notesText(notes: LikeNotes, model: LikeModel): string {
  if (notes.source === "given") return "the notes as given.";
  if (notes.source === "none") return `${model.invoice.invoiceNumber} has no notes, nor has this one.`;
  const moved = notes.rolled.map((r) => `"${r.from}" → "${r.to}"`).join(", ");
  const kept =
    notes.kept.length === 0
      ? ""
      : ` Left as written: ${notes.kept.map((k) => `"${k}"`).join(", ")}; check them with the user.`;
  return moved ? `its notes with the period moved on: ${moved}.${kept}` : `its notes as they were.${kept}`;
}

/** Why no invoice is drafted: the notes cannot be taken over and must be given. */
export function notesNeededText(plan: Extract<LikePlan, { kind: "needs notes" }>, period: DaySpan): string {
  const { invoice } = plan.model;
  const facts = `${invoice.invoiceNumber} (id ${invoice._id}, ${named(plan.model.customer.name, plan.model.customer._id)}, net ${eur(invoice.netAmount)})`;
  const mentioned = plan.mentions.map((m) => `"${cleanText(m, 80)}"`).join(", ");
  const why =
    plan.reason === "not listed"
      ? `the service's invoice list does not show the notes of ${facts}, so they cannot be repeated`
      : plan.reason === "no period listed"
        ? `the notes of ${facts} name ${mentioned}, and the service's list does not show its service period, so they cannot be moved on to ${period.start} to ${period.end}`
        : `the notes of ${facts} name ${mentioned}, which cannot be moved on to ${period.start} to ${period.end} (a period of another kind than its own)`;
  if (plan.reason === "billed once") {
    const notes = invoice.notes ? ` ("${cleanText(invoice.notes, 80)}")` : "";
    return `Not created: ${facts}${notes} is the only invoice of ${named(plan.model.customer.name, plan.model.customer._id)} with that amount, so it may have been a one-off. Ask the user whether it recurs; if it does, call again with like: "${invoice.invoiceNumber}" (its number) and the period as before.`;
  }
  return `Not created: ${why}. Ask the user for the notes this invoice should carry and call again with notes (with like and period as before).`;
}
