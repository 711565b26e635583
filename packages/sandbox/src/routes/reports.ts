/** GET /api/v1/reports/eur and /api/v1/reports/outstanding-payments-by-customer. */
import { berlinYear } from "../calendar.js";
import { ok } from "../envelope.js";
import { eurReport } from "../reports/eur.js";
import { outstandingReport } from "../reports/outstanding.js";
import { customerOr404, type RouteContext } from "./context.js";
import { yearParam } from "./query.js";

/** `year` defaults to the current year in Berlin. */
export function getEurReport({ account, query, now }: RouteContext) {
  return ok(eurReport(account, yearParam(query, berlinYear(now))));
}

/** `customerId` must name a customer of this account (else 404 like the summaries). */
export function getOutstanding({ account, query, now }: RouteContext) {
  const id = query.get("customerId");
  const only = id === null ? undefined : customerOr404(account, id);
  const report = outstandingReport(account, now, only);
  return ok(report.data, report.meta);
}
