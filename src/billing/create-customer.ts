/**
 * create_customer's call, from its arguments to what happened: without an hourly rate nothing is
 * created (the service needs one), and the customers of that name are named; otherwise the guard
 * (customer-guard.ts) tells a replay or a refusal from a customer to create. The outcome is data;
 * the tool words it.
 */
import { createCustomer } from "../api/customers.js";
import type { ActivityType, Customer } from "../api/schemas.js";
import { foldings } from "../domain/resolver.js";
import type { BillingContext } from "./context.js";
import { type Candidate, customerVerdict } from "./customer-guard.js";

/** create_customer's arguments. */
export interface CustomerArgs {
  name: string;
  hourlyRate?: number | undefined;
  email?: string | undefined;
  address?: string | undefined;
  taxNumber?: string | undefined;
  ustId?: string | undefined;
  activityType?: ActivityType | undefined;
  allowSimilar?: boolean | undefined;
}

export type CustomerOutcome =
  /** No hourly rate given: nothing created; `same` are the customers of that name (it may be one of them). */
  | { kind: "needs rate"; same: Customer[] }
  /** The same customer asked for again; `notCompared`: fields given that the service's list does not show. */
  | { kind: "exists"; customer: Customer; hourlyRate: number; notCompared: ("taxNumber" | "ustId")[] }
  /** Refused: these may be the customer meant. */
  | { kind: "refused"; candidates: Candidate[] }
  /** Created; `near` are the similar names an allowSimilar override passed over. */
  | { kind: "created"; id: string; name: string; hourlyRate: number; near: Customer[] };

export async function createCheckedCustomer(
  args: CustomerArgs,
  context: BillingContext,
): Promise<CustomerOutcome> {
  const active = await context.directory.customers();
  const activeIds = new Set(active.map((c) => c._id));
  const existing = [
    ...active,
    ...(await context.directory.findFormerCustomers()).filter((c) => !activeIds.has(c._id)),
  ];
  if (args.hourlyRate === undefined) return { kind: "needs rate", same: sameName(args.name, existing) };
  const request = { ...args, hourlyRate: args.hourlyRate };
  const verdict = customerVerdict(existing, request, args.allowSimilar === true);
  if (verdict.kind === "replay") {
    const notCompared = (["taxNumber", "ustId"] as const).filter((field) => args[field] !== undefined);
    return { kind: "exists", customer: verdict.customer, hourlyRate: request.hourlyRate, notCompared };
  }
  if (verdict.kind === "refused") return { kind: "refused", candidates: verdict.candidates };
  const { id } = await createCustomer(context.client(), {
    name: args.name,
    hourlyRate: request.hourlyRate,
    ...(args.email === undefined ? {} : { email: args.email }),
    ...(args.address === undefined ? {} : { address: args.address }),
    ...(args.taxNumber === undefined ? {} : { taxNumber: args.taxNumber }),
    ...(args.ustId === undefined ? {} : { ustId: args.ustId }),
    ...(args.activityType === undefined ? {} : { activityType: args.activityType }),
  }).finally(() => {
    // Also when the outcome is unknown: the customer may exist now, and a retry must see it.
    context.directory.invalidate();
  });
  return {
    kind: "created",
    id,
    name: args.name,
    hourlyRate: request.hourlyRate,
    near: verdict.near.map((c) => c.customer),
  };
}

/** The customers whose name folds to the same as `name` (case, umlauts, legal form). */
function sameName(name: string, existing: readonly Customer[]): Customer[] {
  const wanted = foldings(name);
  return existing.filter((c) => foldings(c.name).some((f) => wanted.includes(f)));
}
