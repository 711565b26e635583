/**
 * The authorization pages as HTML: server-rendered, no script, no external asset, one inline
 * stylesheet allowed by its hash. Every value is escaped. The headers forbid framing and caching.
 */
import { createHash } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { Language } from "./language.js";
import { type AccessTarget, TEXTS } from "./texts.js";

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#1b1b1b}
h1{font-size:1.4rem}label{display:block;margin:1rem 0 .3rem;font-weight:600}
input[type=password],input[type=text]{width:100%;padding:.5rem;font:inherit;box-sizing:border-box}
.hint{color:#555;font-size:.9rem}.problem{background:#fdecea;border-left:4px solid #c62828;padding:.6rem .8rem}
.choice{display:block;font-weight:400;margin:.4rem 0}button{font:inherit;padding:.5rem 1.2rem;margin:1rem .5rem 0 0}
code{word-break:break-all}`;
const STYLE_HASH = createHash("sha256").update(STYLE).digest("base64");

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface KeyPage {
  kind: "key";
  action: string;
  csrf: string;
  /** The name the app gave itself, cleaned; shown only as its own claim. */
  client: string | undefined;
  problem?: string | undefined;
  finding?: string | undefined;
}

export interface ConsentPage {
  kind: "consent";
  action: string;
  csrf: string;
  client: string | undefined;
  /** What the app cannot fake: where the access goes, and who published its metadata document. */
  accessGoesTo: AccessTarget | undefined;
  describedBy: string | undefined;
  offerWrite: boolean;
  webhookUrl: string;
}

export interface MessagePage {
  kind: "message";
  text: string;
}

export type Page = KeyPage | ConsentPage | MessagePage;

export function renderPage(page: Page, language: Language): string {
  const t = TEXTS[language];
  const body =
    page.kind === "key"
      ? keyForm(page, language)
      : page.kind === "consent"
        ? consentForm(page, language)
        : `<p class="problem">${escapeHtml(page.text)}</p>`;
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${escapeHtml(t.title)}</title><style>${STYLE}</style></head>
<body>${body}</body></html>`;
}

function keyForm(page: KeyPage, language: Language): string {
  const t = TEXTS[language];
  const problem = page.problem
    ? `<div class="problem" role="alert"><p>${escapeHtml(page.problem)}</p>${page.finding ? `<p class="hint">${escapeHtml(t.serviceSaid)} ${escapeHtml(page.finding)}</p>` : ""}</div>`
    : "";
  return `<h1>${escapeHtml(t.signInHeading)}</h1>
<p>${escapeHtml(t.signInIntro(page.client))}</p>${problem}
<form method="post" action="${escapeHtml(page.action)}">
<input type="hidden" name="csrf" value="${escapeHtml(page.csrf)}">
<label for="api_key">${escapeHtml(t.keyLabel)}</label>
<input type="password" id="api_key" name="api_key" autocomplete="off" required>
<p class="hint">${escapeHtml(t.keyHint)}</p>
<button type="submit">${escapeHtml(t.continue)}</button>
</form>`;
}

function consentForm(page: ConsentPage, language: Language): string {
  const t = TEXTS[language];
  const write = page.offerWrite
    ? `<label class="choice"><input type="radio" name="access" value="write" checked> ${escapeHtml(t.accessWrite)}</label>`
    : "";
  return `<h1>${escapeHtml(t.consentHeading)}</h1>
<p>${escapeHtml(t.consentIntro(page.client))}</p>
${page.accessGoesTo ? `<p><strong>${escapeHtml(t.accessGoesTo(page.accessGoesTo))}</strong></p>` : ""}
<p class="hint">${escapeHtml(page.describedBy ? t.describedBy(page.describedBy) : t.registeredItself)}</p>
<form method="post" action="${escapeHtml(page.action)}">
<input type="hidden" name="csrf" value="${escapeHtml(page.csrf)}">
${write}<label class="choice"><input type="radio" name="access" value="read"${page.offerWrite ? "" : " checked"}> ${escapeHtml(t.accessRead)}</label>
<label for="webhook_secret">${escapeHtml(t.webhookLabel)}</label>
<input type="password" id="webhook_secret" name="webhook_secret" autocomplete="off">
<p class="hint">${escapeHtml(t.webhookHint(page.webhookUrl))}</p>
<button type="submit" name="decision" value="allow">${escapeHtml(t.allow)}</button>
<button type="submit" name="decision" value="deny">${escapeHtml(t.deny)}</button>
</form>`;
}

/** Sends a page with the headers every page carries; `formTargets` are origins a form may lead to. */
export function sendPage(
  res: ServerResponse,
  status: number,
  html: string,
  formTargets: string[] = [],
): void {
  const csp = [
    "default-src 'none'",
    `style-src 'sha256-${STYLE_HASH}'`,
    `form-action 'self'${formTargets.map((target) => ` ${target}`).join("")}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
  res.writeHead(status, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": csp,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
  });
  res.end(html);
}
