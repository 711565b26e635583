/** GET /api/v1/projects: active projects only, by name. */
import { list } from "../envelope.js";
import type { RouteContext } from "./context.js";
import { byName } from "./customers.js";
import { projectItem } from "./views.js";

export function listProjects({ account }: RouteContext) {
  const items = account.projects
    .filter((p) => p.isActive)
    .sort((a, b) => byName.compare(a.name, b.name) || a._id.localeCompare(b._id))
    .map(projectItem);
  return list(items);
}
