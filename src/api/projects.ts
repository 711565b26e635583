import type { ApiClient } from "../http/client.js";
import { apiPath } from "../http/path.js";
import { listAll } from "./list.js";
import { projectSchema } from "./schemas.js";

/** Active projects (the service lists no others). */
export function listProjects(client: ApiClient) {
  return listAll(client, apiPath`/projects`, projectSchema);
}
