/**
 * Every error becomes one short sentence a user can act on: what happened, and what to do next.
 * This is the only place that words errors, in one table (ERRORS): each kind's wording and whether
 * it is expected. No stack trace, HTML or key ever passes through.
 */
import { IncompleteListError } from "../api/list.js";
import { EntriesRefused, InvoiceNumberTaken } from "../billing/errors.js";
import type { SignIn } from "../config/principal.js";
import { DateInputError } from "../domain/dates/errors.js";
import { formatDay } from "../domain/dates/format.js";
import { InputError } from "../domain/input-error.js";
import { cleanText } from "../domain/text.js";
import { EngineOutageError } from "../engine-outage.js";
import { WaitCancelled } from "../http/call-budget.js";
import {
  ApiError,
  type AuthenticationError,
  type BadRequestError,
  InvalidResponseError,
  NetworkError,
  type NotFoundError,
  type OutcomeUnknownError,
  type PermissionError,
  type RateLimitedError,
  ServerError,
  TimeoutError,
} from "../http/errors.js";
import { DEFAULT_LIMIT, DEFAULT_WINDOW_MS, type RateLimit } from "../http/governor.js";
import { PathParameterError } from "../http/path.js";
import { entriesRefusedText } from "./entry-refusal.js";
import { clockTime, eur } from "./format.js";

export interface ErrorContext {
  /** For writes: the tool that shows whether the write took effect. */
  verifyWith?: string | undefined;
  /** The user's zone, for clock times ("try again at 14:03:20"). */
  timeZone?: string | undefined;
  /** How the caller signed in: who can replace a refused key. Absent: the local user of stdio. */
  signIn?: SignIn | undefined;
}

const UNEXPECTED =
  "Unexpected internal error; the details are in the server's log. Try again, or report it if it persists.";

/** Every error the server knows, by kind, with its class. ApiError's kinds are its own `kind`. */
interface KindMap {
  entries_refused: EntriesRefused;
  number_taken: InvoiceNumberTaken;
  input: InputError;
  date_input: DateInputError;
  incomplete_list: IncompleteListError;
  path_parameter: PathParameterError;
  wait_cancelled: WaitCancelled;
  bad_request: BadRequestError;
  authentication: AuthenticationError;
  permission: PermissionError;
  not_found: NotFoundError;
  rate_limited: RateLimitedError;
  server: ServerError;
  network: NetworkError;
  timeout: TimeoutError;
  invalid_response: InvalidResponseError;
  outcome_unknown: OutcomeUnknownError;
  engine_outage: EngineOutageError;
}
export type ErrorKind = keyof KindMap;

interface ErrorRow<E> {
  /** Part of normal operation (bad input, the service's answers): no log line. Otherwise a bug. */
  expected: boolean;
  /** The one sentence the user reads: what happened, and what to do next. */
  text(error: E, context: ErrorContext): string;
}

/**
 * The table: every kind of error, how it is worded and whether it is expected. A kind without a row
 * does not compile (an ApiError kind added in http/errors.ts must be added here).
 */
