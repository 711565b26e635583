/**
 * `POST /webhooks/{tenant}` in the hosted mode: the receiver's rules (signature over the raw bytes
 * with that tenant's secret, then the envelope, then storage before the 200), with the shared
 * PostgreSQL inbox as the store. An unknown tenant, or one without a webhook secret, is a 404.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Pool } from "pg";
import { answerJson } from "../json-answer.js";
import { acceptDelivery } from "../webhooks/delivery.js";
import { MAX_BODY_BYTES, readBody } from "../webhooks/request-body.js";
import type { Authenticator } from "./auth.js";
import type { WebhookRoute } from "./http-server.js";
import { pgInboxWriter } from "./pg/inbox.js";

export function pgWebhookRoute(
  pool: Pool,
  auth: Authenticator,
  log: (message: string) => void,
): WebhookRoute {
  return async (tenantId: string, req: IncomingMessage, res: ServerResponse) => {
    const secrets = await auth.webhookSecrets(tenantId);
    if (!secrets || secrets.length === 0) return answerJson(res, 404, { ok: false, error: "not found" });
    if (req.method !== "POST")
      return answerJson(res, 405, { ok: false, error: "use POST" }, { Allow: "POST" });
    const body = await readBody(req, MAX_BODY_BYTES).catch(() => undefined);
    if (body === undefined) return; // the sender went away mid-body
    if (body.kind === "too-large") {
      res.once("finish", () => req.socket.destroySoon());
      return answerJson(
        res,
        413,
        { ok: false, error: `body larger than ${MAX_BODY_BYTES} bytes` },
        { Connection: "close" },
      );
    }
    const result = await acceptDelivery(body.body, req.headers["x-service-signature"], {
      secrets,
      inbox: pgInboxWriter(pool, tenantId),
      now: Date.now,
    });
    const line = { tenant: tenantId, status: result.status, outcome: result.outcome, event: result.event };
    log(JSON.stringify(result.outcome === "rejected" ? { ...line, reason: result.reason } : line));
    if (result.outcome === "rejected")
      return answerJson(res, result.status, { ok: false, error: result.reason });
    answerJson(res, 200, { ok: true });
  };
}
