/**
 * One raw GET, for diagnosing a key rather than using it: `invoicing-mcp doctor`, and the OAuth
 * sign-in page's check of the key a person types (src/hosted/oauth/key-check.ts). A diagnosis needs
 * what the API client deliberately hides: the `Date` header (clock skew), the service's own words
 * in a refusal (expired key or no Pro plan), where a redirect points, and the raw answer of
 * something that is not the API at all. So: one attempt, no retry, no rate governor, no envelope;
 * redirects are reported, never followed.
 */
import { Agent, request } from "undici";
import { baseUrlPrefix, parseBaseUrl } from "./base-url.js";
import { errorCode } from "./error-code.js";

/** Enough of a body to recognise an envelope or an HTML page; the rest is not read. */
const MAX_PROBE_BODY_BYTES = 64 * 1024;

export interface ProbeOptions {
  baseUrl: string;
  /** e.g. "/api/v1/projects" */
  path: string;
  /** Sent as a Bearer header when given. */
  apiKey?: string | undefined;
  /** For connecting, headers and body together. */
  timeoutMs: number;
  now?: () => number;
}

export type ProbeResult = ProbeAnswer | ProbeFailure;

export interface ProbeAnswer {
  reached: true;
  status: number;
  contentType: string | undefined;
  /** The `Date` header as sent. */
  date: string | undefined;
  location: string | undefined;
  /** At most 64 KiB of it. */
  body: string;
  /** Clock readings around the exchange, to place the service's `Date` on our time line. */
  sentAt: number;
  receivedAt: number;
}

export interface ProbeFailure {
  reached: false;
  /** A Node or undici error code, e.g. ECONNREFUSED, ENOTFOUND, CERT_HAS_EXPIRED; "TIMEOUT" when our own limit hit. */
  code: string;
}

export async function probe(options: ProbeOptions): Promise<ProbeResult> {
  const now = options.now ?? Date.now;
  const url = `${baseUrlPrefix(parseBaseUrl(options.baseUrl))}${options.path}`;
  const dispatcher = new Agent({ connect: { timeout: options.timeoutMs } });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const headers: Record<string, string> = {
    accept: "application/json",
    "user-agent": "invoicing-mcp doctor",
  };
  if (options.apiKey !== undefined) headers.authorization = `Bearer ${options.apiKey}`;
  const sentAt = now();
  try {
    const response = await request(url, { method: "GET", headers, signal: controller.signal, dispatcher });
    const body = await readStart(response.body);
    return {
      reached: true,
      status: response.statusCode,
      contentType: first(response.headers["content-type"]),
      date: first(response.headers.date),
      location: first(response.headers.location),
      body,
      sentAt,
      receivedAt: now(),
    };
  } catch (error) {
    return { reached: false, code: controller.signal.aborted ? "TIMEOUT" : (errorCode(error) ?? "unknown") };
  } finally {
    clearTimeout(timer);
    await dispatcher.destroy().catch(() => undefined);
  }
}

async function readStart(body: AsyncIterable<Buffer> & { destroy(): unknown }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= MAX_PROBE_BODY_BYTES) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, MAX_PROBE_BODY_BYTES).toString("utf8");
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
