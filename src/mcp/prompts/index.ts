import type { McpServer } from "@modelcontextprotocol/server";
import type { ToolContext } from "../context.js";
import { chaseOverduePrompt } from "./chase-overdue.js";
import type { Language, PromptDefinition } from "./define-prompt.js";
import { invoiceUnbilledPrompt } from "./invoice-unbilled.js";
import { logDayNotesPrompt } from "./log-day-notes.js";
import { yearEndReviewPrompt } from "./year-end-review.js";

export const allPrompts = [
  logDayNotesPrompt,
  chaseOverduePrompt,
  invoiceUnbilledPrompt,
  yearEndReviewPrompt,
] as unknown as PromptDefinition[];

export function registerPrompts(server: McpServer, context: ToolContext): void {
  for (const prompt of allPrompts) {
    server.registerPrompt(
      prompt.name,
      { title: prompt.title, description: prompt.description, argsSchema: prompt.args(context) },
      (args: Record<string, unknown>) => ({
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
      }),
    );
  }
}
