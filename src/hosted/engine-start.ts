/**
 * The first connection to a shared engine at start: within a short time, or a start that stops
 * with exit 1 and says which engine, at which address (never its password), why, and what to check.
 */
import { type EngineName, safeAddress } from "../engine-outage.js";

/** A start that cannot reach an engine: the bin prints the message and exits 1. */
export class EngineStartError extends Error {
  readonly exitCode = 1;
}

/** How long `serve` waits for an engine at start before it gives up. */
export const ENGINE_START_TIMEOUT_MS = 3_000;

export async function connectAtStart<T>(
  engine: EngineName,
  variable: string,
  url: string,
  connect: () => Promise<T>,
  cleanup: () => void = () => undefined,
  /** The engine driver's own last error, when its connect() rejects with a vaguer one. */
  lastError?: () => unknown,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      connect(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${ENGINE_START_TIMEOUT_MS / 1000} s`)),
          ENGINE_START_TIMEOUT_MS,
        );
      }),
    ]);
  } catch (error) {
    cleanup();
    throw new EngineStartError(
      `${engine} at ${safeAddress(url)} cannot be reached (${reasonOf(lastError?.() ?? error)}). Check that ${engine} runs there and accepts connections from this machine, and that ${variable} names the right host, port and credentials.`,
    );
  } finally {
    clearTimeout(timer);
  }
}

/** A short reason: the system error code when there is one (ECONNREFUSED), else the message. */
export function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && /^E[A-Z]+$/.test(code)) return code;
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, " ").slice(0, 200);
}
