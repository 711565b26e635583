/**
 * Projects for a list: the service's active ones, of one customer if asked, sorted by name, one
 * page of them with each customer's name. Returns data; the words are the tool's.
 */
import { itemsOf, type ListResult } from "../api/list.js";
import type { Project } from "../api/schemas.js";
import type { BillingContext } from "../billing/context.js";
import { cleanText } from "../domain/text.js";
import { page } from "./page.js";

export interface ProjectRow {
  id: string;
  name: string;
  customerId: string;
  customerName: string | null;
  activityType: string | null;
  color: string | null;
}

export interface ProjectsPage {
  projects: ProjectRow[];
  window: Omit<ReturnType<typeof page>, "slice">;
  /** The service's list of projects, as read (it may be partial). */
  list: ListResult<Project>;
}

export async function projectsPage(
  context: BillingContext,
  request: { customer?: string | undefined; offset: number; limit: number },
): Promise<ProjectsPage> {
  const customer =
    request.customer === undefined ? undefined : await context.directory.resolveCustomer(request.customer);
  const [list, names] = await Promise.all([
    context.directory.projectList(),
    context.directory.customerNames(),
  ]);
  const matching = matchingProjects(itemsOf(list), customer?._id);
  const { slice, ...window } = page(matching, request.offset, request.limit);
  return { projects: slice.map((p) => projectRow(p, names.get(p.customerId))), window, list };
}

/** The projects of the customer (all without one), by name. */
export function matchingProjects(projects: readonly Project[], customerId: string | undefined): Project[] {
  return projects
    .filter((p) => customerId === undefined || p.customerId === customerId)
    .sort((a, b) => a.name.localeCompare(b.name, "de"));
}

function projectRow(p: Project, customerName: string | undefined): ProjectRow {
  return {
    id: p._id,
    name: cleanText(p.name, 200),
    customerId: p.customerId,
    customerName: customerName ?? null,
    activityType: p.activityType ?? null,
    color: p.color ?? null,
  };
}
