/**
 * Argument schemas several tools share. How names match, what a date accepts and how paging works
 * is said once, in the server's instructions (server.ts); each argument says only what is its own.
 */
import { z } from "zod";

export const customerArg = z.string().trim().min(1).max(200).describe("Customer id or name.");

export const projectArg = z.string().trim().min(1).max(200).describe("Project id or name.");

/** A calendar day; a period phrase stands for its first or last day (see the instructions). */
export const dayArg = (what: string) => z.string().trim().min(1).max(100).describe(what);

/** A period in words or dates ("last month", "Q3 2026", "2026-10-01..2026-10-31"). */
export const periodArg = (what: string) => z.string().trim().min(1).max(100).describe(what);

export const limitArg = z.number().int().min(1).max(100).default(20).describe("Page size.");

export const offsetArg = z
  .number()
  .int()
  // Past the last row is an empty page, so no upper bound but .int()'s own.
  .min(0)
  .default(0)
  .describe("An answer's nextOffset.");

export const pageOutput = {
  total: z.number().int().describe("Rows matching the filters, over all pages."),
  offset: z.number().int(),
  limit: z.number().int(),
  nextOffset: z.number().int().nullable().describe("offset of the next page, or null on the last page."),
};

/** For answers built from a whole list: whether it was whole, and why not. */
export const completenessOutput = {
  complete: z
    .boolean()
    .describe(
      "false when the service would not hand out its whole list: the rows are only what could be read, and totals are null.",
    ),
  incompleteReason: z.string().nullable().describe("Why the list is partial; null when it is whole."),
};

export const moneyOutput = z.number().describe("EUR, two decimals.");
