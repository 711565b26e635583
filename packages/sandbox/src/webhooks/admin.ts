/**
 * Webhook endpoints of the sandbox over HTTP (sandbox extra, no key needed):
 *   GET /_sandbox/webhooks     → {endpoints (without secrets), deliveries (every attempt)}
 *   POST /_sandbox/webhooks    body {url, secret, events?, account?} → 201 {endpoints: n}
 *   DELETE /_sandbox/webhooks  → removes every endpoint (deliveries already under way go on)
 */
import type { IncomingMessage } from "node:http";
import { z } from "zod";
import { failure, ok, type Reply } from "../envelope.js";
import { readJsonBody } from "../http-io.js";
import { parseBody } from "../validation.js";
import { EVENT_NAMES } from "./events.js";
import type { WebhookSender } from "./sender.js";

const endpointBody = z.object({
  url: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }),
  secret: z.string({ error: "must be a string" }).min(1, "must not be empty"),
  events: z.array(z.enum(EVENT_NAMES, { error: `must be among ${EVENT_NAMES.join(", ")}` })).optional(),
  account: z.enum(["demo", "other"], { error: "must be demo or other" }).optional(),
});

export async function webhooksAdminReply(req: IncomingMessage, sender: WebhookSender): Promise<Reply> {
  switch (req.method) {
    case "GET":
      return ok({ endpoints: sender.endpoints(), deliveries: sender.deliveries });
    case "POST": {
      const input = parseBody(endpointBody, await readJsonBody(req));
      sender.addEndpoint({
        url: input.url,
        secret: input.secret,
        ...(input.events === undefined ? {} : { events: input.events }),
        ...(input.account === undefined ? {} : { account: input.account }),
      });
      return { ...ok({ endpoints: sender.endpoints().length }), status: 201 };
    }
    case "DELETE":
      sender.clearEndpoints();
      return ok({ endpoints: 0 });
    default:
      return failure(405, `Method ${req.method} not allowed on /_sandbox/webhooks`, {
        Allow: "GET, POST, DELETE",
      });
  }
}
