/**
 * The form token of an authorization page: an HMAC of the interaction's id and step under a key
 * derived from the data keys. It is bound to that one authorization request (whose cookie the
 * browser must also carry), so a form posted from elsewhere, or for another request, is refused.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export function csrfToken(key: Buffer, interactionId: string, step: string): string {
  return createHmac("sha256", key).update(`${interactionId}\n${step}`).digest("base64url");
}

export function csrfValid(key: Buffer, interactionId: string, step: string, given: string | null): boolean {
  if (!given) return false;
  const expected = Buffer.from(csrfToken(key, interactionId, step));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
