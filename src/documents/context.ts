import type { BillingContext } from "../billing/context.js";
import type { DetailsStore } from "../profiles/details.js";

/** What making an invoice's documents needs beyond the billing context. */
export interface DocumentsContext extends BillingContext {
  details: DetailsStore | undefined;
  /** Where the documents are also written as files (stdio); undefined: only in the answer. */
  documentsFolder: string | undefined;
  /** 0: the person invoices under the small-business rule (§ 19 UStG). */
  defaultTaxRate: number;
}
