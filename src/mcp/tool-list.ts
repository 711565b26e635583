import type { ToolDefinition } from "./define-tool.js";
import { createCustomerTool } from "./tools/create-customer.js";
import { createInvoiceTool } from "./tools/create-invoice.js";
import { customerSummaryTool } from "./tools/customer-summary.js";
import { eurReportTool } from "./tools/eur-report.js";
import { listCustomersTool } from "./tools/list-customers.js";
import { listInvoicesTool } from "./tools/list-invoices.js";
import { listProjectsTool } from "./tools/list-projects.js";
import { listTimeEntriesTool } from "./tools/list-time-entries.js";
import { logTimeTool } from "./tools/log-time.js";
import { outstandingByCustomerTool } from "./tools/outstanding-by-customer.js";
import { recentEventsTool } from "./tools/recent-events.js";
import { timeSummaryTool } from "./tools/time-summary.js";

/**
 * Every tool the server can offer, in the order clients list them. Adding a tool is its file in
 * tools/ and one line here: lists, docs, the manifest and the test tables derive from the definitions.
 */
export const allTools = [
  listInvoicesTool,
  createInvoiceTool,
  logTimeTool,
  customerSummaryTool,
  eurReportTool,
  outstandingByCustomerTool,
  listCustomersTool,
  createCustomerTool,
  listProjectsTool,
  listTimeEntriesTool,
  timeSummaryTool,
  recentEventsTool,
] as unknown as ToolDefinition[];

/** The tools this configuration offers: read-only mode lists no write tool, no inbox no event tool. */
export function listedTools(config: { readOnly: boolean; inbox?: string | undefined }): ToolDefinition[] {
  return allTools
    .filter((tool) => config.inbox !== undefined || !tool.needsInbox)
    .filter((tool) => !config.readOnly || tool.kind === "read");
}
