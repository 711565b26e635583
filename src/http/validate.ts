import type { ZodType } from "zod";
import { InvalidResponseError, type RequestInfo } from "./errors.js";

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
  const result = schema.safeParse(data);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `data.${issue.path.join(".")}` : "data";
  const problem = `${where} does not match the API document (${issue?.message ?? "unexpected shape"})`;
  return { ok: false, error: new InvalidResponseError(problem, info, status) };
}
