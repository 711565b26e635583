/**
 * How a refused log_time call reads: which entries need a change and why, and how to go on.
 * The facts come from src/billing/log-time-batch.ts as an EntriesRefused.
 */
import type { EntriesRefused, EntryProblem, StoredOverlap } from "../billing/errors.js";

const NO_EDIT =
  "To correct a stored entry, change it in the Invoicing Service: there is no tool to edit or delete entries.";

/** `word` words an entry's own input error (error-text.ts passes itself, to avoid an import cycle). */
export function entriesRefusedText(error: EntriesRefused, word: (error: unknown) => string): string {
  const texts = error.problems.map((p) => ({ index: p.index, text: problemText(p.problem, word) }));
  if (error.single && texts.length > 0 && error.problems[0]!.problem.kind !== "invalid") {
    return `Not logged: ${texts[0]!.text}\nIf both are right (work for two customers at once, say), call log_time again with allowOverlap: true. ${NO_EDIT}`;
  }
  const count = new Set(texts.map((p) => p.index)).size;
  const lines = texts.map((p) => `- entry ${p.index}: ${p.text}`);
  const overlap = error.problems.some((p) => p.problem.kind !== "invalid")
    ? `\nIf an overlap is right (work for two customers at once, say), set allowOverlap: true on that entry. ${NO_EDIT}`
    : "";
  return `Nothing was logged: ${count} of ${error.total} entries ${count === 1 ? "needs" : "need"} a change. Correct ${count === 1 ? "it" : "them"} and send the whole batch again.\n${lines.join("\n")}${overlap}`;
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
