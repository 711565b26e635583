/**
 * How a tool call waits for the service's rate window. With a progress token the client can be
 * kept informed, so the call may wait up to WAIT_WITH_PROGRESS_MS (an agent cannot sleep a minute
 * and retry on its own) and hears at least every 10 s what it is waiting for and until when.
 * Without one, the call keeps the client's budget and its error says when to try again.
 * Either way a cancellation stops the wait before anything is sent.
 */
import type { ServerContext } from "@modelcontextprotocol/server";
import type { Waiting } from "../http/call-budget.js";
import { clockTime } from "./format.js";

export const WAIT_WITH_PROGRESS_MS = 120_000;

export function waitingFor(request: ServerContext["mcpReq"], timeZone: string): Waiting {
  const token = request._meta?.progressToken;
  if (token === undefined) return { signal: request.signal };
  let progress = 0;
  return {
    signal: request.signal,
    budgetMs: WAIT_WITH_PROGRESS_MS,
    onWait(untilMs) {
      progress += 1;
      const message = `Waiting for the Invoicing Service's rate limit until ${clockTime(untilMs, timeZone)} (${timeZone}).`;
      // A notification that cannot be sent (the client left) must not fail the call it reports on.
      request
        .notify({ method: "notifications/progress", params: { progressToken: token, progress, message } })
        .catch(() => undefined);
    },
  };
}
