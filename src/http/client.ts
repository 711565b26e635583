/**
 * The one HTTP client of the project. It owns the key, the envelope, timeouts, retries and the rate
 * governor; everything else asks it for typed data and gets data or one of the errors in errors.ts.
 */
import { EventEmitter } from "node:events";
import type { Readable } from "node:stream";
import type { Dispatcher } from "undici";
import type { ZodType } from "zod";
import { cleanText } from "../domain/text.js";
import { AnswerMemo } from "./answer-memo.js";
import { baseUrlPrefix, parseBaseUrl } from "./base-url.js";
import { type CallScope, unlessCancelled, type Waiting } from "./call-budget.js";
import { type Clock, clockOf } from "./clock.js";
import { EXCERPT_LENGTH, excerptOf, parseEnvelope } from "./envelope.js";
import { errorCode } from "./error-code.js";
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
  type RequestInfo,
  ServerError,
  TimeoutError,
} from "./errors.js";
import { type Governor, GovernorWaitTooLong, governorFor } from "./governor.js";
import { keyIdentity } from "./key-identity.js";
import { believableWait } from "./rate-rules.js";
import { keyRedactor, type Redactor, redactDeep } from "./redact.js";
import { type AttemptOutcome, decideRetry, parseRateLimitReset, parseRetryAfter } from "./retry.js";
import { validateData } from "./validate.js";

export const DEFAULT_TIMEOUT_MS = 15_000;
/** Below the 60 s an MCP client waits for a tool call, so our answer always arrives first. */
export const DEFAULT_BUDGET_MS = 45_000;
const MAX_BODY_BYTES = 8 * 1024 * 1024;
/** A service's error message, as kept and shown. */
const MAX_MESSAGE_LENGTH = 300;

/** `now`, `sleep` and `timer` (clock.ts): the client's time, the system's unless a test gives its own. */
export interface ApiClientOptions extends Partial<Clock> {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  budgetMs?: number;
  maxAttempts?: number;
  dispatcher?: Dispatcher;
  governor?: Governor;
  /** Window of the default per-key governor; tests scale it down. */
  rateWindowMs?: number;
  random?: () => number;
}

export type Query = Record<string, string | number | undefined>;

export interface ApiResult<T> {
  data: T;
  meta: unknown;
  /** The size of the answer's body in bytes, for callers that bound what they read in all. */
  bytes: number;
}

interface HttpAnswer {
  status: number;
  body: string;
  /** The body's bytes, as they came. */
  raw: Buffer;
  bytes: number;
  contentType: string | undefined;
  retryAfter: string | undefined;
  /** `X-RateLimit-Reset`, parsed and capped. */
  resetMs: number | undefined;
}

type Attempt = ({ ok: true } & HttpAnswer) | { ok: false; error: ApiError };

type Undici = Pick<typeof import("undici"), "Agent">;
let undici: Promise<Undici> | undefined;

/**
 * undici is imported on the first request, not at start: it is about a hundred CommonJS modules,
 * and a server answers `initialize` and `tools/list` without any HTTP. Its `default` export is the
 * CommonJS module itself, in Node's ESM and in the code-split bundle alike (where an import() of
 * CommonJS yields only a default export).
 */
function loadUndici(): Promise<Undici> {
  undici ??= import("undici").then((module) => module.default);
  return undici;
}

/**
 * The time an attempt is given at least, of what is left of the call's budget, when the governor
 * makes it wait (at most a third of the budget, and never more than the attempt's own timeout): a
 * request admitted later could not count on an answer in time.
 */
const MIN_ATTEMPT_MS = 5_000;

/** With no `Retry-After`, a rate-limited caller is told to wait one window of the documented limit. */
const UNKNOWN_RATE_LIMIT_WAIT_MS = 60_000;

/** Outside a tool call nobody hears of a wait, and nothing cancels it. */
const NOT_WAITING: Waiting = Object.freeze({});

