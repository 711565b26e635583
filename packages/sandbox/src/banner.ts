/** The startup text on stderr: where the sandbox listens, which key is which, how to try it. */
import type { SandboxKeys } from "./keys.js";

export function banner(url: string, keys: SandboxKeys): string {
  return [
    `Invoicing sandbox (REST API v1 with demo data) listening on ${url}`,
    "",
    "API keys (send as 'Authorization: Bearer <key>'):",
    `  demo account (a freelancer's year)   ${keys.demo}`,
    `  other account (small, separate)      ${keys.other}`,
    `  expired key (403)                    ${keys.expired}`,
    `  account without Pro plan (403)       ${keys.noPro}`,
    "",
    "Try it:",
    `  curl -H 'Authorization: Bearer ${keys.demo}' ${url}/api/v1/customers`,
    `  curl -H 'Authorization: Bearer ${keys.demo}' ${url}/api/v1/reports/outstanding-payments-by-customer`,
    "",
    "Stop with Ctrl+C.",
  ].join("\n");
}
