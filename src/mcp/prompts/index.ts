import type { McpServer } from "@modelcontextprotocol/server";
import type { ContextHandle } from "../context-handle.js";
import { chaseOverduePrompt } from "./chase-overdue.js";
import type { Language, PromptDefinition } from "./define-prompt.js";
import { invoiceUnbilledPrompt } from "./invoice-unbilled.js";
import { logDayNotesPrompt } from "./log-day-notes.js";
import { monthEndPrompt } from "./month-end.js";
import { yearEndReviewPrompt } from "./year-end-review.js";

export const allPrompts = [
  logDayNotesPrompt,
  chaseOverduePrompt,
  invoiceUnbilledPrompt,
  monthEndPrompt,
  yearEndReviewPrompt,
] as unknown as PromptDefinition[];

/** Prompts that lead to writes: not offered in read-only mode, where the model could not follow them. */
export const writePrompts = [
  logDayNotesPrompt,
  invoiceUnbilledPrompt,
  monthEndPrompt,
] as unknown as PromptDefinition[];

/** The prompts a caller is offered: none that leads to a write it cannot make. */
export function listedPrompts(access: { canWrite: boolean }): PromptDefinition[] {
  return allPrompts.filter((prompt) => access.canWrite || !writePrompts.includes(prompt));
}

/**
 * The prompts' registrations, their argument schemas built once (they complete names from this
 * context's directory); the function registers them on a server, as often as servers are made.
 */
export function promptRegistrations(
  context: ContextHandle,
  access: { canWrite: boolean },
): (server: McpServer) => void {
  const prompts = listedPrompts(access).map((prompt) => ({
    prompt,
    config: { title: prompt.title, description: prompt.description, argsSchema: prompt.args(context) },
  }));
  return (server) => {
    for (const { prompt, config } of prompts) {
      server.registerPrompt(prompt.name, config, (args: Record<string, unknown>) => ({
        description: prompt.description,
        messages: [
          {
            role: "user" as const,
            content: {
              type: "text" as const,
              text: prompt.text(args as never, args.language as Language | undefined),
            },
          },
        ],
      }));
    }
  };
}
