/**
 * The authorization pages' requests, GET and POST /oauth/interaction/{uid}: first the key (checked
 * live, stored only when the service accepts it), then consent (read, or read and write; the
 * optional webhook secret). Each POST is rate-limited per address and must carry the page's CSRF
 * token; the interaction's own cookie ties it to the browser that began the authorization.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type Provider from "oidc-provider";
import { cleanText } from "../../domain/text.js";
import { csrfToken, csrfValid } from "./csrf.js";
import { readForm } from "./form-body.js";
import { checkKey } from "./key-check.js";
import { type Language, pickLanguage } from "./language.js";
import { type KeyPage, type Page, renderPage, sendPage } from "./pages.js";
import type { People } from "./people.js";
import { SCOPES } from "./provider.js";
import type { AddressLimit } from "./rate-limit.js";
import { type AccessTarget, TEXTS } from "./texts.js";

export interface InteractionDeps {
  provider: Provider;
  people: People;
  limiter: AddressLimit;
  csrfKey: Buffer;
  /** The invoicing service every OAuth person's key belongs to. */
  baseUrl: string;
  resource: string;
  publicUrl: string;
  /** Who runs this server, named on every page. */
  operator: string;
  keyCheckTimeoutMs: number;
  address(req: IncomingMessage): string;
  log(message: string): void;
}

type Details = Awaited<ReturnType<Provider["interactionDetails"]>>;

export async function handleInteraction(
  deps: InteractionDeps,
  uid: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const language = pickLanguage(req.headers["accept-language"]);
  const t = TEXTS[language];
  const render = (page: Page) => renderPage(page, language, { operator: deps.operator });
  const message = (status: number, text: string) => sendPage(res, status, render({ kind: "message", text }));
  if (req.method !== "GET" && req.method !== "POST") return message(405, t.expired);
  if (req.method === "POST") {
    let allowed: boolean;
    try {
      allowed = await deps.limiter.take(deps.address(req));
    } catch {
      return message(503, t.unavailable); // the shared count cannot be reached: refuse, never skip it
    }
    if (!allowed) return message(429, t.tooMany);
  }

  let details: Details;
  try {
    details = await deps.provider.interactionDetails(req, res);
  } catch {
    return message(400, t.expired); // no such interaction, expired, or this browser did not begin it
  }
  if (details.uid !== uid) return message(400, t.expired);
  const step = details.prompt.name;
  const clientId = String(details.params.client_id ?? "");
  const client = await deps.provider.Client.find(clientId);
  if (!client) return message(400, t.expired);
  const metadata = client.metadata();
  // The app's own words about itself: cleaned of control characters (a right-to-left override
  // could reorder what a person reads), bounded, and shown only as its claim.
  const clientName =
    cleanText(typeof metadata.client_name === "string" ? metadata.client_name : "", 80) || undefined;
  const redirectUri = String(details.params.redirect_uri ?? "");
  const redirectOrigin = originOf(redirectUri);
  const action = `/oauth/interaction/${encodeURIComponent(uid)}`;
  const csrf = csrfToken(deps.csrfKey, uid, step);
  const targets = redirectOrigin ? [redirectOrigin] : [];

  const keyPage = (status: number, problem?: string, detail?: KeyPage["detail"]) =>
    sendPage(
      res,
      status,
      render({ kind: "key", action, csrf, client: clientName, problem, detail }),
      targets,
    );

  if (req.method === "GET") {
    if (step === "login") return keyPage(200);
    if (step === "consent") {
      const requested = String(details.params.scope ?? "").split(" ");
      return sendPage(
        res,
        200,
        render({
          kind: "consent",
          action,
          csrf,
          client: clientName,
          accessGoesTo: accessTarget(redirectUri),
          // A client id that is an https URL is a metadata document: its host served the description.
          describedBy: clientId.startsWith("https://") ? hostOf(clientId) : undefined,
          offerWrite: requested.includes("write") || !requested.some((s) => s === "read"),
          webhookUrl: `${deps.publicUrl}/webhooks/${String(details.session?.accountId ?? "")}`,
        }),
        targets,
      );
    }
    return message(400, t.expired);
  }

  const form = await readForm(req);
  if (!form || !csrfValid(deps.csrfKey, uid, step, form.get("csrf"))) return message(403, t.forged);

  if (step === "login") return submitKey(deps, req, res, form, language, keyPage);
  if (step === "consent") return submitConsent(deps, req, res, form, details, clientId);
  return message(400, t.expired);
}

