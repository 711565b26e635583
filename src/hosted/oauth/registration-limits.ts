/**
 * Dynamic Client Registration is open to anyone (that is its point), so what one address can make
 * this server store is bounded before oidc-provider reads a byte: a registration must say its size
 * and be at most MAX_REGISTRATION_BYTES (its stored record is then at most about as large), and an
 * address may register `INVOICING_OAUTH_REGISTRATIONS` clients an hour (shared by every instance
 * when Redis is configured). Registrations that never lead to a grant expire after a day
 * (records.ts), so the table cannot grow without bound from any number of addresses.
 */
import type { IncomingMessage } from "node:http";
import type { AddressLimit } from "./rate-limit.js";

/** A real client's registration is a few hundred bytes (claude.ai's about 300, VS Code's 600). */
export const MAX_REGISTRATION_BYTES = 8 * 1024;

export interface Refusal {
  status: 411 | 413 | 429 | 503;
  headers: Record<string, string>;
  body: { error: string; error_description: string };
}

export async function registrationRefusal(
  req: IncomingMessage,
  limit: AddressLimit,
  address: string,
): Promise<Refusal | undefined> {
  const declared = req.headers["content-length"];
  if (declared === undefined)
    return refusal(411, "invalid_client_metadata", "send the registration with a Content-Length", {
      Connection: "close",
    });
  if (!/^\d+$/.test(declared) || Number(declared) > MAX_REGISTRATION_BYTES)
    return refusal(
      413,
      "invalid_client_metadata",
      `a registration may be at most ${MAX_REGISTRATION_BYTES} bytes`,
      { Connection: "close" },
    );
  let allowed: boolean;
  try {
    allowed = await limit.take(address);
  } catch {
    return refusal(503, "temporarily_unavailable", "registration is not possible for a moment; try again", {
      "Retry-After": "30",
    });
  }
  if (!allowed)
    return refusal(429, "too_many_requests", "too many registrations from this address; try again later", {
      "Retry-After": String(limit.retryAfterSeconds),
    });
  return undefined;
}

function refusal(
  status: Refusal["status"],
  error: string,
  description: string,
  headers: Record<string, string>,
): Refusal {
  return { status, headers, body: { error, error_description: description } };
}
