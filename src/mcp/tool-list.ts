/**
 * Every tool the server can offer, in the order clients list them, each as the import of its module:
 * a server start reads none of them (the bundle carries what tools/list needs, tool-catalog.ts), and
 * a tool's code is read when it is first called. Adding a tool is its folder in tools/ and one line
 * here: lists, docs, the manifest and the test tables derive from the definitions
 * (tool-definitions.ts loads them all).
 */
export const toolModules: readonly ToolModule[] = [
  () => import("./tools/list-invoices/tool.js").then((module) => module.listInvoicesTool),
  () => import("./tools/create-invoice/tool.js").then((module) => module.createInvoiceTool),
  () => import("./tools/invoice-documents/tool.js").then((module) => module.invoiceDocumentsTool),
  () => import("./tools/log-time/tool.js").then((module) => module.logTimeTool),
  () => import("./tools/customer-summary/tool.js").then((module) => module.customerSummaryTool),
  () => import("./tools/eur-report/tool.js").then((module) => module.eurReportTool),
  () => import("./tools/revenue-report/tool.js").then((module) => module.revenueReportTool),
  () => import("./tools/vat-report/tool.js").then((module) => module.vatReportTool),
  () => import("./tools/note-payments/tool.js").then((module) => module.notePaymentsTool),
  () => import("./tools/outstanding-by-customer/tool.js").then((module) => module.outstandingByCustomerTool),
  () => import("./tools/list-customers/tool.js").then((module) => module.listCustomersTool),
  () => import("./tools/create-customer/tool.js").then((module) => module.createCustomerTool),
  () => import("./tools/business-details/tool.js").then((module) => module.businessDetailsTool),
  () => import("./tools/list-projects/tool.js").then((module) => module.listProjectsTool),
  () => import("./tools/list-time-entries/tool.js").then((module) => module.listTimeEntriesTool),
  () => import("./tools/time-summary/tool.js").then((module) => module.timeSummaryTool),
  () => import("./tools/recent-events/tool.js").then((module) => module.recentEventsTool),
];

/**
 * Tools only an MCP Apps view calls (src/mcp/apps/): registered beside the others, but listed and
 * callable only for clients that announce the extension, so they are in no docs or model-facing list.
 */
export const appToolModules: readonly ToolModule[] = [
  () =>
    import("./tools/create-previewed-invoice/tool.js").then((module) => module.createPreviewedInvoiceTool),
];

/** A tool's module, imported: its definition (typed loosely here, as each tool's own types differ). */
export type ToolModule = () => Promise<unknown>;
