/**
 * The `X-Service-Signature` the sandbox puts on a delivery, as the API document describes it:
 * HMAC-SHA256 over the exact body bytes, keyed with the endpoint's secret (its UTF-8 bytes),
 * written as lowercase hex. Kept apart from the client's verifier so that each checks the other.
 */
import { createHmac } from "node:crypto";

export function signatureFor(body: string, secret: string): string {
  return createHmac("sha256", Buffer.from(secret, "utf8")).update(Buffer.from(body, "utf8")).digest("hex");
}
