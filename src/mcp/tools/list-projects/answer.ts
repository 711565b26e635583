/** How list_projects answers: the page's projects, a line each with its id and customer. */
import type { ProjectsPage } from "../../../reports/projects.js";
import { named, pageLine, partialNote } from "../../format.js";

export function projectsText({ projects, window, list }: ProjectsPage): string {
  const note = partialNote(list, "projects", "a project you look for may be missing");
  return [
    `${note ? `${note} ` : ""}${pageLine(projects.length, window.total, window.offset, "projects")}`,
    ...projects.map(
      (p) => `- ${p.name} (id ${p.id}) · customer ${named(p.customerName ?? undefined, p.customerId)}`,
    ),
  ].join("\n");
}
