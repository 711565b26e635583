import type { ToolDefinition } from "./define-tool.js";
import { createCustomerTool } from "./tools/create-customer.js";
import { createInvoiceTool } from "./tools/create-invoice/tool.js";
import { createPreviewedInvoiceTool } from "./tools/create-previewed-invoice.js";
import { customerSummaryTool } from "./tools/customer-summary.js";
import { eurReportTool } from "./tools/eur-report.js";
import { listCustomersTool } from "./tools/list-customers.js";
import { listInvoicesTool } from "./tools/list-invoices.js";
import { listProjectsTool } from "./tools/list-projects.js";
import { listTimeEntriesTool } from "./tools/list-time-entries.js";
import { logTimeTool } from "./tools/log-time/tool.js";
import { outstandingByCustomerTool } from "./tools/outstanding-by-customer.js";
import { recentEventsTool } from "./tools/recent-events.js";
import { revenueReportTool } from "./tools/revenue-report.js";
import { timeSummaryTool } from "./tools/time-summary.js";
import { vatReportTool } from "./tools/vat-report/tool.js";

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
  revenueReportTool,
  vatReportTool,
  outstandingByCustomerTool,
  listCustomersTool,
  createCustomerTool,
  listProjectsTool,
  listTimeEntriesTool,
  timeSummaryTool,
  recentEventsTool,
] as unknown as ToolDefinition[];

/**
 * Tools only an MCP Apps view calls (src/mcp/apps/): registered beside allTools, but listed and
 * callable only for clients that announce the extension, so they are in no docs or model-facing list.
 */
export const appTools = [createPreviewedInvoiceTool] as unknown as ToolDefinition[];
