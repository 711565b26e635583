/**
 * How every guarded write (create_invoice, log_time, create_customer) answers when its guard stops
 * it: not an error (nothing failed; the guard did its job) but the outcome "refused", with the facts
 * that stopped it in the tool's own field, and `refusal` naming the reason and the one argument that
 * makes the write anyway. The text starts with "Not created:" or "Not logged:", lists the facts, and
 * ends by saying to check with the user before using the override.
 */
import { z } from "zod";

export type Override = "allowOverlap" | "allowSimilar" | "supplement";

export const refusalOutput = z
  .object({
    reason: z.string(),
    override: z
      .enum(["allowOverlap", "allowSimilar", "supplement"])
      .describe("Set it to true only once the user confirmed."),
  })
  .optional()
  .describe('With outcome "refused": why nothing was written.');

/** The refusal's closing sentence: check first, then the override. */
export function overrideAdvice(tool: string, override: Override, stillWanted: string): string {
  return `Check these with the user first. If ${stillWanted}, call ${tool} again with the same arguments and ${override}: true.`;
}