export const ERRORS: { readonly [K in ErrorKind]: ErrorRow<KindMap[K]> } = {
  entries_refused: { expected: true, text: (e, c) => entriesRefusedText(e, (inner) => errorText(inner, c)) },
  number_taken: { expected: true, text: (e, c) => numberTakenText(e, c) },
  input: { expected: true, text: (e) => e.message },
  date_input: { expected: true, text: (e) => e.message },
  incomplete_list: { expected: true, text: (e) => e.message },
  path_parameter: { expected: true, text: (e) => `Invalid id: ${e.message}.` },
  wait_cancelled: {
    expected: true,
    text: () => "Cancelled while waiting for the service's rate limit; nothing was sent to the service.",
  },
  authentication: { expected: true, text: (_e, c) => keyRefusedText(c.signIn) },
  permission: { expected: true, text: (_e, c) => keyDeniedText(c.signIn) },
  not_found: {
    expected: true,
    text: (e) =>
      `Not found (404): ${said(e.serviceMessage)}. The id may be wrong or belong to another account: check it; list_customers shows the valid ids.`,
  },
  rate_limited: {
    expected: true,
    text: (e, c) => {
      const seconds = Math.max(1, Math.ceil(e.retryAfterMs / 1000));
      const at = Number.isNaN(e.retryAt.getTime())
        ? ""
        : c.timeZone
          ? `, at ${clockTime(e.retryAt.getTime(), c.timeZone)} (${c.timeZone})`
          : ` (after ${e.retryAt.toISOString()})`;
      return `The service's rate limit is reached (${limitText(e.rateLimit)}). Try again in ${seconds} s${at}.`;
    },
  },
  bad_request: {
    expected: true,
    text: (e) =>
      `The service refused the request (${e.status}): ${said(e.serviceMessage)}. Correct the input and try again.`,
  },
  server: {
    expected: true,
    text: (e) =>
      `The Invoicing Service failed (${e.status}: ${said(e.serviceMessage)}). This is usually temporary: try again in a minute; if it persists, contact the service's support.`,
  },
  timeout: {
    expected: true,
    text: (e, c) => {
      // A last attempt may only have had what was left of the call's budget: then say so, not "0 s".
      const within =
        e.timeoutMs >= 100
          ? `within ${Math.round(e.timeoutMs / 100) / 10} s`
          : "in the time left for this call";
      const persists = isLocal(c.signIn)
        ? "check the service's status or raise INVOICING_TIMEOUT_MS"
        : `check the service's status, or ${TELL_OPERATOR}`;
      return `The Invoicing Service did not answer ${within}. Try again; if it keeps happening, ${persists}.`;
    },
  },
  network: {
    expected: true,
    text: (e, c) =>
      isLocal(c.signIn)
        ? `Could not reach the Invoicing Service (${e.code}). Check INVOICING_BASE_URL and the network connection, then try again.`
        : `Could not reach the Invoicing Service (${e.code}). Try again; if it keeps happening, ${TELL_OPERATOR} (its address of the service or its network may be wrong).`,
  },
  invalid_response: {
    expected: true,
    text: (e, c) => {
      const excerpt = e.excerpt ? ` It began: "${said(e.excerpt)}".` : "";
      const next = isLocal(c.signIn)
        ? "Check INVOICING_BASE_URL; if it is right, the service may be having trouble: try again later."
        : `The service may be having trouble: try again later; if it keeps happening, ${TELL_OPERATOR} (its address of the service may be wrong).`;
      return `The answer (status ${e.status}) was not a valid Invoicing Service API response: ${e.problem}.${excerpt} ${next}`;
    },
  },
  // Logged once per outage where it is detected, not per call.
  engine_outage: { expected: true, text: (e) => outageText(e) },
  outcome_unknown: {
    expected: true,
    text: (e, c) => {
      const check = c.verifyWith ? `check with ${c.verifyWith}` : "check";
      return `The service may or may not have carried this out (${causeText(e.cause)}). Do not simply retry: first ${check} whether it exists, so nothing is created twice.`;
    },
  },
};

/** The row an error belongs to; undefined for anything the server did not throw on purpose. */
export function errorKind(error: unknown): ErrorKind | undefined {
  // Most specific first: EntriesRefused and InvoiceNumberTaken are InputErrors.
  if (error instanceof EntriesRefused) return "entries_refused";
  if (error instanceof InvoiceNumberTaken) return "number_taken";
  if (error instanceof InputError) return "input";
  if (error instanceof DateInputError) return "date_input";
  if (error instanceof IncompleteListError) return "incomplete_list";
  if (error instanceof PathParameterError) return "path_parameter";
  if (error instanceof WaitCancelled) return "wait_cancelled";
  if (error instanceof EngineOutageError) return "engine_outage";
  if (error instanceof ApiError) return error.kind;
  return undefined;
}

/** Never throws: an error that cannot be worded (odd values from a service) still gets a sentence. */
export function errorText(error: unknown, context: ErrorContext = {}): string {
  const kind = errorKind(error);
  if (kind === undefined) return UNEXPECTED;
  try {
    return (ERRORS[kind] as ErrorRow<unknown>).text(error, context);
  } catch {
    return error instanceof ApiError
      ? `The request to the Invoicing Service failed (${error.kind}). Try again later.`
      : UNEXPECTED;
  }
}

/** Errors that are part of normal operation; anything else is a bug worth a log line. */
export function isExpectedError(error: unknown): boolean {
  const kind = errorKind(error);
  return kind !== undefined && ERRORS[kind].expected;
}

/**
 * Whose key the service refused, and who can replace it: the local user in their client's settings,
 * a tenant's operator in the tenants file, an OAuth person by signing in again with a new key, a
 * caller that sends its key as the token in their client's configuration of this server.
 */
