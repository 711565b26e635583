/**
 * Reports and customer views as JSON resources, so a client can attach them to a conversation.
 * Each is declared on the tool that serves it (define-tool.ts ToolResource) and read through that
 * tool's handler: one way to fetch and shape the data. The declarations come from the tools' facts
 * (tool-catalog.ts), so registering them reads no tool's code.
 */
import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/server";
import type { SignIn } from "../../config/principal.js";
import {
  completeCustomerId,
  completeVatPeriod,
  completeYear,
  customersOf,
  recentVatPeriods,
} from "../completions.js";
import type { ContextHandle } from "../context-handle.js";
import type { ResourceList, ToolResource } from "../define-tool.js";
import { resourceUri, uriVariables } from "../resource-link.js";
import { catalog } from "../tool-catalog.js";
import { registerDocumentsResource } from "./documents.js";
import { registerEventsResource } from "./events.js";
import { readLazily } from "./read-lazily.js";

const JSON_TYPE = "application/json";

/**
 * The order resources/list and resources/templates/list show the resources in, by name; one
 * declared but not named here comes after these, in the tools' order.
 */
export const LISTED_ORDER: readonly string[] = [
  "outstanding",
  "eur-report",
  "vat-report",
  "customer-summary",
  "customer-time",
];

/** Every tool's resource, with the name of the tool that serves it, in the listed order. */
export function declaredResources(): { tool: string; resource: ToolResource }[] {
  const declared = catalog.flatMap((entry) =>
    entry.resource === undefined ? [] : [{ tool: entry.name, resource: entry.resource }],
  );
  const rank = (name: string) => {
    const index = LISTED_ORDER.indexOf(name);
    return index === -1 ? LISTED_ORDER.length : index;
  };
  // A stable sort: those not named keep the tools' order.
  return declared.sort((a, b) => rank(a.resource.name) - rank(b.resource.name));
}

/**
 * The resources' registrations, their templates built once for this context; the function
 * registers them on a server, as often as servers are made.
 */
export function resourceRegistrations(
  context: ContextHandle,
  log: (message: string) => void,
): (server: McpServer, signIn: SignIn) => void {
  const registrations = declaredResources().map(({ tool, resource }) => {
    const metadata = { title: resource.title, description: resource.description, mimeType: JSON_TYPE };
    const variables = uriVariables(resource.uri);
    const argsOf = (values: Record<string, string | string[] | undefined>) =>
      Object.fromEntries(
        Object.entries(resource.args ?? {}).map(([variable, arg]) => [arg, idOf(values[variable])]),
      );
    if (variables.length === 0) {
      return (server: McpServer, signIn: SignIn) =>
        server.registerResource(resource.name, resource.uri, metadata, async (uri) =>
          readLazily(uri, tool, argsOf({}), context, log, signIn),
        );
    }
    const list = resource.list;
    const template = new ResourceTemplate(resource.uri, {
      list: list === undefined ? undefined : async () => ({ resources: await instances(resource, context) }),
      ...(list === undefined
        ? {}
        : {
            complete: Object.fromEntries(
              variables.map((variable) => [variable, (value: string) => complete(list.of, context, value)]),
            ),
          }),
    });
    return (server: McpServer, signIn: SignIn) =>
      server.registerResource(resource.name, template, metadata, async (uri, values) =>
        readLazily(uri, tool, argsOf(values), context, log, signIn),
      );
  });
  return (server, signIn) => {
    if (context.hasEvents) registerEventsResource(server, context, log, signIn);
    registerDocumentsResource(server, context);
    for (const register of registrations) register(server, signIn);
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

function complete(list: ResourceList, context: ContextHandle, typed: string): string[] | Promise<string[]> {
  switch (list) {
    case "recent-years":
      return completeYear(context, typed);
    case "vat-periods":
      return completeVatPeriod(context, typed);
    case "customers":
      return completeCustomerId(context, typed);
  }
}

/** What resources/list shows of a template. Without a reachable service, no customers: the list still answers. */
async function instances(resource: ToolResource, context: ContextHandle) {
  const list = resource.list!;
  const [variable] = uriVariables(resource.uri);
  const at = (value: string, name: string) => ({
    uri: resourceUri(resource.uri, { [variable!]: value }),
    name,
    mimeType: JSON_TYPE,
  });
  switch (list.of) {
    case "recent-years":
      return completeYear(context, "")
        .slice(0, 3)
        .map((year) => at(year, `${list.label} ${year}`));
    case "vat-periods":
      return recentVatPeriods(context).map((period) => at(period, `${list.label} ${period}`));
    case "customers": {
      const customers = await customersOf(context);
      return customers.map((c) => at(c._id, `${c.name}: ${list.label}`));
    }
  }
}
