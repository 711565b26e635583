/**
 * What the preview's button answers: the created (or found, or refused) invoice in create_invoice's
 * words and shape (src/mcp/invoice-answer.ts), so the view reads it as it read the dry run.
 */
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