/**
 * What the rest of the project calls the service with. A client made from options gives each
 * request its own budget (`now + budgetMs`); `forCall(scope)` gives a client for one tool call,
 * whose requests share the call's deadline and report and cancel their waits as the call says.
 */
export class ApiClient {
  readonly baseUrl: string;
  private readonly core: ClientCore;

  /**
   * From options; or (only forCall can, as ClientCore is this module's own) a client sharing
   * `core` with the one it was made from, bound to one call's scope.
   */
  constructor(
    options: ApiClientOptions | ClientCore,
    private readonly scope?: CallScope,
  ) {
    this.core = options instanceof ClientCore ? options : new ClientCore(options);
    this.baseUrl = this.core.baseUrl;
  }

  /**
   * A client for one tool call: the same connections, governor, key and options (nothing is made
   * again, it costs one small object), with every request of the call under `scope`.
   */
  forCall(scope: CallScope): ApiClient {
    return new ApiClient(this.core, scope);
  }

  get<T>(path: string, schema: ZodType<T>, query: Query = {}): Promise<ApiResult<T>> {
    return this.core.call("GET", path, schema, query, undefined, this.scope);
  }

  post<T>(path: string, schema: ZodType<T>, body: unknown): Promise<ApiResult<T>> {
    return this.core.call("POST", path, schema, {}, JSON.stringify(body), this.scope);
  }

  /** Lets requests under way finish, then closes the connections (those of every call's client too). */
  close(): Promise<void> {
    return this.core.close();
  }

  /** Aborts requests under way at once (their callers get a network error) and closes the connections. */
  destroy(): Promise<void> {
    return this.core.destroy();
  }
}

/**
 * The client's workings, shared by a client and every call's client made from it: the key, the
 * governor, the options, and the connections (the Agent made on the first request, once).
 */
class ClientCore {
  readonly baseUrl: string;
  private readonly origin: string;
  private readonly pathPrefix: string;
  private readonly readHeaders: Readonly<Record<string, string>>;
  private readonly writeHeaders: Readonly<Record<string, string>>;
  private readonly apiKey: string;
  /** Whatever the service echoes back, the key never leaves this class, in any form (see redact.ts). */
  private readonly redact: Redactor;
  private readonly timeoutMs: number;
  private readonly budgetMs: number;
  private readonly attemptReserveMs: number;
  private readonly maxAttempts: number | undefined;
  /** Injected, or made on the first request (see loadUndici). */
  private dispatcher: Dispatcher | undefined;
  private readonly governor: Governor;
  /** Every instant, pause and timeout of a request comes from here. */
  private readonly clock: Clock;
  private readonly random: () => number;
  /** The last invoice list read, and what reading it gave (answer-memo.ts). */
  private readonly memo = new AnswerMemo();

  constructor(options: ApiClientOptions) {
    const base = parseBaseUrl(options.baseUrl);
    this.baseUrl = baseUrlPrefix(base);
    this.origin = base.origin;
    this.pathPrefix = base.pathname.replace(/\/+$/, "");
    this.apiKey = options.apiKey;
    // The same for every request of this key, so made once.
    this.readHeaders = {
      authorization: `Bearer ${options.apiKey}`,
      accept: "application/json",
      "user-agent": "invoicing-mcp",
    };
    this.writeHeaders = { ...this.readHeaders, "content-type": "application/json" };
    this.redact = keyRedactor(options.apiKey);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.budgetMs = Math.min(options.budgetMs ?? DEFAULT_BUDGET_MS, DEFAULT_BUDGET_MS);
    this.attemptReserveMs = Math.min(MIN_ATTEMPT_MS, this.timeoutMs, this.budgetMs / 3);
    this.maxAttempts = options.maxAttempts;
    this.clock = clockOf(options);
    this.random = options.random ?? Math.random;
    this.dispatcher = options.dispatcher;
    const governorOptions = options.rateWindowMs === undefined ? {} : { windowMs: options.rateWindowMs };
    this.governor =
      options.governor ??
      governorFor(keyIdentity(this.baseUrl, this.apiKey), {
        ...governorOptions,
        now: this.clock.now,
        sleep: this.clock.sleep,
      });
  }

