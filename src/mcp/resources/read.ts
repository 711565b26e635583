import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import type { z } from "zod";
import type { SignIn } from "../../config/principal.js";
import type { ToolContext } from "../context.js";
import { AskForValues, AskToConfirm, UNATTENDED } from "../define-tool.js";
import { errorKind, errorText, isExpectedError } from "../error-text.js";
import { loadTool } from "../tool-catalog.js";

/** Errors that say a variable of the URI is wrong: the reader's to correct, as invalid params. */
const VARIABLE_ERRORS = new Set(["input", "date_input", "path_parameter"]);

/**
 * Runs a tool's handler and returns its structured data as a JSON resource: one way to fetch and
 * shape. The tool is named, not imported, so its code is read on the first read (tool-catalog.ts).
 * A URI variable the tool cannot take is invalid params with the tool's own reason; anything
 * unexpected is logged with its cause, since its answer only points to the log.
 */
export async function readAsJson(
  uri: URL,
  toolName: string,
  args: Record<string, unknown>,
  context: ToolContext,
  log: (message: string) => void,
  signIn: SignIn,
) {
  try {
    const tool = await loadTool(toolName);
    const parsed = tool.input.safeParse(args);
    if (!parsed.success) throw new ProtocolError(ProtocolErrorCode.InvalidParams, issuesText(parsed.error));
    const output = await tool.handler(parsed.data, context, UNATTENDED);
    // Only writes ask, and no write is served as a resource.
    if (output instanceof AskToConfirm || output instanceof AskForValues)
      throw new Error(`${tool.name} asks for a confirmation`);
    return {
      contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(output.data, null, 2) }],
    };
  } catch (error) {
    if (error instanceof ProtocolError) throw error;
    const kind = errorKind(error);
    if (kind !== undefined && VARIABLE_ERRORS.has(kind))
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, errorText(error, { signIn }));
    if (!isExpectedError(error))
      log(
        `invoicing-mcp: reading ${uri.protocol}//${uri.host}${uri.pathname.slice(0, 80)} failed: ${error instanceof Error ? error.stack : String(error)}`,
      );
    // Worded for the way the reader signed in, as a tool call's error is (a key is set where they set it).
    throw new Error(errorText(error, { signIn }));
  }
}

/** "period: too long (at most 100 characters)": each variable and what is wrong with it, never its value. */
function issuesText(error: z.ZodError): string {
  const parts = error.issues.map((issue) => {
    const name = issue.path.join(".") || "the address";
    if (issue.code === "too_big") return `${name}: too long (at most ${String(issue.maximum)} characters)`;
    if (issue.code === "too_small") return `${name}: empty`;
    return `${name}: ${issue.message}`;
  });
  return `Invalid resource address: ${parts.join("; ")}.`;
}
