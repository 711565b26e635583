/**
 * What one answer to GET /api/v1/projects says about the base URL and the key. The API has that
 * route for every account, so anything but its envelope means the address is not the API.
 */
import { excerptOf, parseEnvelope } from "../http/envelope.js";
import type { ProbeAnswer } from "../http/probe.js";
import { keyRedactor } from "../http/redact.js";
import type { Check } from "./report.js";

export const PROBE_PATH = "/api/v1/projects";

export interface AnswerContext {
  /** The full URL that was asked, for the message. */
  url: string;
  /** The key, when one was sent: only to redact it from quoted text and to spot copy-paste damage. */
  apiKey: string | undefined;
}

/** What an answer says, as a cause other parts act on (the sign-in page words it in its language). */
export type AnswerCause =
  | "accepted"
  /** No key was sent: only the address was checked. */
  | "no-key"
  | "unknown-key"
  | "expired"
  | "no-pro"
  /** 403, and the service's words do not tell which of the two. */
  | "expired-or-no-pro"
  | "rate-limited"
  | "service-failed"
  | "not-the-api"
  | "redirect"
  | "unexpected";

export interface Judgement {
  checks: Check[];
  /** The key was sent and accepted: account facts can be read. */
  accepted: boolean;
  cause: AnswerCause;
  /** The service's own words about a refusal, redacted (its data, in its language); empty when none. */
  said: string;
}

export function judgeAnswer(answer: ProbeAnswer, context: AnswerContext): Judgement {
  const { status } = answer;
  const judged = (checks: Check[], cause: AnswerCause, said = ""): Judgement => ({
    checks,
    accepted: cause === "accepted",
    cause,
    said,
  });
  if (status >= 300 && status < 400) return judged([redirected(answer, context)], "redirect");
  const parsed = parseEnvelope(answer.body, answer.contentType);
  if (!parsed.ok || status === 404) {
    const what = parsed.ok ? "a 404 for a route the API always has" : parsed.problem;
    const excerpt = parsed.ok ? "" : redact(parsed.excerpt, context.apiKey);
    return judged([notTheApi(status, what, excerpt, context.url)], "not-the-api");
  }
  const api: Check = {
    name: "API",
    status: "ok",
    finding: `answers like the Invoicing Service API (HTTP ${status})`,
  };
  const said = redact(excerptOf(parsed.envelope.error ?? ""), context.apiKey);
  if (status >= 500) return judged([api, serviceFailed(status, said)], "service-failed", said);
  if (status === 429) return judged([api, rateLimited()], "rate-limited");
  if (context.apiKey === undefined) return judged([api], "no-key");
  if (status === 401) return judged([api, keyRejected(context.apiKey)], "unknown-key", said);
  if (status === 403) {
    const cause = forbiddenCause(said);
    return judged([api, forbidden(said)], cause === "either" ? "expired-or-no-pro" : cause, said);
  }
  if (status >= 400) return judged([api, unexpected(status, said)], "unexpected", said);
  return judged([api, { name: "access", status: "ok", finding: "accepted" }], "accepted");
}

export type ForbiddenCause = "expired" | "no-pro" | "either";

/** The API gives 403 for both causes; its words are the only hint, and its documented one names both. */
export function forbiddenCause(message: string): ForbiddenCause {
  const expired = /expir|abgelaufen/i.test(message);
  const noPro = /\bpro\b|\bplan\b|upgrade|subscription|abonnement|tarif/i.test(message);
  if (expired && !noPro) return "expired";
  if (noPro && !expired) return "no-pro";
  return "either";
}

const NEW_KEY =
  "Create a new key in the service under Settings → API access and set INVOICING_API_KEY to it.";
const PRO_PLAN = "API access needs the Pro plan: upgrade the account (the key itself can stay).";

function forbidden(said: string): Check {
  const quote = said ? ` The service says: "${said}"` : "";
  const cause = forbiddenCause(said);
  if (cause === "expired") {
    return {
      name: "access",
      status: "fail",
      finding: "refused (403): the key has expired.",
      fix: NEW_KEY + quote,
    };
  }
  if (cause === "no-pro") {
    return {
      name: "access",
      status: "fail",
      finding: "refused (403): the account has no Pro plan.",
      fix: PRO_PLAN + quote,
    };
  }
  return {
    name: "access",
    status: "fail",
    finding:
      "refused (403): the key has expired, or the account has no Pro plan (the service does not say which).",
    fix: `If the key is old, create a new one under Settings → API access and set INVOICING_API_KEY to it.\nIf the account is not on the Pro plan, upgrade it: API access needs Pro (the key itself can stay).${quote ? `\n${quote.trim()}` : ""}`,
  };
}

function keyRejected(apiKey: string): Check {
  const damaged = apiKey !== apiKey.trim() || /^["']|["']$/.test(apiKey);
  return {
    name: "access",
    status: "fail",
    finding: "not accepted (401): the service does not know this key.",
    fix: damaged
      ? "The key starts or ends with a space or a quote mark: set INVOICING_API_KEY to the key alone."
      : "Copy the whole key again from Settings → API access (or create a new one) and set INVOICING_API_KEY to it.",
  };
}

function redirected(answer: ProbeAnswer, context: AnswerContext): Check {
  let target = "";
  try {
    const url = new URL(answer.location ?? "", context.url);
    const base = url.pathname.endsWith(PROBE_PATH) ? url.pathname.slice(0, -PROBE_PATH.length) : url.pathname;
    // Where a redirect points is the service's text: it may carry the key (in the path, a host name,
    // user-info), so it is shown without user-info and redacted.
    target = redact(`${url.origin}${base}`, context.apiKey);
  } catch {
    // No usable Location: say only that it redirects.
  }
  return {
    name: "API",
    status: "fail",
    finding: `no: ${context.url} redirects (HTTP ${answer.status})${target ? ` to ${target}` : ""}`,
    fix: `${target ? `Set INVOICING_BASE_URL to ${target} if that is the service. ` : "Check INVOICING_BASE_URL. "}The server never follows\nredirects, so your key is never sent anywhere you did not name.`,
  };
}

function notTheApi(status: number, what: string, excerpt: string, url: string): Check {
  return {
    name: "API",
    status: "fail",
    finding: `no: this does not look like the Invoicing Service API (HTTP ${status}, ${what}${excerpt ? `: "${excerpt}"` : ""})`,
    fix: `Check the base URL: INVOICING_BASE_URL should be the service's address, e.g. https://invoicing.example.com\n(doctor asked ${url}).`,
  };
}

function serviceFailed(status: number, said: string): Check {
  return {
    name: "service",
    status: "fail",
    finding: `the service failed (HTTP ${status}${said ? `: ${said}` : ""})`,
    fix: "A problem on the service's side: try again in a few minutes; if it lasts, contact its support.",
  };
}

function rateLimited(): Check {
  return {
    name: "access",
    status: "fail",
    finding: "not checked: the service is rate limiting this key (429, 100 requests a minute).",
    fix: "Wait a minute and run doctor again; if it repeats, another program is using the same key heavily.",
  };
}

function unexpected(status: number, said: string): Check {
  return {
    name: "access",
    status: "fail",
    finding: `not checked: the service refused the request (HTTP ${status}${said ? `: ${said}` : ""})`,
    fix: "Check INVOICING_BASE_URL; if it is right, the service may have changed: please report this.",
  };
}

function redact(text: string, apiKey: string | undefined): string {
  return keyRedactor(apiKey)(text);
}
