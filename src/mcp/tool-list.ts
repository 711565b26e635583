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

/** The tools every configuration offers, in the order clients list them. */
export const coreTools = [
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
] as unknown as ToolDefinition[];

/** Offered only with a webhook inbox (INVOICING_INBOX). */
export const eventTools = [recentEventsTool] as unknown as ToolDefinition[];

/** Every tool the server can offer. */
export const allTools = [...coreTools, ...eventTools];

/** For a write that may have happened: the list tool that shows whether it did. */
export const VERIFY_WITH: Record<string, string> = {
  create_invoice: "list_invoices",
  log_time: "list_time_entries",
  create_customer: "list_customers",
};
