/**
 * API paths with their parameters checked and encoded, so an id can never step outside the
 * resource it names (`../`, `?`, `#`, `%2e`, control characters).
 */

export class PathParameterError extends Error {}

const MAX_ID_LENGTH = 200;

/** Tagged template: apiPath`/customers/${id}/summary` → "/api/v1/customers/<encoded id>/summary". */
export function apiPath(strings: TemplateStringsArray, ...params: string[]): string {
  let path = "/api/v1";
  strings.forEach((part, index) => {
    path += part;
    if (index < params.length) path += encodePathParameter(params[index]!);
  });
  return path;
}

export function encodePathParameter(value: string): string {
  if (typeof value !== "string" || value.length === 0)
    throw new PathParameterError("an id must not be empty");
  if (value.length > MAX_ID_LENGTH)
    throw new PathParameterError(`an id must be at most ${MAX_ID_LENGTH} characters`);
  if (/[\p{Cc}\p{Cf}\s]/u.test(value)) {
    throw new PathParameterError("an id must not contain spaces or control characters");
  }
  if (/^\.+$/.test(value)) throw new PathParameterError(`"${value}" is not an id`);
  return encodeURIComponent(value);
}
