/**
 * Request bodies, checked with zod. Every message names the field and what is wrong with it
 * ("netAmount must be a number"); all problems are reported at once, joined by "; ".
 */
import { z } from "zod";
import { badRequest, type HttpError } from "./envelope.js";
import { hasAtMostTwoDecimals } from "./money.js";
import { ACTIVITY_TYPES } from "./records.js";

/** Timestamps must be Unix milliseconds; this range catches seconds sent by mistake. */
const MIN_MS = Date.UTC(2000, 0, 1);
const MAX_MS = Date.UTC(2100, 0, 1);

const expecting = (what: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? "is required" : `must be ${what}`;

const finiteNumber = (what: string) =>
  z.number({
    error: (issue) =>
      issue.input === undefined
        ? "is required"
        : typeof issue.input === "number"
          ? "must be a finite number"
          : `must be ${what}`,
  });

export const text = () => z.string({ error: expecting("a string") });
export const nonEmptyText = () => text().refine((s) => s.trim() !== "", "must not be empty");

export const eurAmount = () =>
  finiteNumber("a number")
    .refine((n) => n >= 0, "must not be negative")
    .refine(hasAtMostTwoDecimals, "must have at most 2 decimals");

export const timestamp = () =>
  finiteNumber("a number (Unix ms)")
    .refine(Number.isInteger, "must be an integer (Unix ms)")
    .refine(
      (n) => n >= MIN_MS && n < MAX_MS,
      "must be a Unix timestamp in milliseconds between 2000 and 2100",
    );

export const taxRate = () =>
  finiteNumber("a number")
    .refine((n) => n >= 0 && n <= 100, "must be between 0 and 100")
    .refine(hasAtMostTwoDecimals, "must have at most 2 decimals");

export const activityType = () =>
  z.enum(ACTIVITY_TYPES, { error: `must be one of ${ACTIVITY_TYPES.join(", ")}` });

/** Parses or throws a 400 whose message names every failing field. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw badRequest("body must be a JSON object");
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw describe(result.error);
}

function describe(error: z.ZodError): HttpError {
  const parts = error.issues.map((issue) => {
    const field = issue.path.map(String).join(".");
    return field === "" ? issue.message : `${field} ${issue.message}`;
  });
  return badRequest([...new Set(parts)].join("; "));
}
