import type { ApiClient } from "../http/client.js";
import { apiPath } from "../http/path.js";
import { listAll } from "./list.js";
import {
  type CustomerTimeSummary,
  createdSchema,
  customerTimeSummarySchema,
  timeEntrySchema,
} from "./schemas.js";

export interface CreateTimeEntryBody {
  projectId: string;
  customerId: string;
  /** Unix ms. */
  startTime: number;
  endTime: number;
  description?: string;
}

/**
 * Time entries, optionally between two ISO dates. Whether the service treats the bounds as
 * inclusive is not shown: callers that need exact bounds ask for a wider range and filter.
 */
export function listTimeEntries(client: ApiClient, range: { from?: string; to?: string } = {}) {
  return listAll(client, apiPath`/time-entries`, timeEntrySchema, { from: range.from, to: range.to });
}

export async function createTimeEntry(client: ApiClient, body: CreateTimeEntryBody): Promise<{ id: string }> {
  return (await client.post(apiPath`/time-entries`, createdSchema, body)).data;
}

/** Hours per customer: billed, unbilled, this week and month, by month (running timers excluded). */
export async function getCustomerTimeSummary(
  client: ApiClient,
  customerId: string,
): Promise<CustomerTimeSummary> {
  return (
    await client.get(apiPath`/time-entries/by-customer/${customerId}/summary`, customerTimeSummarySchema)
  ).data;
}