  async close(): Promise<void> {
    await this.dispatcher?.close();
  }

  async destroy(): Promise<void> {
    this.stopping = true;
    await this.dispatcher?.destroy();
  }

  /** Set by destroy(): the process is stopping, so a failed attempt is final, never retried. */
  private stopping = false;

  async call<T>(
    method: string,
    path: string,
    schema: ZodType<T>,
    query: Query,
    body: string | undefined,
    scope: CallScope | undefined,
  ): Promise<ApiResult<T>> {
    const info: RequestInfo = { method, path };
    const now = this.clock.now();
    const deadline = scope ? scope.deadlineFrom(now, this.budgetMs) : now + this.budgetMs;
    const waiting = scope?.waiting ?? NOT_WAITING;
    for (let attempt = 1; ; attempt++) {
      const result = await this.attemptOnce(info, query, body, deadline, waiting);
      if (result.ok) {
        const success = result.status >= 200 && result.status < 300;
        const memoPath = `${method} ${this.pathFor(path, query)}`;
        const recalled = success ? this.memo.recall(memoPath, schema, result) : undefined;
        if (recalled) return { ...recalled, bytes: result.bytes };
        const envelopeOrError = this.interpret(info, result);
        if (!(envelopeOrError instanceof ApiError)) {
          // Walk every string only when the raw body shows a trace of the key, or escapes that could
          // hide one; most answers show neither, and the walk costs time on a long list.
          const suspect = result.body.includes("\\") || this.redact(result.body) !== result.body;
          const data = suspect ? redactDeep(envelopeOrError.data, this.redact) : envelopeOrError.data;
          const checked = validateData(schema, data, info, result.status);
          if (checked.ok) {
            const read = { data: checked.value, meta: envelopeOrError.meta };
            return {
              data: this.memo.remember(memoPath, schema, result, read),
              meta: read.meta,
              bytes: result.bytes,
            };
          }
          // A write answered 2xx was carried out even if we cannot read what came back.
          throw method === "GET" ? checked.error : forWrite(checked.error, info);
        }
        const outcome: AttemptOutcome = {
          kind: "status",
          status: result.status,
          retryAfter: result.retryAfter,
        };
        const next = await this.nextStep(info, attempt, outcome, envelopeOrError, deadline, waiting);
        if (next) throw next;
        continue;
      }
      const outcome = outcomeOf(result.error);
      const next = await this.nextStep(info, attempt, outcome, result.error, deadline, waiting);
      if (next) throw next;
    }
  }

  /** Sleeps and returns undefined to try again, or returns the error to throw. */
  private async nextStep(
    info: RequestInfo,
    attempt: number,
    outcome: AttemptOutcome,
    error: ApiError,
    deadline: number,
    waiting: Waiting,
  ): Promise<ApiError | undefined> {
    if (this.stopping) return info.method === "GET" ? error : forWrite(error, info);
    const now = this.clock.now();
    const decision = decideRetry({
      attempt,
      method: info.method,
      outcome,
      remainingMs: deadline - now,
      nowMs: now,
      random: this.random,
      windowMs: this.governor.rateLimit().windowMs,
      ...(this.maxAttempts === undefined ? {} : { maxAttempts: this.maxAttempts }),
    });
    if (decision.retry) {
      // A 429's Retry-After is a wait for the rate window like the governor's: reported, cancellable.
      if (outcome.kind === "status" && outcome.status === 429) waiting.onWait?.(now + decision.delayMs);
      await unlessCancelled(this.clock.sleep(decision.delayMs), waiting.signal);
      return undefined;
    }
    if (decision.reason === "wait_exceeds_budget" && outcome.kind === "status" && outcome.status === 429) {
      return new RateLimitedError(decision.delayMs, info, now, 429, this.governor.rateLimit());
    }
    return info.method === "GET" ? error : forWrite(error, info);
  }

