import type { ApiClient } from "../http/client.js";
import { apiPath } from "../http/path.js";
import { listAll } from "./list.js";
import {
  type ActivityType,
  type CustomerSummary,
  createdSchema,
  customerSchema,
  customerSummarySchema,
} from "./schemas.js";

export interface CreateCustomerBody {
  name: string;
  /** EUR per hour. */
  hourlyRate: number;
  email?: string;
  address?: string;
  taxNumber?: string;
  ustId?: string;
  activityType?: ActivityType;
}

/** Active customers (the service lists no others). */
export function listCustomers(client: ApiClient) {
  return listAll(client, apiPath`/customers`, customerSchema);
}

export async function createCustomer(client: ApiClient, body: CreateCustomerBody): Promise<{ id: string }> {
  return (await client.post(apiPath`/customers`, createdSchema, body)).data;
}

/** Revenue, receivables and hours of one customer; a foreign or unknown id is a NotFoundError. */
export async function getCustomerSummary(client: ApiClient, customerId: string): Promise<CustomerSummary> {
  return (await client.get(apiPath`/customers/${customerId}/summary`, customerSummarySchema)).data;
}
