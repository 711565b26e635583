/**
 * A tool is data: name, title, description, kind, input and output schemas, and a handler that
 * returns plain data plus a short text. Annotations are derived from the kind, so a read tool can
 * never forget `readOnlyHint`, and a write tool never claims to be harmless.
 */
import type { ToolAnnotations } from "@modelcontextprotocol/server";
import type { z } from "zod";
import type { SignIn } from "../config/principal.js";
import type { ApiClient } from "../http/client.js";
import type { ToolContext } from "./context.js";

export type ToolKind = "read" | "write";

/**
 * What a tool is about, for the people looking at a client's list: each family has its own small
 * icon (icons.ts), which clients that show icons put beside the tool.
 */
export type ToolFamily = "invoices" | "time" | "customers" | "reports" | "events";

/** What a handler gives back: data for `structuredContent`, and the text a model reads. */
export interface ToolOutput<T> {
  data: T;
  text: string;
  /** Resources this answer is about (a report, a customer), offered as resource links. */
  links?: ResourceLinkTarget[];
  /** Files this answer carries whole (an e-invoice, a PDF): embedded resources with their bytes. */
  resources?: EmbeddedFile[];
}

/** A file in an answer: its bytes travel base64-encoded with their MIME type. */
export interface EmbeddedFile {
  uri: string;
  mimeType: string;
  bytes: Uint8Array;
}

/**
 * Whether this call may ask the person to confirm, and what they answered. A write that needs a
 * confirmation returns an `AskToConfirm`; the client shows the question in its own form and calls
 * again, and the handler runs again with the answer here. Clients without elicitation never get asked.
 */
export interface Confirmation {
  /** The client can put a form in front of the person (elicitation). */
  supported: boolean;
  /** Absent on the first round; then what the person did, and the state the question carried. */
  answer?: {
    action: "accept" | "decline" | "cancel";
    confirmed: boolean;
    state: string | undefined;
    /** The text fields of an accepted form (AskForValues), each trimmed; empty ones left out. */
    values: Record<string, string>;
  };
}

/** What a handler knows about the call itself, beyond its arguments. */
export interface ToolCall {
  confirmation: Confirmation;
  /** The caller may write (the inventory's answer): a read's text offers writes only then. */
  canWrite: boolean;
  /** How the caller signed in: a hint about setting something up fits their way (webhooks above all). */
  signIn: SignIn;
}

/**
 * For calls that cannot ask anyone (a resource read, a test calling a handler directly, a write
 * calling another): the caller was already let in, so nothing is withheld from its words.
 */
export const UNATTENDED: ToolCall = {
  confirmation: { supported: false },
  canWrite: true,
  signIn: { kind: "local" },
};

/**
 * A handler's answer that asks the person first: `message` is shown in the client's form, `state`
 * comes back with the answer so the handler can tell whether what was confirmed is still what it
 * would do.
 */
export class AskToConfirm {
  constructor(
    readonly message: string,
    readonly checkbox: string,
    readonly state: string,
  ) {}
}

/**
 * The resource a read tool serves: its answer's data as JSON at a URI, a template when the URI has
 * variables. Plain data, so the build's tool facts carry it: resources/index.ts registers every
 * declared resource from the facts, without reading a tool's code, and reads it through the tool's
 * handler; the tool's own links are built from the same declaration (resource-link.ts).
 */
export interface ToolResource {
  /** "invoicing://reports/eur/{year}": each {variable} stands for one percent-encoded path segment. */
  uri: string;
  /** The registration's name, as resources/list and resources/templates/list show it. */
  name: string;
  title: string;
  description: string;
  /** Each URI variable, and the tool argument its value is passed as. */
  args?: Record<string, string>;
  /**
   * For a template: the instances resources/list shows, and the completions of its variable (the
   * recent years, the recent VAT periods, or each customer), each named `label` beside its year or
   * period, or after the customer's name.
   */
  list?: { of: ResourceList; label: string };
}

export type ResourceList = "recent-years" | "vat-periods" | "customers";

