/**
 * What the preview's button answers: the created (or found, or refused) invoice in create_invoice's
 * words and shape (src/mcp/invoice-answer.ts), so the view reads it as it read the dry run.
 */

import type { z } from "zod";
import type { OneInvoiceOutcome } from "../../../billing/invoice-workflow.js";
import { InputError } from "../../../domain/input-error.js";
import type { ToolContext } from "../../context.js";
import { AskToConfirm } from "../../define-tool.js";
import { oneInvoiceAnswer } from "../../invoice-answer.js";

export function previewedAnswer(outcome: OneInvoiceOutcome, context: ToolContext) {
  const answer = oneInvoiceAnswer(outcome, context);
  // The click in the view is the person's yes: a question is put in the conversation, not here.
  if (answer instanceof AskToConfirm)
    throw new InputError("Confirm the invoice in the conversation instead.");
  return answer;
}

/**
 * A preview create_invoice would not take (a view's stale or edited figures): each field and what is
 * wrong with it, never its value, and the way on.
 */
export function previewRefusedText(error: z.ZodError): string {
  const parts = error.issues.map((issue) => `${issue.path.join(".") || "the invoice"}: ${issue.message}`);
  return `This preview cannot be created as it stands (${parts.join("; ")}). Nothing was sent: preview again with create_invoice and dryRun, then create it from the new preview.`;
}
