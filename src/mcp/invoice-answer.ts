/**
 * One invoice's outcome in words and data, as create_invoice answers it and the preview's button
 * (which creates one previewed invoice) answers alike: the view reads both the same way.
 */
import type { OneInvoiceOutcome } from "../billing/invoice-workflow.js";
import { InputError } from "../domain/input-error.js";
import type { ToolContext } from "./context.js";
import { assumedText } from "./date-args.js";
import { named } from "./format.js";
import {
  askFirst,
  cannotTellText,
  countedText,
  describeInvoiceView as describe,
  draftView,
  nothingToBillText,
  periodNotes,
  replayText,
  storedView,
} from "./invoice-text.js";
import { likeData, likeText, notesNeededText } from "./like-text.js";
import { billedText, refusalText } from "./period-text.js";
import { smallBusinessText } from "./small-business-text.js";

const PATH = "/api/v1/invoices";

/** One invoice's outcome in words and data. */
export function oneInvoiceAnswer(outcome: OneInvoiceOutcome, context: Pick<ToolContext, "timeZone">) {
  const { period } = outcome;
  if (outcome.kind === "needs notes") throw new InputError(notesNeededText(outcome.plan, period));
  const { draft, like, limits } = outcome;
  const customer = draft.ask.customer;
  const assumed = `${periodNotes(outcome, false)}${assumedText([...period.assumptions, ...(like?.assumptions ?? [])])}`;
  const liked = like === undefined ? {} : { like: likeData(like) };
  const likeLine = like === undefined ? "" : likeText(like, period, context.timeZone);
  const counted = {
    ...(draft.time === undefined ? {} : { fromTime: draft.time }),
    ...(draft.billed === undefined ? {} : { billed: draft.billed }),
    ...(limits === undefined ? {} : { smallBusiness: { limitsPassed: limits } }),
  };
  const warned = limits === undefined ? "" : smallBusinessText(limits);
  const facts = draft.billed === undefined ? "" : billedText(draft.billed);
  const factsLine = facts ? `\n${facts}` : "";
  const who = named(customer.name, customer._id);
  const { conflicts } = draft;

  switch (outcome.kind) {
    case "exists": {
      const invoice = storedView(draft, context.timeZone);
      return {
        data: {
          outcome: "already_exists" as const,
          invoice,
          notCompared: draft.notShown,
          ...liked,
          ...counted,
        },
        text: `${replayText(describe(invoice), draft.notShown)}${likeLine}${assumed}`,
      };
    }
    case "dry run": {
      const invoice = draftView(draft, null, "draft");
      const warning =
        conflicts.length === 0
          ? factsLine
          : draft.ask.supplement
            ? `\n${cannotTellText(draft, who, period, true)}`
            : `\n${refusalText(conflicts, who, period, true, draft.billed)}`;
      return {
        data: {
          outcome: "dry_run" as const,
          invoice,
          ...(conflicts.length === 0 ? {} : { conflicts }),
          ...liked,
          ...counted,
          request: { method: "POST" as const, path: PATH, body: { ...draft.body } },
        },
        text: `Dry run, nothing sent. This would create ${describe(invoice)}.${likeLine}${countedText(draft.time)}${warning}${warned}${assumed}\nRequest: POST ${PATH} ${JSON.stringify(draft.body)}`,
      };
    }
    case "nothing to bill":
      return {
        data: { outcome: "nothing_to_bill" as const, ...liked, ...counted },
        text: `${nothingToBillText(who, period, draft.billed)}${assumed}`,
      };
    case "refused":
      if (draft.ask.supplement) {
        return {
          data: {
            outcome: "refused" as const,
            invoice: draftView(draft, null, "not created"),
            refusal: {
              reason: "cannot tell which invoices bill the hours",
              override: "allowOverlap" as const,
            },
            conflicts,
            ...counted,
          },
          text: `${cannotTellText(draft, who, period, false)}${assumed}`,
        };
      }
      return {
        data: {
          outcome: "refused" as const,
          invoice: draftView(draft, null, "not created"),
          refusal: {
            reason: "may bill the period twice",
            // Time logged since its invoice is billed by a supplement; a whole second invoice is the exception.
            override:
              draft.billed?.status === "compared" && (draft.billed.difference ?? 0) > 0
                ? ("supplement" as const)
                : ("allowOverlap" as const),
          },
          conflicts,
          ...liked,
          ...counted,
        },
        text: `${refusalText(conflicts, who, period, false, draft.billed)}${likeLine}`,
      };
    case "needs answer":
      return askFirst(draftView(draft, null, "draft"), outcome.state, outcome.changed);
    case "declined": {
      const summary = draftView(draft, null, "draft");
      return {
        data: {
          outcome: "declined" as const,
          invoice: draftView(draft, null, "not created"),
          ...liked,
          ...counted,
        },
        text: `Not created: the user did not confirm ${describe(summary)}. Ask what to change before trying again.`,
      };
    }
    case "created": {
      const invoice = draftView(draft, outcome.id, "draft");
      return {
        data: { outcome: "created" as const, invoice, ...liked, ...counted },
        text: `Created ${describe(invoice)}. It is a draft: review and send it in the Invoicing Service.${likeLine}${warned}${draft.ask.supplement ? factsLine.replace("Not yet billed", "Billed by this supplement") : ""}${assumed}`,
      };
    }
  }
}
