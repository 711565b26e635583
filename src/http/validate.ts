import type { ZodType } from "zod";
import { InvalidResponseError, type RequestInfo } from "./errors.js";

/**
 * A schema's check written out by hand for an answer read on the hot path: what the schema gives,
 * or undefined wherever it is not sure, and the schema decides (and words any error).
 */
export type QuickCheck<T> = (data: unknown) => T | undefined;

const quickChecks = new WeakMap<ZodType, QuickCheck<unknown>>();

/** From now on `schema`'s answers are tried with `check` first. */
export function withQuickCheck<T>(schema: ZodType<T>, check: QuickCheck<T>): void {
  quickChecks.set(schema, check);
}

export function quickCheckOf<T>(schema: ZodType<T>): QuickCheck<T> | undefined {
  return quickChecks.get(schema) as QuickCheck<T> | undefined;
}

/**
 * Checks `data` against the schema of what the API document promises. Unknown extra fields are
 * accepted (the service may add some); a wrong type is an invalid response naming the field.
 */
export function validateData<T>(
  schema: ZodType<T>,
  data: unknown,
  info: RequestInfo,
  status: number,
): { ok: true; value: T } | { ok: false; error: InvalidResponseError } {
  const quick = quickChecks.get(schema)?.(data);
  if (quick !== undefined) return { ok: true, value: quick as T };
  const result = schema.safeParse(data);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `data.${issue.path.join(".")}` : "data";
  const problem = `${where} does not match the API document (${issue?.message ?? "unexpected shape"})`;
  return { ok: false, error: new InvalidResponseError(problem, info, status) };
}
