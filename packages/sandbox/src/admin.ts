/**
 * Sandbox-only routes under /_sandbox/ (not part of the API), so people building agents in another
 * language can steer the sandbox over HTTP:
 *   GET /_sandbox/faults     → {pending}
 *   POST /_sandbox/faults    body: a Fault (path as an exact string) → 201 {pending}
 *   DELETE /_sandbox/faults  → {pending: 0}
 *   /_sandbox/webhooks       webhook endpoints and the delivery log (webhooks/admin.ts)
 *   /_sandbox/invoices/{id}/send|pay|remind, /_sandbox/expenses: actions that emit the webhook
 *     events the API cannot trigger (routes/actions.ts); these take the account's key.
 * Faults and webhooks need no key. An unknown /_sandbox/ path is 404, with or without a key.
 */
import type { IncomingMessage } from "node:http";
import { z } from "zod";
import { AUTH_MESSAGE, failure, HttpError, ok, type Reply } from "./envelope.js";
import type { Fault, FaultAction, Faults } from "./faults.js";
import { readJsonBody } from "./http-io.js";
import { type SandboxKeys, verifyKey } from "./keys.js";
import { ACTIONS } from "./routes/actions.js";
import { type RouteEnv, routeContext } from "./routes/context.js";
import { matchIn } from "./routes/table.js";
import { parseBody } from "./validation.js";
import { webhooksAdminReply } from "./webhooks/admin.js";

export const ADMIN_PREFIX = "/_sandbox/";

const status = z.number().int().min(100).max(599);
const action = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("status"),
    status,
    retryAfter: z.string().optional(),
    message: z.string().optional(),
  }),
  z.object({ kind: z.literal("html"), status }),
  z.object({ kind: z.literal("hang") }),
  z.object({ kind: z.literal("stall-body"), status: status.optional() }),
  z.object({ kind: z.literal("reset") }),
  z.object({ kind: z.literal("truncated") }),
  z.object({ kind: z.literal("not-envelope"), body: z.unknown().optional() }),
  z.object({ kind: z.literal("malformed") }),
]);
const faultBody = z.object({
  method: z.string().optional(),
  path: z.string().optional(),
  times: z.number().int().min(1).optional(),
  when: z.enum(["before", "after"]).optional(),
  action,
});

export interface AdminDeps extends RouteEnv {
  faults: Faults;
  keys: SandboxKeys;
  moreDemoKeys: readonly string[];
}

export async function adminReply(
  req: IncomingMessage,
  method: string,
  path: string,
  key: string | undefined,
  deps: AdminDeps,
): Promise<Reply> {
  try {
    if (path === `${ADMIN_PREFIX}faults`) return await faultsReply(req, path, deps.faults);
    if (path === `${ADMIN_PREFIX}webhooks`) return await webhooksAdminReply(req, deps.webhooks);
    return await actionReply(req, method, path, key, deps);
  } catch (error) {
    if (error instanceof HttpError) return failure(error.status, error.message, error.headers);
    throw error;
  }
}

/** Route first (so unknown paths stay 404 without a key), then the key, then the body. */
async function actionReply(
  req: IncomingMessage,
  method: string,
  path: string,
  key: string | undefined,
  deps: AdminDeps,
): Promise<Reply> {
  const { route, params } = matchIn(ACTIONS, method, path);
  const verdict = verifyKey(deps.keys, key, deps.moreDemoKeys);
  if (verdict.kind === "unauthenticated") return failure(401, AUTH_MESSAGE);
  if (verdict.kind === "forbidden") return failure(403, AUTH_MESSAGE);
  // The actions' bodies are all optional or small: no body at all means "{}".
  const hasBody =
    Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;
  const body = hasBody ? await readJsonBody(req) : {};
  return route.handler(routeContext(deps, verdict.account, { params, query: new URLSearchParams(), body }));
}

async function faultsReply(req: IncomingMessage, path: string, faults: Faults): Promise<Reply> {
  switch (req.method) {
    case "GET":
      return ok({ pending: faults.pending() });
    case "POST": {
      faults.add(toFault(parseBody(faultBody, await readJsonBody(req))));
      return { ...ok({ pending: faults.pending() }), status: 201 };
    }
    case "DELETE":
      faults.clear();
      return ok({ pending: 0 });
    default:
      return failure(405, `Method ${req.method} not allowed on ${path}`, { Allow: "GET, POST, DELETE" });
  }
}

/** Drops absent optional keys: the Fault type does not allow explicit undefined. */
function toFault(input: z.output<typeof faultBody>): Fault {
  const fault: Fault = { action: stripUndefined(input.action) as FaultAction };
  if (input.method !== undefined) fault.method = input.method;
  if (input.path !== undefined) fault.path = input.path;
  if (input.times !== undefined) fault.times = input.times;
  if (input.when !== undefined) fault.when = input.when;
  return fault;
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
