/**
 * What the billing rules refuse, as data: the tool layer words it (src/mcp/error-text.ts). Each
 * refusal is an InputError too, so anything that only asks "the person's input?" still knows.
 */
import type { Invoice } from "../api/schemas.js";
import { InputError } from "../domain/input-error.js";

/** A stored entry that a new one would overlap. */
export interface StoredOverlap {
  id: string;
  projectId: string;
  /** null when the project is not among the active ones. */
  projectName: string | null;
  customerId: string;
  customerName: string | null;
  /** "2026-11-20 09:00–11:30" in the user's zone. */
  span: string;
  description: string | null;
}

/** Why one entry of a log_time call cannot be logged as given. */
export type EntryProblem =
  /** Its names, phrases or durations: the error says what. */
  | { kind: "invalid"; error: unknown }
  /** It overlaps stored entries. */
  | {
      kind: "overlaps-stored";
      span: string;
      /** null when the entry's own customer or project is not known yet (a name to correct). */
      customerId: string | null;
      stored: StoredOverlap[];
    }
  /** It overlaps an earlier entry of the same batch (1-based `other`). */
  | { kind: "overlaps-entry"; span: string; other: number; otherSpan: string; sameCustomer: boolean };

/** Nothing was logged: these entries (1-based, as the person counts) need their input corrected. */
export class EntriesRefused extends InputError {
  constructor(
    readonly problems: readonly { index: number; problem: EntryProblem }[],
    readonly total: number,
  ) {
    super(
      `${new Set(problems.map((p) => p.index)).size} of ${total} entries need a change; nothing was logged`,
    );
    this.name = "EntriesRefused";
  }
}

/** What of an invoice a person recognises it by, in the words of the create request. */
export type InvoiceFact = "customer" | "date" | "amount" | "VAT" | "service period" | "notes" | "activity";

/**
 * The invoice number asked for belongs to another invoice: whose it is and how it differs, so the
 * person can tell whether they meant that one. `customerName` and `nextFree` are filled in by the
 * workflow, which knows the directory and the number series.
 */
export class InvoiceNumberTaken extends InputError {
  customerName: string | null = null;
  nextFree: string | null = null;
  constructor(
    readonly invoice: Invoice,
    readonly differing: readonly InvoiceFact[],
  ) {
    super(
      `Invoice number ${invoice.invoiceNumber} is taken by another invoice (${differing.join(", ")} differ).`,
    );
  }
}
