/**
 * The authorization pages as HTML: server-rendered, no script, no external asset, one inline
 * stylesheet allowed by its hash. Every value is escaped. The headers forbid framing and caching.
 */
import { createHash } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { Language } from "./language.js";
import { type AccessTarget, TEXTS } from "./texts.js";

// One card, system fonts, a light and a dark theme; the primary action filled, the other outlined.
const STYLE = `:root{color-scheme:light dark;--ink:#1b1b1f;--muted:#55565c;--line:#d4d5da;--card:#fff;--page:#f3f4f6;--accent:#1d4ed8;--accent-ink:#fff;--bad:#b42318;--bad-bg:#fef3f2}
@media (prefers-color-scheme:dark){:root{--ink:#ececf0;--muted:#b4b6bf;--line:#44464f;--card:#1e1f24;--page:#121316;--accent:#8fb0ff;--accent-ink:#0b1533;--bad:#ffb4ab;--bad-bg:#3b1715}}
*{box-sizing:border-box}body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;background:var(--page);color:var(--ink)}
main{max-width:36rem;margin:2rem auto;padding:1.5rem;background:var(--card);border:1px solid var(--line);border-radius:12px}
@media (max-width:480px){body{background:var(--card)}main{margin:0;border:0;border-radius:0;padding:1.25rem 1rem}}
header{border-bottom:1px solid var(--line);padding-bottom:.75rem;margin-bottom:1rem}
.product{font-weight:700;font-size:1.05rem;margin:0}.operator{color:var(--muted);font-size:.9rem;margin:.1rem 0 0}
h1{font-size:1.4rem;line-height:1.3;margin:0 0 .75rem}p{margin:.5rem 0}
label{display:block;font-weight:600;margin:1rem 0 .35rem}
input[type=password]{width:100%;padding:.6rem .7rem;font:inherit;color:inherit;background:var(--card);border:1px solid var(--muted);border-radius:8px}
.hint{color:var(--muted);font-size:.9rem}
.problem{background:var(--bad-bg);border-left:4px solid var(--bad);padding:.6rem .8rem;border-radius:4px;margin:1rem 0}
.problem q{font-style:italic}
fieldset{min-width:0;border:1px solid var(--line);border-radius:8px;margin:1.25rem 0 0;padding:.5rem 1rem 1rem}
legend{font-weight:600;padding:0 .3rem}
.choice{display:flex;gap:.6rem;align-items:flex-start;font-weight:400;margin:.6rem 0}
.choice input{margin-top:.35rem;width:1.1rem;height:1.1rem;flex:none}
.choice strong{display:block}
.url{display:block;max-width:100%;overflow-x:auto;white-space:nowrap;user-select:all;-webkit-user-select:all;cursor:text;font:.9rem ui-monospace,Menlo,Consolas,monospace;padding:.55rem .7rem;border:1px dashed var(--muted);border-radius:6px;margin:.5rem 0 .2rem}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}
button{font:inherit;font-weight:600;padding:.65rem 1.4rem;border-radius:8px;cursor:pointer;min-height:2.75rem}
.primary{background:var(--accent);color:var(--accent-ink);border:1px solid var(--accent)}
.secondary{background:transparent;color:var(--ink);border:1px solid var(--muted)}`;
const STYLE_HASH = createHash("sha256").update(STYLE).digest("base64");

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What every page shows above its content: the product and who runs this server. */
export interface PageFrame {
  operator: string;
}

export interface KeyPage {
  kind: "key";
  action: string;
  csrf: string;
  /** The name the app gave itself, cleaned; shown only as its own claim. */
  client: string | undefined;
  /** Why the last key was not taken: a message of the page's own, in its language. */
  problem?: string | undefined;
  /** What came back, quoted as data: the service's own words or a network error's code. */
  detail?: { from: "service" | "network"; text: string } | undefined;
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

export function renderPage(page: Page, language: Language, frame: PageFrame): string {
  const t = TEXTS[language];
  const body =
    page.kind === "key"
      ? keyForm(page, language)
      : page.kind === "consent"
        ? consentForm(page, language)
        : `<p class="problem" role="alert">${escapeHtml(page.text)}</p>`;
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${escapeHtml(t.title)}</title><style>${STYLE}</style></head>
<body><main><header><p class="product">invoicing-mcp</p><p class="operator">${escapeHtml(t.operatedBy(frame.operator))}</p></header>
${body}</main></body></html>`;
}

function keyForm(page: KeyPage, language: Language): string {
  const t = TEXTS[language];
  const detail = page.detail
    ? `<p class="hint">${escapeHtml(page.detail.from === "service" ? t.serviceAnswered : t.networkError)} ${
        page.detail.from === "service"
          ? `<q>${escapeHtml(page.detail.text)}</q>`
          : `<code>${escapeHtml(page.detail.text)}</code>`
      }</p>`
    : "";
  const problem = page.problem
    ? `<div class="problem" role="alert"><p>${escapeHtml(page.problem)}</p>${detail}</div>`
    : "";
  return `<h1>${escapeHtml(t.signInHeading)}</h1>
<p>${escapeHtml(t.signInIntro(page.client))}</p>${problem}
<form method="post" action="${escapeHtml(page.action)}">
<input type="hidden" name="csrf" value="${escapeHtml(page.csrf)}">
<label for="api_key">${escapeHtml(t.keyLabel)}</label>
<input type="password" id="api_key" name="api_key" autocomplete="off" required>
<p class="hint">${escapeHtml(t.keyHint)}</p>
<div class="actions"><button type="submit" class="primary">${escapeHtml(t.continue)}</button></div>
</form>`;
}

function consentForm(page: ConsentPage, language: Language): string {
  const t = TEXTS[language];
  const choice = (value: "read" | "write", title: string, note: string, checked: boolean) =>
    `<label class="choice"><input type="radio" name="access" value="${value}"${checked ? " checked" : ""}><span><strong>${escapeHtml(title)}</strong><span class="hint">${escapeHtml(note)}</span></span></label>`;
  // The least access is chosen until the person chooses more.
  const access = `<fieldset><legend>${escapeHtml(t.accessLegend)}</legend>
${choice("read", t.accessRead, t.accessReadNote, true)}
${page.offerWrite ? choice("write", t.accessWrite, t.accessWriteNote, false) : ""}
</fieldset>`;
  return `<h1>${escapeHtml(t.consentHeading)}</h1>
<p>${escapeHtml(t.consentIntro(page.client))}</p>
${page.accessGoesTo ? `<p><strong>${escapeHtml(t.accessGoesTo(page.accessGoesTo))}</strong></p>` : ""}
<p class="hint">${escapeHtml(page.describedBy ? t.describedBy(page.describedBy) : t.registeredItself)}</p>
<form method="post" action="${escapeHtml(page.action)}">
<input type="hidden" name="csrf" value="${escapeHtml(page.csrf)}">
${access}
<fieldset><legend>${escapeHtml(t.webhookLegend)}</legend>
<p class="hint">${escapeHtml(t.webhookHint)}</p>
<code class="url" tabindex="0">${escapeHtml(page.webhookUrl)}</code>
<p class="hint">${escapeHtml(t.copyHint)}</p>
<label for="webhook_secret">${escapeHtml(t.webhookLabel)}</label>
<input type="password" id="webhook_secret" name="webhook_secret" autocomplete="off">
</fieldset>
<div class="actions"><button type="submit" name="decision" value="allow" class="primary">${escapeHtml(t.allow)}</button>
<button type="submit" name="decision" value="deny" class="secondary">${escapeHtml(t.deny)}</button></div>
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
