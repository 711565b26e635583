/**
 * Asking the person, through the SDK: a handler's `AskToConfirm` becomes an `input_required` result
 * (a form the client shows), and the retried call's answer becomes the handler's `Confirmation`.
 * The SDK serves both protocol eras with this: 2026-07-28 clients fulfil the request and call again;
 * on older connections its shim sends `elicitation/create` and runs the handler again itself.
 */
import {
  CLIENT_CAPABILITIES_META_KEY,
  type ClientCapabilities,
  type InputRequiredResult,
  inputRequired,
  inputResponse,
  type McpServer,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { type AskForValues, AskToConfirm, type Confirmation } from "./define-tool.js";

const KEY = "confirm";

/**
 * What the person said to the question that carried `state`: yes (in the form, or as the call's own
 * `confirmed: true` where no form could be shown), no (the form was answered otherwise), or nothing
 * yet. An answer to another question (another state) is no answer to this one.
 */
export function verdictOn(
  confirmation: Confirmation,
  confirmedArg: boolean | undefined,
  state: string,
): "yes" | "no" | "unasked" {
  const answer = confirmation.answer;
  if (confirmedArg === true || (answer?.confirmed === true && answer.state === state)) return "yes";
  return answer !== undefined && answer.state === state ? "no" : "unasked";
}

export function confirmationOf(ctx: ServerContext, server: McpServer): Confirmation {
  const view = inputResponse(ctx.mcpReq.inputResponses, KEY);
  const state = ctx.mcpReq.requestState<unknown>();
  return {
    supported: canShowForm(ctx, server),
    ...(view.kind === "elicit"
      ? {
          answer: {
            action: view.action,
            // The answer comes from the client: only a literal true counts as a yes.
            confirmed: view.action === "accept" && view.content?.[KEY] === true,
            state: typeof state === "string" ? state : undefined,
            values: view.action === "accept" ? textValues(view.content) : {},
          },
        }
      : {}),
  };
}

/** A form's text fields, from the client: only strings count, trimmed and bounded; empty ones left out. */
function textValues(content: Record<string, unknown> | undefined): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(content ?? {}).slice(0, 50)) {
    if (key === KEY || typeof value !== "string") continue;
    const text = value.trim().slice(0, 500);
    if (text !== "") values[key.slice(0, 100)] = text;
  }
  return values;
}

export function askResult(ask: AskToConfirm | AskForValues): InputRequiredResult {
  if (!(ask instanceof AskToConfirm)) {
    return inputRequired({
      inputRequests: {
        [KEY]: inputRequired.elicit({
          message: ask.message,
          requestedSchema: {
            type: "object",
            properties: Object.fromEntries(
              ask.fields.map((field) => [
                field.key,
                {
                  type: "string" as const,
                  title: field.title,
                  ...(field.description ? { description: field.description } : {}),
                },
              ]),
            ),
          },
        }),
      },
      requestState: ask.state,
    });
  }
  return inputRequired({
    inputRequests: {
      [KEY]: inputRequired.elicit({
        message: ask.message,
        requestedSchema: {
          type: "object",
          properties: { [KEY]: { type: "boolean", title: ask.checkbox, default: false } },
          required: [KEY],
        },
      }),
    },
    requestState: ask.state,
  });
}

/**
 * A form (not only a URL) can be shown. 2026-07-28 requests carry the client's capabilities each
 * time; older connections declared them once at initialize. A bare `elicitation: {}` means forms.
 */
function canShowForm(ctx: ServerContext, server: McpServer): boolean {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const perRequest = envelope?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined;
  // Deprecated for 2026 requests, but where a 2025-era connection's capabilities live.
  const elicitation = (perRequest ?? server.server.getClientCapabilities())?.elicitation;
  if (elicitation === undefined) return false;
  return elicitation.form !== undefined || elicitation.url === undefined;
}
