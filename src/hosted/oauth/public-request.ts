/**
 * What oidc-provider (koa) reads to build the URLs it publishes (discovery, redirects, the
 * interaction's return address) and to decide whether its cookies are Secure: the request's Host
 * and, in proxy mode, X-Forwarded-Host and X-Forwarded-Proto. Those come from whoever sent the
 * request, so before the provider sees one we set them from INVOICING_PUBLIC_URL: behind any proxy
 * (one that rewrites Host to its upstream's name, one that passes a client's X-Forwarded-Host on)
 * every URL is the public one, and the cookies are Secure exactly when the public URL is https.
 * X-Forwarded-For is kept only when the operator trusts the proxy in front.
 */
import type { IncomingMessage } from "node:http";

export function asPublicRequest(req: IncomingMessage, publicUrl: URL, trustProxy: boolean): void {
  const headers = req.headers;
  headers.host = publicUrl.host;
  headers["x-forwarded-host"] = publicUrl.host;
  headers["x-forwarded-proto"] = publicUrl.protocol.slice(0, -1);
  delete headers["x-forwarded-port"];
  delete headers.forwarded;
  if (!trustProxy) delete headers["x-forwarded-for"];
}
