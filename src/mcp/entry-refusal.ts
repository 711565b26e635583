/**
 * How refused time entries read, in log_time's answers and in the error table: entries whose input
 * needs a change (an error), or entries that overlap stored time or each other (the guard's
 * refusal, an outcome). The facts come from src/billing/log-time-batch.ts.
 */
import type { EntriesRefused, EntryProblem, StoredOverlap } from "../billing/errors.js";
import type { OverlapRefusal } from "../billing/log-time-batch.js";
import { overrideAdvice } from "./refusal.js";

const NO_EDIT =
  "To correct a stored entry, change it in the Invoicing Service: there is no tool to edit or delete entries.";

/** `word` words an entry's own input error (error-text.ts passes itself, to avoid an import cycle). */
export function entriesRefusedText(error: EntriesRefused, word: (error: unknown) => string): string {
  const texts = error.problems.map((p) => ({ index: p.index, text: problemText(p.problem, word) }));
  const count = new Set(texts.map((p) => p.index)).size;
  const lines = texts.map((p) => `- entry ${p.index}: ${p.text}`);
  // Overlaps listed with the input problems, so one resend can settle both.
  const overlapping = error.problems.filter((p) => p.problem.kind !== "invalid");
  const override =
    overlapping.length === 0
      ? ""
      : `\nCheck the overlaps with the user. If one is right (${whyBoth(overlapping)}), set allowOverlap: true on that entry. ${NO_EDIT}`;
  return `Nothing was logged: ${count} of ${error.total} entries ${count === 1 ? "needs" : "need"} a change. Correct ${count === 1 ? "it" : "them"} and send the whole batch again.\n${lines.join("\n")}${override}`;
}

/** The overlap guard's refusal, for one entry or a batch. */
export function overlapRefusalText(refusal: OverlapRefusal, single: boolean): string {
  const texts = refusal.overlaps.map((p) => ({ index: p.index, text: problemText(p.problem, String) }));
  const both = `both are right (${whyBoth(refusal.overlaps)})`;
  if (single) {
    return `Not logged: ${texts.map((t) => t.text).join("\n")}\n${overrideAdvice("log_time", "allowOverlap", both)} ${NO_EDIT}`;
  }
  const count = new Set(texts.map((p) => p.index)).size;
  const lines = texts.map((p) => `- entry ${p.index}: ${p.text}`);
  return `Nothing was logged: ${count} of ${refusal.total} entries ${count === 1 ? "overlaps" : "overlap"} other time.\n${lines.join("\n")}\nCheck these with the user first. If an overlap is right (${whyBoth(refusal.overlaps)}), set allowOverlap: true on that entry and send the whole batch again. ${NO_EDIT}`;
}

/**
 * Why two overlapping entries may both be right, as fits them: work for two customers at once only
 * when the customers differ; the same customer's entries overlap when work for it ran in parallel.
 */
function whyBoth(overlaps: OverlapRefusal["overlaps"]): string {
  const same = overlaps.map(({ problem }) =>
    problem.kind === "overlaps-stored"
      ? problem.stored.every((s) => s.customerId === problem.customerId)
      : problem.kind === "overlaps-entry"
        ? problem.sameCustomer
        : false,
  );
  if (same.every(Boolean)) return "two pieces of work for the same customer that really ran in parallel, say";
  if (same.some(Boolean)) return "work that really ran in parallel, say";
  return "work for two customers at once, say";
}

function problemText(problem: EntryProblem, word: (error: unknown) => string): string {
  switch (problem.kind) {
    case "invalid":
      return word(problem.error);
    case "overlaps-stored": {
      const rows = problem.stored.map((s) => `  - ${storedLine(s)}`);
      const what = problem.stored.length === 1 ? "a stored entry" : `${problem.stored.length} stored entries`;
      return `${problem.span} overlaps ${what}:\n${rows.join("\n")}`;
    }
    case "overlaps-entry":
      return `${problem.span} overlaps entry ${problem.other} (${problem.otherSpan}).`;
  }
}

function storedLine(s: StoredOverlap): string {
  const project = s.projectName ?? "project not active";
  const customer = s.customerName ?? "customer unknown";
  const description = s.description ? ` · "${s.description}"` : "";
  return `${s.id} · ${project} (${s.projectId}) · ${customer} (${s.customerId}) · ${s.span}${description}`;
}
