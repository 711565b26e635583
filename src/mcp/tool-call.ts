/**
 * One tool call, from its checked arguments to its answer: the call's budget and way of waiting,
 * the handler, and the answer or the error worded for the caller. server.ts imports this module on
 * the first call, so a start reads none of it (nor the error wording, dates and money it needs).
 */
import type { McpServer, ServerContext } from "@modelcontextprotocol/server";
import { InputError } from "../domain/input-error.js";
import { CallScope } from "../http/call-budget.js";
import { askResult, confirmationOf } from "./confirmation.js";
import { contextForCall, type ToolContext } from "./context.js";
import { AskForValues, AskToConfirm, type ToolCall } from "./define-tool.js";
import { isExpectedError } from "./error-text.js";
import { waitingFor } from "./progress.js";
import { errorResult, successResult } from "./result.js";
import type { ToolEntry } from "./tool-catalog.js";

export async function runToolCall(
  tool: ToolEntry,
  args: unknown,
  request: { ctx: ServerContext; server: McpServer; context: ToolContext },
  caller: Omit<ToolCall, "confirmation">,
  log: (message: string) => void,
) {
  const { ctx, server, context } = request;
  try {
    // Every request of this call shares one budget, and waits as this request allows.
    const scope = new CallScope(waitingFor(ctx.mcpReq, context.timeZone));
    const call = { confirmation: confirmationOf(ctx, server), ...caller };
    const { handler } = await tool.load(); // loaded already, by the arguments' check
    const output = await handler(args as never, contextForCall(context, scope), call);
    return output instanceof AskToConfirm || output instanceof AskForValues
      ? askResult(output)
      : successResult(output);
  } catch (error) {
    if (!isExpectedError(error))
      log(`invoicing-mcp: ${tool.name} failed: ${error instanceof Error ? error.stack : String(error)}`);
    return errorResult(error, {
      verifyWith: tool.verifyWith,
      timeZone: context.timeZone,
      signIn: caller.signIn,
    });
  }
}

/** A call of a tool this caller does not get: why, and how to get it, as an error result. */
export function refusedCall(reason: string) {
  return errorResult(new InputError(reason));
}
