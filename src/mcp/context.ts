/**
 * What every tool handler gets: the API client (or a clear error when it is not configured), the
 * cached directory of customers and projects, the clock and the user's time zone. A context is made
 * once (per session, or per tenant in the hosted mode); each tool call gets its own view of it
 * (contextForCall), whose requests share the call's budget.
 */

import { Directory } from "../api/directory.js";
import type { BillingContext } from "../billing/context.js";
import type { Config, VatBasis } from "../config/load.js";
import { InputError } from "../domain/input-error.js";
import type { CallScope } from "../http/call-budget.js";
import { ApiClient } from "../http/client.js";
import type { DetailsStore } from "../profiles/details.js";
import { fileDetailsStore } from "../profiles/file-store.js";
import { type EventSource, inboxFileSource } from "../webhooks/event-source.js";
import { fileNoteStore, notesPathBeside, type PaymentNoteStore } from "../webhooks/payment-notes.js";
import { DocumentShelf } from "./document-shelf.js";
import { missingSettings } from "./missing-settings.js";

export interface ToolContext extends BillingContext {
  defaultTaxRate: number;
  /** How the person files VAT, when configured (INVOICING_VAT_BASIS). */
  vatBasis: VatBasis | undefined;
  /** Each VAT return is due a month later (INVOICING_VAT_PERMANENT_EXTENSION). */
  vatPermanentExtension: boolean;
  /** Stored webhook events (INVOICING_INBOX, or the hosted mode's table); without them the events features are not offered. */
  events: EventSource | undefined;
  /** What the person said about payments the inbox does not show; kept where their events are. */
  paymentNotes: PaymentNoteStore | undefined;
  /** What the person told about their business and customers for e-invoices; never sent to the service. */
  details: DetailsStore | undefined;
  /** Where made documents are also written as files (stdio); undefined: only in the answer. */
  documentsFolder: string | undefined;
  /** The documents made while the server runs, readable by their resource links. */
  documents: DocumentShelf;
}

/**
 * The server cannot reach the service as configured: a key or base URL missing, or a setting whose
 * value is not valid. Every call says which, what it holds (never a key) and where to change it.
 */
export class MissingConfigError extends InputError {
  constructor(variables: readonly string[], problems: readonly string[] = []) {
    const where = `in Claude Desktop's extension settings or in the "env" block of this server's entry in your MCP client's JSON configuration, then restart the client`;
    const sandbox = `To try it without an account: switch on "Try it on the built-in sandbox" in the extension settings, or set INVOICING_SANDBOX=true (the same as --sandbox).`;
    // A variable whose value was not valid is read as unset: say what is wrong with it, once.
    const unset = variables.filter((name) => !problems.some((problem) => problem.includes(name)));
    super(
      problems.length === 0
        ? `The server is not configured: set ${variables.join(" and ")} in Claude Desktop's extension settings (API key, Base URL) or in the "env" block of this server's entry in your MCP client's JSON configuration, then restart the client. ${sandbox}`
        : `The server's settings need fixing before any call can work: ${[...problems, ...unset.map((v) => `${v} is not set`)].join("; ")}. Change ${problems.length + unset.length === 1 ? "it" : "them"} ${where}.`,
    );
  }
}

export interface ContextOptions {
  /** Defaults to a client built from the config. Tests pass one with a scaled clock. */
  client?: ApiClient;
  /** Told of the client built from the config when it is built (the bin closes it when it stops). */
  clientMade?: (client: ApiClient) => void;
  /** Defaults to the inbox file named by the config, if any. */
  events?: EventSource;
  /** Defaults to the file beside the inbox named by the config, if any. */
  paymentNotes?: PaymentNoteStore;
  /** Defaults to the file the config names (INVOICING_DETAILS_FILE), if any. */
  details?: DetailsStore;
  /** Defaults to a new, empty shelf. */
  documents?: DocumentShelf;
  now?: () => Date;
  /** Settings whose values are not valid (stdio reads them leniently): every call names them. */
  configProblems?: readonly string[];
}

export function createToolContext(config: Config, options: ContextOptions = {}): ToolContext {
  let client = options.client;
  const problems = options.configProblems ?? [];
  const getClient = (): ApiClient => {
    if (problems.length > 0) throw new MissingConfigError(missingSettings(config), problems);
    if (client) return client;
    const missing = missingSettings(config);
    if (missing.length > 0 || !config.apiKey || !config.baseUrl) throw new MissingConfigError(missing);
    client = new ApiClient({ baseUrl: config.baseUrl, apiKey: config.apiKey, timeoutMs: config.timeoutMs });
    options.clientMade?.(client);
    return client;
  };
  const now = options.now ?? (() => new Date());
  return {
    client: getClient,
    directory: new Directory(getClient, () => now().getTime()),
    now,
    timeZone: config.timeZone,
    defaultTaxRate: config.defaultTaxRate,
    vatBasis: config.vatBasis,
    vatPermanentExtension: config.vatPermanentExtension,
    events: options.events ?? (config.inbox ? inboxFileSource(config.inbox) : undefined),
    paymentNotes:
      options.paymentNotes ?? (config.inbox ? fileNoteStore(notesPathBeside(config.inbox)) : undefined),
    details: options.details ?? (config.detailsFile ? fileDetailsStore(config.detailsFile) : undefined),
    documentsFolder: config.documentsDir,
    documents: options.documents ?? new DocumentShelf(),
  };
}

/**
 * The context of one tool call: a new object, so nothing of the call stays in the shared one. Its
 * client, and its directory's requests, are bound to the call's scope (one deadline for all of the
 * call's requests, its way of waiting); the directory's caches, the clock and the rest are shared.
 * The client is asked for on first use, so a call that needs none is not refused for a missing key.
 */
export function contextForCall(context: ToolContext, scope: CallScope): ToolContext {
  let bound: ApiClient | undefined;
  const client = () => {
    bound ??= context.client().forCall(scope);
    return bound;
  };
  return { ...context, client, directory: context.directory.forCall(client) };
}
