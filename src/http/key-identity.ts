/**
 * An API key's identity, never the key itself: a hash of the service's base URL and the key, so the
 * same key at two services is two identities. What the rate budget, the OAuth person's tenant id and
 * the key check's cache are keyed by; a stored id (a tenant's) depends on it staying this hash.
 */
import { createHash } from "node:crypto";

export function keyIdentity(baseUrl: string, apiKey: string): string {
  return createHash("sha256").update(`${baseUrl}\n${apiKey}`).digest("hex");
}
