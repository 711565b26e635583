/** What a route handler gets: the caller's account only, so one account can never see another's. */
import type { Reply } from "../envelope.js";
import { badRequest, customerNotFound } from "../envelope.js";
import type { AccountId } from "../keys.js";
import type { AccountData, Customer, Project } from "../records.js";
import type { Store } from "../store.js";
import type { Emit } from "../webhooks/events.js";
import type { WebhookSender } from "../webhooks/sender.js";

export interface RouteContext {
  account: AccountData;
  /** Path parameters, URL-decoded once. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** Parsed JSON body (POST routes only). */
  body: unknown;
  /** The sandbox clock at the time of the request, Unix ms. */
  now: number;
  newId(prefix: string): string;
  /** Announces what just happened to the account's webhook endpoints. */
  emit: Emit;
}

export type Handler = (ctx: RouteContext) => Reply;

/** What every handler's context is built from. */
export interface RouteEnv {
  store: Store;
  now: () => number;
  webhooks: WebhookSender;
}

/** The context of one request by `accountId`: its data only, and events go to its endpoints. */
export function routeContext(
  env: RouteEnv,
  accountId: AccountId,
  request: Pick<RouteContext, "params" | "query" | "body">,
): RouteContext {
  return {
    ...request,
    account: env.store.accounts[accountId],
    now: env.now(),
    newId: env.store.newId,
    emit: (event, data) => env.webhooks.emit(accountId, event, data),
  };
}

/** For ids in the path or query: unknown and foreign ids are both 404. */
export function customerOr404(account: AccountData, id: string | undefined): Customer {
  const customer = account.customers.find((c) => c._id === id);
  if (!customer) throw customerNotFound();
  return customer;
}

/** For ids in a body: unknown and foreign ids are both 400 naming the field. */
export function customerOr400(account: AccountData, id: string, field = "customerId"): Customer {
  const customer = account.customers.find((c) => c._id === id);
  if (!customer) throw badRequest(`${field} "${id}" does not exist`);
  return customer;
}

export function projectOr400(account: AccountData, id: string): Project {
  const project = account.projects.find((p) => p._id === id);
  if (!project) throw badRequest(`projectId "${id}" does not exist`);
  return project;
}
