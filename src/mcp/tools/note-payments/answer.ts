/** How note_payments answers: the question a statement needs confirmed, and what was noted. */
import type { PaymentNotesPlan } from "../../../billing/payment-notes.js";
import { AskToConfirm } from "../../define-tool.js";

/** Invoices named in a question; the count says the rest. */
const NAMED = 5;

type Statement = NonNullable<PaymentNotesPlan["statement"]>;

/** What the person is asked to confirm, and what it will mean for the VAT figures. */
function statementQuestion(statement: Statement, covered: readonly string[]): string {
  const { datedBefore } = statement;
  return `Every paid invoice dated before ${datedBefore} (${statement.invoices} in the service${
    covered.length > 0 ? `, e.g. ${covered.slice(0, NAMED).join(", ")}` : ""
  }) was paid before that day, unless the webhook inbox says otherwise. VAT by payments (Ist) will then count none of them in a period from ${datedBefore} on.`;
}

/**
 * A statement not (yet) confirmed: declined, nothing noted; or the question, in the client's form
 * where it can show one, else for the model to ask and call again with confirmed: true.
 */
export function unconfirmed(
  statement: Statement,
  covered: readonly string[],
  said: "no" | "unasked",
  canAsk: boolean,
) {
  const question = statementQuestion(statement, covered);
  if (said === "no") {
    return {
      data: { outcome: "declined" as const, paidOn: [], paidBefore: statement },
      text: `Nothing was noted: the user did not confirm this. ${question} Ask them for the day each was paid instead.`,
    };
  }
  if (canAsk) return new AskToConfirm(question, "Yes, that is true", statement.datedBefore);
  return {
    data: { outcome: "needs_confirmation" as const, paidOn: [], paidBefore: statement },
    text: `Nothing was noted yet: ask the user whether this is true. ${question} If they say yes, call note_payments again with the same arguments and confirmed: true.`,
  };
}

export function notedText({ paidOn, statement }: PaymentNotesPlan): string {
  return [
    ...paidOn.map((p) => `Noted: ${p.invoiceNumber} (id ${p.id}) was paid on ${p.paidOn}.`),
    ...(statement === null
      ? []
      : [
          `Noted: every paid invoice dated before ${statement.datedBefore} (${statement.invoices}) was paid before that day, where the inbox does not say otherwise.`,
        ]),
    'A payment date in the webhook inbox still counts before these. vat_report with basis "ist" uses them from now on.',
  ].join("\n");
}