async function submitKey(
  deps: InteractionDeps,
  req: IncomingMessage,
  res: ServerResponse,
  form: URLSearchParams,
  language: Language,
  keyPage: (status: number, problem?: string, detail?: KeyPage["detail"]) => void,
): Promise<void> {
  const t = TEXTS[language];
  const apiKey = form.get("api_key") ?? "";
  if (!apiKey) return keyPage(400, t.emptyKey);
  const verdict = await checkKey(deps.baseUrl, apiKey, deps.keyCheckTimeoutMs);
  if (!verdict.ok) {
    // The page's own words say what to do; what came back is quoted only where those words cannot
    // tell it all (an answer the check did not expect, or the network's error code).
    const quoted = verdict.problem === "unreachable" || verdict.problem === "service";
    const detail =
      quoted && verdict.detail
        ? {
            from: verdict.problem === "unreachable" ? ("network" as const) : ("service" as const),
            text: verdict.detail,
          }
        : undefined;
    return keyPage(400, t.problem[verdict.problem], detail);
  }
  const accountId = await deps.people.save(deps.baseUrl, apiKey);
  const to = await deps.provider.interactionResult(
    req,
    res,
    { login: { accountId } },
    { mergeWithLastSubmission: false },
  );
  redirect(res, to);
}

async function submitConsent(
  deps: InteractionDeps,
  req: IncomingMessage,
  res: ServerResponse,
  form: URLSearchParams,
  details: Details,
  clientId: string,
): Promise<void> {
  const accountId = details.session?.accountId;
  if (form.get("decision") !== "allow" || !accountId) {
    const to = await deps.provider.interactionResult(
      req,
      res,
      { error: "access_denied", error_description: "the person did not allow access" },
      { mergeWithLastSubmission: false },
    );
    return redirect(res, to);
  }
  const requested = new Set(String(details.params.scope ?? "").split(" "));
  const write = form.get("access") === "write" && (requested.has("write") || !requested.has("read"));
  const grant = new deps.provider.Grant({ accountId, clientId });
  // Both as the resource's scopes (what the token carries) and as the server's own (what was asked).
  const granted = write ? SCOPES.join(" ") : "read";
  grant.addResourceScope(deps.resource, granted);
  grant.addOIDCScope(granted);
  if (!write) {
    grant.rejectResourceScope(deps.resource, "write");
    grant.rejectOIDCScope("write");
  }
  const grantId = await grant.save();
  const secret = (form.get("webhook_secret") ?? "").trim();
  if (secret) await deps.people.setWebhookSecret(accountId, secret);
  deps.log(`invoicing-mcp oauth: ${accountId} allowed ${write ? "read and write" : "read"} access`);
  const to = await deps.provider.interactionResult(
    req,
    res,
    { consent: { grantId } },
    { mergeWithLastSubmission: true },
  );
  redirect(res, to);
}

function redirect(res: ServerResponse, to: string): void {
  res.writeHead(303, { Location: to, "Cache-Control": "no-store" });
  res.end();
}

function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.origin === "null" ? `${parsed.protocol}` : parsed.origin;
  } catch {
    return undefined;
  }
}

/** Where the code goes, from the redirect URI the request named (it matched a registered one exactly). */
function accessTarget(redirectUri: string): AccessTarget | undefined {
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    return undefined;
  }
  if (url.protocol === "https:" || url.protocol === "http:") {
    const local = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/i.test(url.hostname);
    return { kind: local ? "local" : "web", host: url.host };
  }
  return { kind: "app", scheme: url.protocol.slice(0, -1) };
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host || undefined;
  } catch {
    return undefined;
  }
}