  private async attemptOnce(
    info: RequestInfo,
    query: Query,
    body: string | undefined,
    deadline: number,
    waiting: Waiting,
  ): Promise<Attempt> {
    const dispatcher = await this.http();
    let permit: Awaited<ReturnType<Governor["acquire"]>>;
    try {
      // Waiting for the window until the very end of the budget would leave the request no time to be
      // answered: a write sent so would end as "outcome unknown". Then it is better not sent at all.
      permit = await this.governor.acquire(deadline - this.attemptReserveMs, waiting);
    } catch (error) {
      if (error instanceof GovernorWaitTooLong) {
        const limit = this.governor.rateLimit();
        return {
          ok: false,
          error: new RateLimitedError(error.waitMs, info, this.clock.now(), undefined, limit),
        };
      }
      throw error;
    }
    const timeoutMs = Math.max(1, Math.min(this.timeoutMs, deadline - this.clock.now()));
    // undici takes an EventEmitter as the signal: on Node 20 an AbortController costs several times
    // as much to make (its signal is made transferable), and each request needs one of its own.
    const timeout = new EventEmitter();
    let timedOut = false;
    const cancelTimeout = this.clock.timer(timeoutMs, () => {
      timedOut = true;
      timeout.emit("abort");
    });
    let status: number | undefined;
    let headers: Record<string, string | string[] | undefined> = {};
    try {
      // The dispatcher's own request: undici's top-level one would parse the same origin every time.
      const response = await dispatcher.request({
        origin: this.origin,
        path: this.pathFor(info.path, query),
        method: info.method as Dispatcher.HttpMethod,
        headers: body === undefined ? this.readHeaders : this.writeHeaders,
        body: body ?? null,
        signal: timeout,
      });
      status = response.statusCode;
      headers = response.headers;
      const { text, raw, bytes } = await readCapped(response.body);
      const contentType = header(headers, "content-type");
      return {
        ok: true,
        status,
        body: text,
        raw,
        bytes,
        contentType,
        retryAfter: header(headers, "retry-after"),
        resetMs: parseRateLimitReset(header(headers, "x-ratelimit-reset"), this.clock.now()),
      };
    } catch (error) {
      if (timedOut) return { ok: false, error: new TimeoutError(timeoutMs, info) };
      if (error instanceof BodyTooLarge) {
        return {
          ok: false,
          error: new InvalidResponseError("the body is larger than 8 MiB", info, status ?? 0),
        };
      }
      return { ok: false, error: networkError(error, info, status !== undefined) };
    } finally {
      cancelTimeout();
      permit.release({
        status,
        limit: header(headers, "x-ratelimit-limit"),
        remaining: header(headers, "x-ratelimit-remaining"),
        retryAfterMs: parseRetryAfter(header(headers, "retry-after"), this.clock.now()),
        resetMs: parseRateLimitReset(header(headers, "x-ratelimit-reset"), this.clock.now()),
      });
    }
  }

  /** The injected dispatcher, or our keep-alive Agent, made on the first request. */
  private async http(): Promise<Dispatcher> {
    if (this.dispatcher) return this.dispatcher;
    const { Agent } = await loadUndici();
    this.dispatcher ??= new Agent({ keepAliveTimeout: 30_000, connect: { timeout: this.timeoutMs } });
    return this.dispatcher;
  }

