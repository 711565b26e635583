/**
 * Every API answer is the envelope `{data, meta, error}`. Handlers return a Reply (or throw an
 * HttpError); only the server writes to the socket, so a fault can still replace the answer.
 */
export interface Envelope {
  data: unknown;
  meta: unknown;
  error: string | null;
}

export interface Reply {
  status: number;
  body: Envelope;
  headers?: Record<string, string>;
}

export const AUTH_MESSAGE = "Invalid or expired API key. Pro plan required.";

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** 400 with the "Invalid request: …" prefix every validation message carries. */
export function badRequest(detail: string): HttpError {
  return new HttpError(400, `Invalid request: ${detail}`);
}

export function customerNotFound(): HttpError {
  return new HttpError(404, "Customer not found");
}

export function ok(data: unknown, meta: unknown = null): Reply {
  return { status: 200, body: { data, meta, error: null } };
}

export function list(items: readonly unknown[]): Reply {
  return ok(items, { total: items.length });
}

export function created(id: string): Reply {
  return { status: 201, body: { data: { id }, meta: { created: true }, error: null } };
}

export function failure(status: number, message: string, headers: Record<string, string> = {}): Reply {
  return { status, body: { data: null, meta: null, error: message }, headers };
}
