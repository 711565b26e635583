import type { ApiClient } from "../http/client.js";
import { apiPath } from "../http/path.js";
import {
  type EurReport,
  eurReportSchema,
  type OutstandingReport,
  outstandingReportSchema,
} from "./schemas.js";

/** Income-surplus (EÜR) figures for one year, split freiberuflich / gewerblich. */
export async function getEurReport(client: ApiClient, year?: number): Promise<EurReport> {
  return (await client.get(apiPath`/reports/eur`, eurReportSchema, { year })).data;
}

/** Open receivables grouped by customer, optionally for one customer. */
export async function getOutstandingByCustomer(
  client: ApiClient,
  customerId?: string,
): Promise<OutstandingReport> {
  return (
    await client.get(apiPath`/reports/outstanding-payments-by-customer`, outstandingReportSchema, {
      customerId,
    })
  ).data;
}
