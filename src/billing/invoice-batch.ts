/**
 * Invoices for many customers in one call: one draft per customer from the period's time, each
 * through the same rules as a single invoice (replay, guards, supplement), numbered one after the
 * other as they would be created, so a preview shows the numbers the drafts will get. Sending goes
 * in that order and stops at the rate limit (nothing is lost: a 429 was not processed) or at a
 * failure; the same call again recognises what was created and sends only the rest, as log_time's
 * batches do.
 */

import { ApiError, RateLimitedError } from "../api/errors.js";
import type { Customer } from "../api/schemas.js";
import { DateInputError } from "../domain/dates/errors.js";
import { InputError } from "../domain/input-error.js";
import type { BillingContext } from "./context.js";
import { numberHolder, sendInvoice } from "./created-invoices.js";
import {
  draftInvoice,
  type InvoiceAsk,
  type InvoiceDraft,
  type Ledger,
  numberDraft,
} from "./invoice-draft.js";
import { agreesWith } from "./invoice-replay.js";

/** At most this many customers in one call: each may cost a POST. */
export const MAX_CUSTOMERS = 50;

export type BatchStatus = "create" | "exists" | "refused" | "skipped" | "created" | "not_sent" | "failed";

export interface BatchRow {
  customer: Customer;
  status: BatchStatus;
  /** Absent for a skipped customer. */
  draft: InvoiceDraft | undefined;
  id: string | null;
  /** Why skipped (the rule's error) or what failed (the service's). */
  error: unknown;
}

/**
 * Plans every customer's draft. A customer the rules refuse outright (no time in the period, no
 * rate) is skipped with its reason, one with nothing left to supplement with its draft; the others
 * are numbered in order.
 */
export function planBatch(
  customers: readonly Customer[],
  askFor: (customer: Customer) => InvoiceAsk,
  ledger: Ledger,
): BatchRow[] {
  return customers.map((customer) => {
    try {
      const draft = draftInvoice(askFor(customer), ledger);
      if (draft.verdict === "create") numberDraft(draft, ledger, true);
      // A supplement with nothing left to bill is skipped; the answer says why from draft.billed.
      const status = draft.verdict === "nothing to bill" ? "skipped" : draft.verdict;
      return { customer, status, draft, id: draft.same?._id ?? null, error: undefined };
    } catch (error) {
      if (!(error instanceof InputError || error instanceof DateInputError)) throw error;
      return { customer, status: "skipped", draft: undefined, id: null, error };
    }
  });
}

/** Sends the drafts to create, in order; returns when the next may be sent, if the limit stopped it. */
export async function sendBatch(
  rows: BatchRow[],
  context: BillingContext,
): Promise<{ sendAfterMs: number | null }> {
  const pending = rows.filter((row) => row.status === "create");
  for (const row of pending) row.status = "not_sent";
  for (const row of pending) {
    try {
      row.id = (await sendInvoice(context, row.draft!.body)).id;
      row.status = "created";
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error instanceof RateLimitedError) {
        // Not processed, so safe: this one and the rest wait for the window (to the whole second).
        return { sendAfterMs: Math.ceil(error.retryAt.getTime() / 1000) * 1000 };
      }
      // The same call, sent at the same time, took this number for this very invoice: it exists.
      const holder = await numberHolder(context, error, row.draft!.body);
      if (holder !== undefined && agreesWith(holder, row.draft!.body)) {
        row.status = "exists";
        row.id = holder._id;
        continue;
      }
      row.status = "failed";
      row.error = error;
      return { sendAfterMs: null };
    }
  }
  return { sendAfterMs: null };
}
