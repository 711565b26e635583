/**
 * Reports and customer views as JSON resources, so a client can attach them to a conversation.
 * Each reads through the same handler as the matching tool: one way to fetch and shape the data.
 */
import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/server";
import { completeCustomerId, completeVatPeriod, completeYear, recentVatPeriods } from "../completions.js";
import type { ToolContext } from "../context.js";
import { registerDocumentsResource } from "./documents.js";
import { registerEventsResource } from "./events.js";
import { readAsJson } from "./read.js";

const JSON_TYPE = "application/json";

/**
 * The resources' registrations, their templates built once for this context; the function
 * registers them on a server, as often as servers are made.
 */
export function resourceRegistrations(
  context: ToolContext,
  log: (message: string) => void,
): (server: McpServer) => void {
  const eurTemplate = new ResourceTemplate("invoicing://reports/eur/{year}", {
    list: async () => ({
      resources: completeYear(context, "")
        .slice(0, 3)
        .map((year) => ({
          uri: `invoicing://reports/eur/${year}`,
          name: `EÜR ${year}`,
          mimeType: JSON_TYPE,
        })),
    }),
    complete: { year: (value) => completeYear(context, value) },
  });
  const vatTemplate = new ResourceTemplate("invoicing://reports/vat/{period}", {
    list: async () => ({
      resources: recentVatPeriods(context).map((period) => ({
        uri: `invoicing://reports/vat/${period}`,
        name: `VAT ${period}`,
        mimeType: JSON_TYPE,
      })),
    }),
    complete: { period: (value) => completeVatPeriod(context, value) },
  });
  const summaryTemplate = new ResourceTemplate("invoicing://customers/{customerId}/summary", {
    list: async () => customerInstances(context, "summary", "summary"),
    complete: { customerId: (value) => completeCustomerId(context, value) },
  });
  const timeTemplate = new ResourceTemplate("invoicing://customers/{customerId}/time", {
    list: async () => customerInstances(context, "time", "hours"),
    complete: { customerId: (value) => completeCustomerId(context, value) },
  });
  const events = context.events;

  return (server) => {
    if (events) registerEventsResource(server, context, events, log);
    registerDocumentsResource(server, context);
    server.registerResource(
      "outstanding",
      "invoicing://reports/outstanding",
      {
        title: "Outstanding receivables",
        description:
          "Open (sent, unpaid) invoices grouped by customer, most overdue first, with gross amounts and days overdue.",
        mimeType: JSON_TYPE,
      },
      async (uri) => readAsJson(uri, "outstanding_by_customer", {}, context, log),
    );

    server.registerResource(
      "eur-report",
      eurTemplate,
      {
        title: "EÜR report",
        description:
          "Income-surplus report (EÜR) for one year: income split freiberuflich / gewerblich, expenses, profit.",
        mimeType: JSON_TYPE,
      },
      async (uri, variables) => readAsJson(uri, "eur_report", { year: idOf(variables.year) }, context, log),
    );

    server.registerResource(
      "vat-report",
      vatTemplate,
      {
        title: "VAT return figures",
        description:
          "The output side of the VAT return for a month (2026-10), quarter (2026-Q3) or year (2026): taxable amount and tax per rate, on the configured basis.",
        mimeType: JSON_TYPE,
      },
      async (uri, variables) =>
        readAsJson(uri, "vat_report", { period: idOf(variables.period) }, context, log),
    );

    server.registerResource(
      "customer-summary",
      summaryTemplate,
      {
        title: "Customer summary",
        description: "One customer's revenue, open and overdue receivables, and hours.",
        mimeType: JSON_TYPE,
      },
      async (uri, variables) =>
        readAsJson(uri, "customer_summary", { customer: idOf(variables.customerId) }, context, log),
    );

    server.registerResource(
      "customer-time",
      timeTemplate,
      {
        title: "Customer hours",
        description:
          "One customer's hours: billed, unbilled and its amount, this week, this month, by month.",
        mimeType: JSON_TYPE,
      },
      async (uri, variables) =>
        readAsJson(uri, "time_summary", { customer: idOf(variables.customerId) }, context, log),
    );
  };
}

/** The id from the URI, which carries it percent-encoded. */
function idOf(variable: string | string[] | undefined): string {
  const raw = String(variable ?? "");
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Without a reachable service the list is empty, so resources/list itself still answers. */
async function customerInstances(context: ToolContext, leaf: string, what: string) {
  const customers = await context.directory.customers().catch(() => []);
  return {
    resources: customers.map((c) => ({
      uri: `invoicing://customers/${encodeURIComponent(c._id)}/${leaf}`,
      name: `${c.name}: ${what}`,
      mimeType: JSON_TYPE,
    })),
  };
}