/**
 * A handler's answer that asks the person for values it lacks, in a form of text fields: their
 * answer comes back in `Confirmation.answer.values` with `state`. Only where the client can show
 * forms; elsewhere the handler answers with what is missing instead.
 */
export class AskForValues {
  constructor(
    readonly message: string,
    readonly fields: readonly { key: string; title: string; description?: string }[],
    readonly state: string,
  ) {}
}

export interface ResourceLinkTarget {
  uri: string;
  name: string;
  description?: string;
  /** application/json unless said. */
  mimeType?: string;
}

/**
 * How a write is put through the fault matrix (test/reliability/fault-matrix.test.ts), which calls
 * it many times while the service fails and checks that each call was carried out at most once.
 */
export interface WriteCase<A> {
  /** The service path its POST goes to. */
  postPath: string;
  /**
   * The arguments of the n-th call: each creates a record of its own, allowed past the duplicate
   * and overlap guards (the faults are what is tested, not the guards).
   */
  args(n: number): A;
  /** How many records the call with `args` has created, as the service lists them. */
  stored(api: ApiClient, args: A): Promise<number>;
}

export interface ToolDefinition<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  kind: ToolKind;
  family: ToolFamily;
  /** For writes: repeating the same call has no further effect (a safe replay). Reads always are. */
  idempotent?: boolean;
  input: I;
  output: O;
  /**
   * Arguments a model would plausibly send that pass validation (and that the sandbox's demo data
   * can answer): the contract, fuzz and fault tests call every tool with them.
   */
  example: z.input<I>;
  /** For writes whose outcome may be unknown: the list tool that shows whether it happened. */
  verifyWith?: string;
  /** For the model's writes: its case in the fault matrix (every such write has one; a test checks). */
  writeCase?: WriteCase<z.input<I>>;
  /**
   * A write that records only what the person told the server, in the server's own store beside
   * their events, never in the service: no fault of the service can leave it half done, so the
   * fault matrix (which counts the service's records) has nothing to count for it.
   */
  keepsOwnRecord?: boolean;
  /** Offered only with a webhook inbox (INVOICING_INBOX), since it reads from there. */
  needsInbox?: boolean;
  /**
   * Callable only by an MCP Apps view (visibility ["app"]): listed only to clients that announce
   * the extension, never to the model. See src/mcp/apps/.
   */
  appOnly?: boolean;
  /** Its result opens a view in hosts that render MCP Apps (src/mcp/apps/, src/views/). */
  view?: boolean;
  /** The resource it serves; its answer links to it with `resourceLink` (resource-link.ts). */
  resource?: ToolResource;
  /**
   * The description for a caller who may not write, or whose server has stored events, where the
   * general one would offer what this caller cannot do or ask for what it already has.
   */
  descriptionFor?: (offer: Offer) => string | undefined;
  handler(
    args: z.output<I>,
    context: ToolContext,
    call: ToolCall,
  ): Promise<ToolOutput<z.input<O>> | AskToConfirm | AskForValues>;
}

/** What a caller is offered, as far as a tool's words depend on it. */
export interface Offer {
  canWrite: boolean;
  events: boolean;
}

/** The words a caller with this offer reads in tools/list. */
export function descriptionFor(
  tool: Pick<ToolDefinition, "description" | "descriptionFor">,
  offer: Offer,
): string {
  return tool.descriptionFor?.(offer) ?? tool.description;
}

export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(
  definition: ToolDefinition<I, O>,
): ToolDefinition<I, O> {
  return definition;
}

/**
 * Only what differs from the spec's defaults (destructive, not idempotent, open world), since the
 * list is read in every conversation: a read tool says it is read-only (the other hints are
 * meaningless for it), a write that it destroys nothing and whether repeating it is safe.
 */
export function annotationsFor(tool: Pick<ToolDefinition, "kind" | "idempotent">): ToolAnnotations {
  if (tool.kind === "read") return { readOnlyHint: true };
  // Our writes only create; nothing is ever overwritten or deleted.
  return { destructiveHint: false, ...(tool.idempotent === true ? { idempotentHint: true } : {}) };
}
