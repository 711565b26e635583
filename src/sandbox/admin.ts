/**
 * Sandbox-only routes under /_sandbox/ (not part of the API, no key needed), so people building
 * agents in another language can inject faults over HTTP:
 *   GET /_sandbox/faults     → {pending}
 *   POST /_sandbox/faults    body: a Fault (path as an exact string) → 201 {pending}
 *   DELETE /_sandbox/faults  → {pending: 0}
 */
import type { IncomingMessage } from "node:http";
import { z } from "zod";
import { failure, HttpError, ok, type Reply } from "./envelope.js";
import type { Fault, FaultAction, Faults } from "./faults.js";
import { readJsonBody } from "./http-io.js";
import { parseBody } from "./validation.js";

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

export async function adminReply(req: IncomingMessage, path: string, faults: Faults): Promise<Reply> {
  if (path !== `${ADMIN_PREFIX}faults`) return failure(404, "Not found");
  try {
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
  } catch (error) {
    if (error instanceof HttpError) return failure(error.status, error.message, error.headers);
    throw error;
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
