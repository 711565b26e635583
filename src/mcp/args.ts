/**
 * Argument schemas several tools share, each described for a new colleague: what it is, its
 * format, an example.
 */
import { z } from "zod";

export const customerArg = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .describe(
    'Customer id or name, e.g. "cus_8f3a…" or "Müller & Söhne GmbH". Names match ignoring case, accents and ae/oe/ue/ss spellings ("mueller" finds "Müller & Söhne GmbH"); a unique prefix or part is enough.',
  );

export const projectArg = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .describe('Project id or name, e.g. "Website Relaunch" or "website"; matched like customer names.');

/** A calendar day; with `periodSide`, a period phrase also works and stands for its first or last day. */
export const dayArg = (what: string, periodSide?: "first" | "last") =>
  z
    .string()
    .trim()
    .min(1)
    .max(100)
    .describe(
      `${what}: an ISO date or a phrase in English or German, e.g. "2026-03-01", "yesterday", "last Monday", "1. März 2026"${
        periodSide ? `; a period phrase like "last month" or "Q1 2026" stands for its ${periodSide} day` : ""
      }.`,
    );

export const limitArg = z
  .number()
  .int()
  .min(1)
  .max(100)
  .default(20)
  .describe("Rows per page, 1 to 100 (default 20).");

export const offsetArg = z
  .number()
  .int()
  .min(0)
  .max(1_000_000)
  .default(0)
  .describe("Rows to skip, for the next page: pass the previous answer's nextOffset (default 0).");

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
