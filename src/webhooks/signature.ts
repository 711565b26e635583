/**
 * `X-Service-Signature`: HMAC-SHA256 of the raw body with the endpoint's secret, as hex. The secret
 * is used as its UTF-8 bytes, the way the service shows it in its settings.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** Two during a rotation: the new secret and the old one, so no delivery fails while both are live. */
export const MAX_SECRETS = 2;

const SIGNATURE_SHAPE = /^[0-9a-fA-F]{64}$/;

/** The hex signature the service sends for `body` (tests sign with it; the sandbox signs on its own). */
export function sign(body: string | Uint8Array, secret: string): string {
  return createHmac("sha256", secret).update(body).digest("hex");
}

/**
 * True when `header` is the signature of `body` under one of `secrets`. The header must be exactly
 * 64 hex characters (either case); anything else fails before any HMAC is computed. The digests are
 * compared as 32-byte buffers with timingSafeEqual, so the time taken says nothing about how many
 * leading bytes matched. Every secret is tried, so it does not say which secret matched either.
 */
export function verifySignature(
  body: Uint8Array,
  header: string | readonly string[] | undefined,
  secrets: readonly string[],
): boolean {
  // A repeated header arrives as an array (or joined by ", "); neither is a signature.
  if (typeof header !== "string" || !SIGNATURE_SHAPE.test(header)) return false;
  const given = Buffer.from(header, "hex");
  let valid = false;
  for (const secret of secrets) {
    const expected = createHmac("sha256", secret).update(body).digest();
    if (expected.length === given.length && timingSafeEqual(expected, given)) valid = true;
  }
  return valid;
}

export class SecretError extends Error {
  override name = "SecretError";
}

/**
 * The secrets in INVOICING_WEBHOOK_SECRET: one, or two separated by a comma during a rotation.
 * Surrounding spaces are ignored. The message never contains the value itself.
 */
export function parseSecrets(raw: string | undefined): string[] {
  const secrets = (raw ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  if (secrets.length === 0) {
    throw new SecretError(
      "INVOICING_WEBHOOK_SECRET is not set. Copy the endpoint's secret from the service's settings " +
        "(Settings → API access) and start the receiver with it in the environment, e.g. " +
        "INVOICING_WEBHOOK_SECRET=<secret> invoicing-mcp webhooks serve. " +
        "During a rotation give both, comma-separated: <new>,<old>.",
    );
  }
  if (secrets.length > MAX_SECRETS) {
    throw new SecretError(
      `INVOICING_WEBHOOK_SECRET holds ${secrets.length} comma-separated secrets; at most ${MAX_SECRETS} ` +
        "(the new and the old one during a rotation) are accepted.",
    );
  }
  return secrets;
}
