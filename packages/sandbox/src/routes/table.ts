/**
 * The API's routes and how a path finds one. Patterns are matched segment by segment; `{id}`
 * takes one segment, URL-decoded exactly once (so an encoded "/" stays part of the id).
 */
import { badRequest, HttpError } from "../envelope.js";
import type { Handler } from "./context.js";
import { createCustomer, getCustomerSummary, listCustomers } from "./customers.js";
import { createInvoice, listInvoices } from "./invoices.js";
import { listProjects } from "./projects.js";
import { getEurReport, getOutstanding } from "./reports.js";
import { createTimeEntry, getTimeSummary, listTimeEntries } from "./time-entries.js";

export interface Route {
  method: "GET" | "POST";
  pattern: string;
  handler: Handler;
}

export const ROUTES: readonly Route[] = [
  { method: "GET", pattern: "/api/v1/invoices", handler: listInvoices },
  { method: "POST", pattern: "/api/v1/invoices", handler: createInvoice },
  { method: "GET", pattern: "/api/v1/customers", handler: listCustomers },
  { method: "POST", pattern: "/api/v1/customers", handler: createCustomer },
  { method: "GET", pattern: "/api/v1/customers/{id}/summary", handler: getCustomerSummary },
  { method: "GET", pattern: "/api/v1/time-entries", handler: listTimeEntries },
  { method: "POST", pattern: "/api/v1/time-entries", handler: createTimeEntry },
  { method: "GET", pattern: "/api/v1/time-entries/by-customer/{id}/summary", handler: getTimeSummary },
  { method: "GET", pattern: "/api/v1/projects", handler: listProjects },
  { method: "GET", pattern: "/api/v1/reports/eur", handler: getEurReport },
  { method: "GET", pattern: "/api/v1/reports/outstanding-payments-by-customer", handler: getOutstanding },
];

export interface Match {
  route: Route;
  params: Record<string, string>;
}

/** The route for this method and path; 404 for an unknown path, 405 for a known path's wrong method. */
export function matchRoute(method: string, path: string): Match {
  return matchIn(ROUTES, method, path);
}

/** The same matching over another table (the sandbox's own admin actions). */
export function matchIn(routes: readonly Route[], method: string, path: string): Match {
  const candidates = routes.flatMap((route) => {
    const params = matchPattern(route.pattern, path);
    return params ? [{ route, params }] : [];
  });
  if (candidates.length === 0) throw new HttpError(404, "Not found");
  const match = candidates.find((c) => c.route.method === method);
  if (!match) {
    const allow = candidates.map((c) => c.route.method).join(", ");
    throw new HttpError(405, `Method ${method} not allowed on ${path}; allowed: ${allow}`, { Allow: allow });
  }
  return { route: match.route, params: decodeParams(match.params) };
}

function matchPattern(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split("/");
  const got = path.split("/");
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, segment] of want.entries()) {
    const actual = got[i] ?? "";
    if (segment.startsWith("{")) {
      if (actual === "") return undefined;
      params[segment.slice(1, -1)] = actual;
    } else if (segment !== actual) {
      return undefined;
    }
  }
  return params;
}

function decodeParams(raw: Record<string, string>): Record<string, string> {
  const decoded: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    try {
      decoded[name] = decodeURIComponent(value);
    } catch {
      throw badRequest(`${name} in the path is not validly URL-encoded`);
    }
  }
  return decoded;
}
