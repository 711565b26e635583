/**
 * One error class per cause, thrown by the API client and translated into words once, at the tool
 * edge. Every error carries the method and path it concerns (never the key, never a query string
 * that could hold personal data) and, where there was an answer, the HTTP status.
 */
import type { RateLimit } from "./governor.js";
import { capServerWait } from "./retry.js";

export interface RequestInfo {
  method: string;
  path: string;
}

export type ApiErrorKind =
  | "bad_request"
  | "authentication"
  | "permission"
  | "not_found"
  | "rate_limited"
  | "server"
  | "network"
  | "timeout"
  | "invalid_response"
  | "outcome_unknown";

export abstract class ApiError extends Error {
  abstract readonly kind: ApiErrorKind;
  readonly method: string;
  readonly path: string;
  readonly status: number | undefined;

  constructor(message: string, request: RequestInfo, status?: number) {
    super(message);
    this.name = new.target.name;
    this.method = request.method;
    this.path = request.path;
    this.status = status;
  }
}

/** 400 (and other 4xx the API does not name): the service refused the request as invalid. */
export class BadRequestError extends ApiError {
  readonly kind = "bad_request";
  constructor(
    readonly serviceMessage: string,
    request: RequestInfo,
    status = 400,
  ) {
    super(`${request.method} ${request.path} was rejected (${status}): ${serviceMessage}`, request, status);
  }
}

/** 401: the key is missing or not valid. */
export class AuthenticationError extends ApiError {
  readonly kind = "authentication";
  constructor(request: RequestInfo) {
    super(`${request.method} ${request.path}: the API key was not accepted (401)`, request, 401);
  }
}

/** 403: the key has expired or the account has no Pro plan. */
export class PermissionError extends ApiError {
  readonly kind = "permission";
  constructor(request: RequestInfo) {
    super(`${request.method} ${request.path}: access denied (403): key expired or no Pro plan`, request, 403);
  }
}

/** 404: an unknown id, or one that belongs to another account. */
export class NotFoundError extends ApiError {
  readonly kind = "not_found";
  constructor(
    readonly serviceMessage: string,
    request: RequestInfo,
  ) {
    super(`${request.method} ${request.path}: not found (404): ${serviceMessage}`, request, 404);
  }
}

/** 429, or our own governor refusing to wait past the call's budget. */
export class RateLimitedError extends ApiError {
  readonly kind = "rate_limited";
  /** How long to wait, from 0 to MAX_SERVER_WAIT_MS whatever the service asked. */
  readonly retryAfterMs: number;
  /** When a new request may go out, as far as anyone knows: always a valid date. */
  readonly retryAt: Date;
  constructor(
    retryAfterMs: number,
    request: RequestInfo,
    now: number,
    status: number | undefined = 429,
    /** The limit the governor paces by (learned from the service, or the documented one). */
    readonly rateLimit?: RateLimit,
  ) {
    const wait = capServerWait(retryAfterMs);
    const seconds = Math.max(1, Math.ceil(wait / 1000));
    super(`${request.method} ${request.path}: rate limit reached; retry in ${seconds} s`, request, status);
    this.retryAfterMs = wait;
    const at = new Date(now + wait);
    this.retryAt = Number.isNaN(at.getTime()) ? new Date(0) : at;
  }
}

/** 5xx with an API envelope: the service failed. */
export class ServerError extends ApiError {
  readonly kind = "server";
  constructor(
    readonly serviceMessage: string,
    request: RequestInfo,
    status: number,
  ) {
    super(
      `${request.method} ${request.path}: the service failed (${status}): ${serviceMessage}`,
      request,
      status,
    );
  }
}

/** No HTTP answer at all: refused, reset, DNS. `sent` says whether the request may have left. */
export class NetworkError extends ApiError {
  readonly kind = "network";
  constructor(
    readonly code: string,
    readonly sent: boolean,
    request: RequestInfo,
  ) {
    super(`${request.method} ${request.path}: network failure (${code})`, request);
  }
}

/** The attempt did not finish (headers and body) within its time. */
export class TimeoutError extends ApiError {
  readonly kind = "timeout";
  constructor(
    readonly timeoutMs: number,
    request: RequestInfo,
  ) {
    super(`${request.method} ${request.path}: no complete answer within ${timeoutMs} ms`, request);
  }
}

/** An answer that is not the API's envelope: HTML, broken JSON, wrong shape, a redirect. */
export class InvalidResponseError extends ApiError {
  readonly kind = "invalid_response";
  constructor(
    readonly problem: string,
    request: RequestInfo,
    status: number,
    readonly excerpt = "",
  ) {
    const tail = excerpt ? `: "${excerpt}"` : "";
    super(
      `${request.method} ${request.path}: invalid response (${status}), ${problem}${tail}`,
      request,
      status,
    );
  }
}

/**
 * A write that may or may not have been carried out (a 5xx, reset or timeout after the body was
 * sent). Retrying blindly could create a duplicate, so the caller must look before trying again.
 */
export class OutcomeUnknownError extends ApiError {
  readonly kind = "outcome_unknown";
  constructor(
    override readonly cause: ApiError,
    request: RequestInfo,
  ) {
    super(
      `${request.method} ${request.path}: outcome unknown (${cause.message}); check whether it took effect before retrying`,
      request,
      cause.status,
    );
  }
}
