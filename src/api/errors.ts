/**
 * What an API call can throw, as src/api/'s callers (the billing rules) see it: the error classes of
 * the client, one per cause, and the client's type. Billing catches these to tell a refusal from an
 * outage; it never needs the HTTP layer itself.
 */
export type { ApiClient } from "../http/client.js";
export { ApiError, BadRequestError, RateLimitedError } from "../http/errors.js";
export { PathParameterError } from "../http/path.js";
