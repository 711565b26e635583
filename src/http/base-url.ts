/**
 * The service's base address. Must be https, except on loopback (the sandbox), so a key never
 * travels in clear text over a network. A trailing `/api/v1` is tolerated and removed, since users
 * often paste the full API prefix.
 */

export class BaseUrlError extends Error {}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

export function parseBaseUrl(input: string): URL {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new BaseUrlError(
      `"${displayUrl(input)}" is not a URL; expected e.g. https://invoicing.example.com`,
    );
  }
  if (url.username || url.password) {
    throw new BaseUrlError(
      "the base URL must not contain a user name or password; the key goes in INVOICING_API_KEY",
    );
  }
  if (url.search || url.hash) {
    throw new BaseUrlError("the base URL must not contain a query (?…) or fragment (#…)");
  }
  const loopback = LOOPBACK.test(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback)) {
    throw new BaseUrlError(
      `the base URL must start with https:// (http:// is only allowed for localhost), got ${url.protocol}//${url.host}`,
    );
  }
  url.pathname = url.pathname.replace(/\/+$/, "").replace(/\/api\/v1$/, "");
  return url;
}

/** Origin plus any base path, without a trailing slash: the prefix for `/api/v1/...`. */
export function baseUrlPrefix(url: URL): string {
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

/**
 * A URL as it may be printed: without user name or password (a URL may carry them, and stderr ends
 * up in clients' logs), without query or fragment. Also for text that is not a valid URL.
 */
export function displayUrl(input: string): string {
  try {
    const url = new URL(input.trim());
    return `${url.protocol}//${url.host}${url.pathname === "/" ? "" : url.pathname}`;
  } catch {
    // Everything between "scheme://" (or the start) and the last "@" before the path is user-info.
    return input
      .trim()
      .replace(/^([a-z][a-z0-9+.-]*:\/\/)?[^/?#]*@/i, (_match, scheme: string | undefined) => scheme ?? "")
      .replace(/[?#].*$/s, "");
  }
}