const LOCAL_SETTINGS = `this server's settings (Claude Desktop: the extension's settings; a JSON configuration: INVOICING_API_KEY in the "env" block of this server's entry)`;

const KEY_HOLDER: {
  readonly [K in SignIn["kind"]]: { key: string; refused: string; renew: string };
} = {
  local: {
    key: "the API key",
    refused: `Check it in ${LOCAL_SETTINGS}: create a key in the service's settings under API access.`,
    renew: `Create a new key in the service's settings under API access and set it in ${LOCAL_SETTINGS}`,
  },
  tenant: {
    key: "the API key this server uses for your account",
    refused: "Only this server's operator can change it: ask them to check your key in its tenants file.",
    renew: "Ask this server's operator to put a new key in its tenants file",
  },
  oauth: {
    key: "the API key you signed in with",
    refused:
      "It may have been revoked: create a new key in the service's settings under API access, then sign in to this server again with it (reconnect it in your MCP client).",
    renew:
      "Create a new key in the service's settings under API access, then sign in to this server again with it (reconnect it in your MCP client)",
  },
  key: {
    key: "the API key your MCP client sends as its token",
    refused:
      "Check the token in your MCP client's configuration of this server: create a key in the service's settings under API access.",
    renew:
      "Create a new key in the service's settings under API access and put it in your MCP client's configuration of this server in place of the old one",
  },
};

/** Only the local user sets this server's variables; a hosted caller's are its operator's. */
function isLocal(signIn: SignIn | undefined): boolean {
  return signIn === undefined || signIn.kind === "local";
}

const TELL_OPERATOR = "tell this server's operator";

function keyRefusedText(signIn: SignIn | undefined): string {
  const holder = KEY_HOLDER[signIn?.kind ?? "local"];
  return `The Invoicing Service did not accept ${holder.key} (401). ${holder.refused}`;
}

function keyDeniedText(signIn: SignIn | undefined): string {
  const holder = KEY_HOLDER[signIn?.kind ?? "local"];
  return `Access denied (403): ${holder.key} has expired, or the account has no Pro plan, which API access needs. ${holder.renew}, or check the plan.`;
}

/** A shared engine of the hosted server is down: say which, that it is temporary, and what was not done. */
function outageText(error: EngineOutageError): string {
  const what =
    error.engine === "Redis"
      ? "This server's shared rate budget (Redis) cannot be reached right now, so nothing was sent to the Invoicing Service."
      : "This server's store of webhook events (PostgreSQL) cannot be reached right now.";
  return `${what} This is temporary and its operator is told: try again in a minute.`;
}

/** "40 requests a minute", "7 requests per 10 s"; the documented limit when none was learned. */
function limitText(rate: RateLimit | undefined): string {
  const { limit, windowMs } = rate ?? { limit: DEFAULT_LIMIT, windowMs: DEFAULT_WINDOW_MS };
  const per = windowMs === 60_000 ? "a minute" : `per ${Math.round(windowMs / 100) / 10} s`;
  return `${limit} request${limit === 1 ? "" : "s"} ${per}`;
}

/** What the service said is text from outside: cleaned of control and bidi characters, and capped. */
function said(message: string): string {
  return cleanText(message, 300);
}

function causeText(cause: ApiError): string {
  if (cause instanceof ServerError) return `it failed with ${cause.status} after receiving the request`;
  if (cause instanceof TimeoutError) return "no answer in time after the request was sent";
  if (cause instanceof NetworkError) return `the connection broke after the request was sent (${cause.code})`;
  if (cause instanceof InvalidResponseError) return `its answer could not be read (status ${cause.status})`;
  return cause.kind;
}

function numberTakenText(e: InvoiceNumberTaken, c: ErrorContext): string {
  const { invoice } = e;
  const whose = e.customerName ? `${cleanText(e.customerName)}'s` : `customer ${invoice.customerId}'s`;
  const day = c.timeZone ? ` of ${formatDay(invoice.invoiceDate, c.timeZone)}` : "";
  const notes = invoice.notes ? `, "${cleanText(invoice.notes, 80)}"` : "";
  const next = e.nextFree ? `, ${e.nextFree}` : "";
  return `Invoice number ${invoice.invoiceNumber} is already taken by ${whose} ${invoice.status} invoice${day} (net ${eur(invoice.netAmount)}${notes}); this request differs in its ${e.differing.join(", ")}, so nothing was created. If you meant that invoice, it exists already. Otherwise use another number, or leave invoiceNumber out to take the next free one${next}.`;
}
