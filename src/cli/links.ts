/**
 * Where the project's documents are read. The npm package and the .mcpb ship the bin alone, so help
 * texts point at the repository (package.json's repository, homepage and bugs name the same place; a
 * test holds them together).
 */
export const PROJECT_URL = "https://github.com/invoicing-mcp/invoicing-mcp";

/** A document of the repository, e.g. docUrl("docs/deploy.md"), as a reader opens it. */
export function docUrl(path: string): string {
  return `${PROJECT_URL}/blob/main/${path}`;
}
