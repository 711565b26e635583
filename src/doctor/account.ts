/**
 * Once the key is accepted: a few facts about the account, read through the same API client the
 * server uses, so a service whose answers the server could not read shows up here too.
 */
import { listCustomers } from "../api/customers.js";
import { listProjects } from "../api/projects.js";
import type { ApiClient } from "../http/client.js";
import type { Check } from "./report.js";

export async function accountCheck(client: ApiClient): Promise<Check> {
  try {
    const [customers, projects] = await Promise.all([listCustomers(client), listProjects(client)]);
    return {
      name: "account",
      status: "ok",
      finding: `${plural(customers.total, "active customer")} and ${plural(projects.total, "active project")}`,
    };
  } catch (error) {
    return {
      name: "account",
      status: "fail",
      finding: `could not be read: ${error instanceof Error ? error.message : String(error)}`,
      fix: "The key works, but the service's answers are not what the server expects. Run doctor again;\nif it repeats, please report this message.",
    };
  }
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
