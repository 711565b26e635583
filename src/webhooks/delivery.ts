/**
 * What one delivery becomes, in the order that keeps forged and broken bodies harmless: the
 * signature over the raw bytes first (401, nothing parsed or stored), then the envelope (400),
 * then the inbox (200 only once the event is on disk; a repeat is 200 and stored once).
 */
import { parseEnvelope } from "./envelope.js";
import { eventId } from "./inbox-format.js";
import { type AppendOutcome, type InboxWriter, UnstorableEventError } from "./inbox-writer.js";
import { verifySignature } from "./signature.js";

export interface DeliveryDeps {
  secrets: readonly string[];
  inbox: InboxWriter;
  /** Unix ms, for `receivedAt`. */
  now: () => number;
}

export type DeliveryResult =
  | { status: 200; outcome: AppendOutcome; event: string; id: string }
  | { status: 400 | 401 | 503; outcome: "rejected"; reason: string; event?: string; id?: string };

export async function acceptDelivery(
  raw: Buffer,
  signature: string | string[] | undefined,
  deps: DeliveryDeps,
): Promise<DeliveryResult> {
  if (!verifySignature(raw, signature, deps.secrets)) {
    return { status: 401, outcome: "rejected", reason: "invalid signature" };
  }
  const check = parseEnvelope(raw);
  // Authentic but unreadable: 400 and not stored. The service's delivery log (Settings →
  // Integrations) then shows the failure to the account owner, and its retries carry the same
  // bytes, so storing a half-understood record would only hide the problem from every reader.
  if (!check.ok) return { status: 400, outcome: "rejected", reason: check.reason };
  const { event } = check.envelope;
  const id = eventId(raw);
  if (deps.inbox.has(id)) return { status: 200, outcome: "duplicate", event, id };
  try {
    const receivedAt = new Date(deps.now()).toISOString();
    const outcome = await deps.inbox.append({ id, receivedAt, ...check.envelope });
    return { status: 200, outcome, event, id };
  } catch (error) {
    // Authentic but impossible to store (it nests too deep): like a malformed body, a 400.
    if (error instanceof UnstorableEventError) {
      return { status: 400, outcome: "rejected", reason: error.message, event, id };
    }
    // Not stored, so not acknowledged: the service retries later (disk full, permissions, …).
    const reason = `inbox write failed: ${(error as NodeJS.ErrnoException).code ?? String(error)}`;
    return { status: 503, outcome: "rejected", reason, event, id };
  }
}
