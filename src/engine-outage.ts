/**
 * A shared engine of the hosted mode (Redis for the rate budget, PostgreSQL for the webhook inbox)
 * that cannot be reached. Thrown where the engine is used, worded once in src/mcp/error-text.ts:
 * the user hears what is down and that it is temporary; the log hears of it once (src/hosted/outage.ts).
 */
export type EngineName = "Redis" | "PostgreSQL";

export class EngineOutageError extends Error {
  constructor(
    readonly engine: EngineName,
    /** What the engine is for here: "the shared rate budget", "the stored webhook events". */
    readonly purpose: string,
    options?: { cause?: unknown },
  ) {
    super(`${engine} (${purpose}) cannot be reached`, options);
    this.name = "EngineOutageError";
  }
}

/** An engine's address for messages and logs: scheme, host, port and path, never a user or password. */
export function safeAddress(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = "";
    parsed.password = "";
    parsed.search = "";
    parsed.hash = "";
    return parsed.toString().replace(/\/$/, "");
  } catch {
    return "(an address that is not a valid URL)";
  }
}
