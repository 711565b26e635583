/**
 * A tool is data: name, title, description, kind, input and output schemas, and a handler that
 * returns plain data plus a short text. Annotations are derived from the kind, so a read tool can
 * never forget `readOnlyHint`, and a write tool never claims to be harmless.
 */
import type { ToolAnnotations } from "@modelcontextprotocol/server";
import type { z } from "zod";
import type { ToolContext } from "./context.js";

export type ToolKind = "read" | "write";

/** What a handler gives back: data for `structuredContent`, and the text a model reads. */
export interface ToolOutput<T> {
  data: T;
  text: string;
  /** Resources this answer is about (a report, a customer), offered as resource links. */
  links?: ResourceLinkTarget[];
}

export interface ResourceLinkTarget {
  uri: string;
  name: string;
  description?: string;
}

export interface ToolDefinition<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  kind: ToolKind;
  /** For writes: repeating the same call has no further effect (a safe replay). Reads always are. */
  idempotent?: boolean;
  input: I;
  output: O;
  /**
   * Arguments a model would plausibly send that pass validation (and that the sandbox's demo data
   * can answer): the contract, fuzz and fault tests call every tool with them.
   */
  example: z.input<I>;
  /** For writes whose outcome may be unknown: the list tool that shows whether it happened. */
  verifyWith?: string;
  /** Offered only with a webhook inbox (INVOICING_INBOX), since it reads from there. */
  needsInbox?: boolean;
  handler(args: z.output<I>, context: ToolContext): Promise<ToolOutput<z.input<O>>>;
}

export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(
  definition: ToolDefinition<I, O>,
): ToolDefinition<I, O> {
  return definition;
}

export function annotationsFor(tool: Pick<ToolDefinition, "kind" | "idempotent" | "title">): ToolAnnotations {
  const read = tool.kind === "read";
  return {
    title: tool.title,
    readOnlyHint: read,
    // Our writes only create; nothing is ever overwritten or deleted.
    destructiveHint: false,
    idempotentHint: read || tool.idempotent === true,
    // Every tool reaches the Invoicing Service, a system outside this process.
    openWorldHint: true,
  };
}
