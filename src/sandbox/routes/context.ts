/** What a route handler gets: the caller's account only, so one account can never see another's. */
import type { Reply } from "../envelope.js";
import { badRequest, customerNotFound } from "../envelope.js";
import type { AccountData, Customer, Project } from "../records.js";

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
}

export type Handler = (ctx: RouteContext) => Reply;

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
