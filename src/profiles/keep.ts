/**
 * Showing and changing the person's details: the one call the business_details tool makes. A
 * customer is named as the person names them and resolved through the service's directory (its
 * id is the key the details are kept under); the values go through applyChange (checked one by one)
 * into the store. Returns data; the tool words it.
 */
import type { BillingContext } from "../billing/context.js";
import { InputError } from "../domain/input-error.js";
import { applyChange, type RefusedValue } from "./change.js";
import type { BusinessDetails, CustomerDetails, DetailsStore, SellerDetails } from "./details.js";

export interface KeepRequest {
  /** A customer's id or name: the values are theirs. Without it, the seller's. */
  customer?: string | undefined;
  /** Values to store ("" removes one); none: only show. */
  set?: Readonly<Record<string, unknown>> | undefined;
}

export interface Kept {
  changed: boolean;
  place: string;
  seller: SellerDetails;
  customer: { id: string; name: string; details: CustomerDetails } | null;
  stored: string[];
  refused: RefusedValue[];
}

export async function keepDetails(
  store: DetailsStore | undefined,
  context: BillingContext,
  request: KeepRequest,
): Promise<Kept> {
  // A server that cannot reach the service says so first: nothing else works until that is fixed.
  context.client();
  if (store === undefined) {
    throw new InputError(
      "This server keeps no business details: in the hosted mode they need its PostgreSQL (INVOICING_DATABASE_URL); on your machine set INVOICING_DETAILS_FILE.",
    );
  }
  const customer =
    request.customer === undefined ? undefined : await context.directory.resolveCustomer(request.customer);
  const values = request.set ?? {};
  let stored: string[] = [];
  let refused: RefusedValue[] = [];
  let details: BusinessDetails;
  if (Object.keys(values).length === 0) details = await store.read();
  else {
    details = await store.update((current) => {
      const outcome = applyChange(
        current,
        customer ? { customer: { id: customer._id, name: customer.name, values } } : { seller: values },
      );
      stored = outcome.stored;
      refused = outcome.refused;
      return outcome.details;
    });
  }
  return {
    changed: stored.length > 0,
    place: store.place,
    seller: details.seller,
    customer: customer
      ? { id: customer._id, name: customer.name, details: details.customers[customer._id]?.details ?? {} }
      : null,
    stored,
    refused,
  };
}
