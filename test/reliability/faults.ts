/**
 * The fault matrix as data: each way the service (or the network in front of it) can fail, what
 * the sandbox does to produce it, and the sentence a user must get for it. Messages the service
 * sends echo the key, so every cell also proves that the key is redacted.
 */
import type { FaultAction } from "@invoicing-mcp/sandbox";

export interface FaultKind {
  label: string;
  action: FaultAction;
  /** The answer when a read (any GET) meets the fault. */
  read: RegExp;
  /** Where it meets a write's POST: "before" processing, or "after" (carried out, then broken). */
  when: "before" | "after";
  /** The answer when the POST itself meets the fault. */
  write: RegExp;
  /** POSTs a write may send: only a 429 (certainly not processed) may be retried. */
  maxPosts: number;
}

const MAY_OR_MAY_NOT = "may or may not have carried this out";
const CHECK_FIRST = "Do not simply retry: first check with list_\\w+ whether it exists";

function unknownOutcome(cause: string): RegExp {
  return new RegExp(`${MAY_OR_MAY_NOT} \\(${cause}\\)\\. ${CHECK_FIRST}`);
}

export function faultKinds(key: string): FaultKind[] {
  const refused = (text: string): Omit<FaultKind, "label" | "action"> => {
    const pattern = new RegExp(text);
    return { read: pattern, when: "before", write: pattern, maxPosts: 1 };
  };
  return [
    {
      label: "400",
      action: { kind: "status", status: 400, message: `field x is invalid for ${key}` },
      ...refused(
        "The service refused the request \\(400\\): field x is invalid for \\[redacted\\]\\. Correct the input and try again\\.",
      ),
    },
    {
      label: "401",
      action: { kind: "status", status: 401 },
      ...refused(
        "did not accept the API key \\(401\\)\\. Check it in this server.s settings.*INVOICING_API_KEY",
      ),
    },
    {
      label: "403",
      action: { kind: "status", status: 403 },
      ...refused("Access denied \\(403\\): the API key has expired, or the account has no Pro plan"),
    },
    {
      label: "404",
      action: { kind: "status", status: 404, message: `nothing here for ${key}` },
      ...refused("Not found \\(404\\): nothing here for \\[redacted\\]\\. The id may be wrong"),
    },
    {
      label: "429 with Retry-After",
      action: { kind: "status", status: 429, retryAfter: "30", message: `slow down, ${key}` },
      // The limit the governor paces by: learned from the sandbox's header (capped at 10,000), over
      // the window the matrix scales to 6 s.
      ...refused(
        "rate limit is reached \\((?:100|10000) requests (?:a minute|per 6 s)\\)\\. Try again in 30 s",
      ),
    },
    {
      label: "429 without Retry-After",
      action: { kind: "status", status: 429 },
      ...refused(
        "rate limit is reached \\((?:100|10000) requests (?:a minute|per 6 s)\\)\\. Try again in \\d+ s",
      ),
      // Not processed, so the client may try again: at most its three attempts.
      maxPosts: 3,
    },
    {
      label: "500",
      action: { kind: "status", status: 500, message: `database down (key ${key})` },
      read: /The Invoicing Service failed \(500: database down \(key \[redacted\]\)\)\. This is usually temporary: try again in a minute/,
      when: "after",
      write: unknownOutcome("it failed with 500 after receiving the request"),
      maxPosts: 1,
    },
    {
      label: "502 with an HTML page",
      action: { kind: "html", status: 502 },
      read: /The answer \(status 502\) was not a valid Invoicing Service API response: an HTML page instead of JSON\. It began: "502 Bad Gateway/,
      when: "after",
      write: unknownOutcome("its answer could not be read \\(status 502\\)"),
      maxPosts: 1,
    },
    {
      label: "503",
      action: { kind: "status", status: 503 },
      read: /The Invoicing Service failed \(503: Service Unavailable\)\. This is usually temporary/,
      when: "after",
      write: unknownOutcome("it failed with 503 after receiving the request"),
      maxPosts: 1,
    },
    {
      label: "reset connection",
      action: { kind: "reset" },
      read: /Could not reach the Invoicing Service \(ECONNRESET\)\. Check INVOICING_BASE_URL/,
      when: "after",
      write: unknownOutcome("the connection broke after the request was sent \\(ECONNRESET\\)"),
      maxPosts: 1,
    },
    {
      label: "hung response",
      action: { kind: "hang" },
      // The last attempt may only get what is left of the call's budget, and the text then says so.
      read: /The Invoicing Service did not answer (within [\d.]+ s|in the time left for this call)\. Try again/,
      when: "after",
      write: unknownOutcome("no answer in time after the request was sent"),
      maxPosts: 1,
    },
    {
      label: "truncated JSON",
      action: { kind: "truncated" },
      read: /not a valid Invoicing Service API response: the body is not valid JSON \(cut off or malformed\)/,
      when: "after",
      write: unknownOutcome("its answer could not be read \\(status 200\\)"),
      maxPosts: 1,
    },
    {
      label: "not an envelope",
      action: { kind: "not-envelope", body: { ok: true, echo: key } },
      read: /not a valid Invoicing Service API response: JSON without the \{data, meta, error\} envelope\. It began: "\{"ok":true,"echo":"\[redacted\]"\}"/,
      when: "after",
      write: unknownOutcome("its answer could not be read \\(status 200\\)"),
      maxPosts: 1,
    },
  ];
}