  /** A complete HTTP answer → the envelope, or the error its status and body mean. */
  private interpret(info: RequestInfo, result: HttpAnswer): { data: unknown; meta: unknown } | ApiError {
    const { status } = result;
    if (status >= 300 && status < 400) {
      return new InvalidResponseError(
        "a redirect, which is not followed; check INVOICING_BASE_URL",
        info,
        status,
      );
    }
    if (status === 429) {
      const now = this.clock.now();
      const rateLimit = this.governor.rateLimit();
      const asked = believableWait(
        rateLimit.windowMs,
        parseRetryAfter(result.retryAfter, now),
        result.resetMs,
      );
      return new RateLimitedError(asked ?? UNKNOWN_RATE_LIMIT_WAIT_MS, info, now, 429, rateLimit);
    }
    const parsed = parseEnvelope(result.body, result.contentType);
    if (!parsed.ok) {
      // Redacted before it is cut to its final length: a key across the cut would leave its first half.
      const cleaned = this.redact(excerptOf(result.body, 4 * EXCERPT_LENGTH));
      return new InvalidResponseError(parsed.problem, info, status, excerptOf(cleaned));
    }
    const { envelope } = parsed;
    if (status >= 200 && status < 300) {
      if (envelope.error !== null) {
        return new InvalidResponseError(
          "a success status with an error message",
          info,
          status,
          excerptOf(this.serviceMessage(envelope.error)),
        );
      }
      return { data: envelope.data, meta: envelope.meta };
    }
    const message = this.serviceMessage(envelope.error ?? "no message");
    if (status === 401) return new AuthenticationError(info);
    if (status === 403) return new PermissionError(info);
    if (status === 404) return new NotFoundError(message, info);
    if (status >= 500) return new ServerError(message, info, status);
    return new BadRequestError(message, info, status);
  }

  /**
   * What the service says in `error`, on the way in: markup, control and bidi characters and line
   * breaks removed, the key redacted, capped. Redacted after cleaning (a tag inside the key cannot
   * split it into pieces too short to recognise) and before the final cut (which could leave half a
   * key).
   */
  private serviceMessage(raw: string): string {
    const cleaned = cleanText(raw, 4 * MAX_MESSAGE_LENGTH, { markup: true });
    return cleanText(this.redact(cleaned), MAX_MESSAGE_LENGTH);
  }

  /** The request's path on the origin: the base URL's own path, the API path, then the query. */
  private pathFor(path: string, query: Query): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
    const search = params.size > 0 ? `?${params}` : "";
    return `${this.pathPrefix}${path}${search}`;
  }
}

/** A failed write the service may already have carried out becomes "outcome unknown". */
function forWrite(error: ApiError, info: RequestInfo): ApiError {
  const maybeProcessed =
    error instanceof ServerError ||
    error instanceof TimeoutError ||
    (error instanceof NetworkError && error.sent) ||
    (error instanceof InvalidResponseError && isSuccessOrServerFailure(error.status ?? 0));
  return maybeProcessed ? new OutcomeUnknownError(error, info) : error;
}

/** A 2xx means it was done; a 5xx may have been done. A 4xx page (a wrong base URL) was not. */
function isSuccessOrServerFailure(status: number): boolean {
  return (status >= 200 && status < 300) || status >= 500;
}

function outcomeOf(error: ApiError): AttemptOutcome {
  if (error instanceof TimeoutError) return { kind: "timeout" };
  if (error instanceof NetworkError) return { kind: "network", sent: error.sent };
  if (error instanceof RateLimitedError && error.status === undefined) {
    // Our own governor refused to wait past the budget: nothing more to try.
    return { kind: "status", status: 400 };
  }
  return { kind: "status", status: error.status ?? 0 };
}

/** Errors raised before the connection was established: the request never left. */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "UND_ERR_CONNECT_TIMEOUT",
  "EHOSTUNREACH",
]);

function networkError(error: unknown, info: RequestInfo, gotHeaders: boolean): NetworkError {
  const code = errorCode(error) ?? "unknown";
  return new NetworkError(code, gotHeaders || !NOT_SENT_CODES.has(code), info);
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

class BodyTooLarge extends Error {}

/**
 * The whole body as text, refused past MAX_BODY_BYTES. With the stream's events rather than an
 * async iterator: one list of chunks and one decode, no promise per chunk.
 */
function readCapped(body: Readable): Promise<{ text: string; raw: Buffer; bytes: number }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    body.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        body.destroy();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    body.on("end", () => {
      const whole = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      resolve({ text: whole.toString("utf8"), raw: whole, bytes: size });
    });
    body.on("error", reject);
  });
}
