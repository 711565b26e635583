/**
 * Every error becomes one short sentence a user can act on: what happened, and what to do next.
 * This is the only place that words errors; no stack trace, HTML or key ever passes through.
 */
import { IncompleteListError } from "../api/list.js";
import { EntriesRefused } from "../billing/errors.js";
import { DateInputError } from "../domain/dates/errors.js";
import { InputError } from "../domain/input-error.js";
import { cleanText } from "../domain/text.js";
import { WaitCancelled } from "../http/call-budget.js";
import {
  ApiError,
  AuthenticationError,
  BadRequestError,
  InvalidResponseError,
  NetworkError,
  NotFoundError,
  OutcomeUnknownError,
  PermissionError,
  RateLimitedError,
  ServerError,
  TimeoutError,
} from "../http/errors.js";
import { DEFAULT_LIMIT, DEFAULT_WINDOW_MS, type RateLimit } from "../http/governor.js";
import { PathParameterError } from "../http/path.js";
import { clockTime } from "./format.js";
import { entriesRefusedText } from "./log-time-refusal.js";

export interface ErrorContext {
  /** For writes: the tool that shows whether the write took effect. */
  verifyWith?: string | undefined;
  /** The user's zone, for clock times ("try again at 14:03:20"). */
  timeZone?: string | undefined;
}

const UNEXPECTED =
  "Unexpected internal error; the details are in the server's log. Try again, or report it if it persists.";

/** Never throws: an error that cannot be worded (odd values from a service) still gets a sentence. */
export function errorText(error: unknown, context: ErrorContext = {}): string {
  try {
    return wordError(error, context);
  } catch {
    return error instanceof ApiError
      ? `The request to the Invoicing Service failed (${error.kind}). Try again later.`
      : UNEXPECTED;
  }
}

function wordError(error: unknown, context: ErrorContext): string {
  if (error instanceof EntriesRefused) return entriesRefusedText(error, (e) => wordError(e, context));
  if (error instanceof InputError || error instanceof DateInputError) return error.message;
  if (error instanceof IncompleteListError) return error.message;
  if (error instanceof PathParameterError) return `Invalid id: ${error.message}.`;
  if (error instanceof WaitCancelled)
    return "Cancelled while waiting for the service's rate limit; nothing was sent to the service.";
  if (error instanceof ApiError) return apiErrorText(error, context);
  return UNEXPECTED;
}

/** Errors that are part of normal operation; anything else is a bug worth a log line. */
export function isExpectedError(error: unknown): boolean {
  return (
    error instanceof InputError ||
    error instanceof DateInputError ||
    error instanceof IncompleteListError ||
    error instanceof PathParameterError ||
    error instanceof WaitCancelled ||
    error instanceof ApiError
  );
}

function apiErrorText(error: ApiError, context: ErrorContext): string {
  if (error instanceof AuthenticationError) {
    return "The Invoicing Service did not accept the API key (401). Check INVOICING_API_KEY in this server's env block: create a key in the service's settings under API access.";
  }
  if (error instanceof PermissionError) {
    return "Access denied (403): the API key has expired, or the account has no Pro plan, which API access needs. Create a new key in the settings under API access, or check the plan.";
  }
  if (error instanceof NotFoundError) {
    return `Not found (404): ${said(error.serviceMessage)}. The id may be wrong or belong to another account: check it; list_customers shows the valid ids.`;
  }
  if (error instanceof RateLimitedError) {
    const seconds = Math.max(1, Math.ceil(error.retryAfterMs / 1000));
    const at = Number.isNaN(error.retryAt.getTime())
      ? ""
      : context.timeZone
        ? `, at ${clockTime(error.retryAt.getTime(), context.timeZone)} (${context.timeZone})`
        : ` (after ${error.retryAt.toISOString()})`;
    return `The service's rate limit is reached (${limitText(error.rateLimit)}). Try again in ${seconds} s${at}.`;
  }
  if (error instanceof BadRequestError) {
    return `The service refused the request (${error.status}): ${said(error.serviceMessage)}. Correct the input and try again.`;
  }
  if (error instanceof ServerError) {
    return `The Invoicing Service failed (${error.status}: ${said(error.serviceMessage)}). This is usually temporary: try again in a minute; if it persists, contact the service's support.`;
  }
  if (error instanceof TimeoutError) {
    // A last attempt may only have had what was left of the call's budget: then say so, not "0 s".
    const within =
      error.timeoutMs >= 100
        ? `within ${Math.round(error.timeoutMs / 100) / 10} s`
        : "in the time left for this call";
    return `The Invoicing Service did not answer ${within}. Try again; if it keeps happening, check the service's status or raise INVOICING_TIMEOUT_MS.`;
  }
  if (error instanceof NetworkError) {
    return `Could not reach the Invoicing Service (${error.code}). Check INVOICING_BASE_URL and the network connection, then try again.`;
  }
  if (error instanceof InvalidResponseError) {
    const excerpt = error.excerpt ? ` It began: "${said(error.excerpt)}".` : "";
    return `The answer (status ${error.status}) was not a valid Invoicing Service API response: ${error.problem}.${excerpt} Check INVOICING_BASE_URL; if it is right, the service may be having trouble: try again later.`;
  }
  if (error instanceof OutcomeUnknownError) {
    const check = context.verifyWith ? `check with ${context.verifyWith}` : "check";
    return `The service may or may not have carried this out (${causeText(error.cause)}). Do not simply retry: first ${check} whether it exists, so nothing is created twice.`;
  }
  return `The request failed (${error.kind}).`;
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
