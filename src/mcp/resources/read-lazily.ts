/**
 * A resource read as registered: the read's code (read.ts, with the error wording it needs) and the
 * whole tool context are loaded on the first read, not when the server starts.
 */
import type { SignIn } from "../../config/principal.js";
import type { ContextHandle } from "../context-handle.js";

export async function readLazily(
  uri: URL,
  toolName: string,
  args: Record<string, unknown>,
  context: ContextHandle,
  log: (message: string) => void,
  signIn: SignIn,
) {
  const [{ readAsJson }, full] = await Promise.all([import("./read.js"), context.full()]);
  return readAsJson(uri, toolName, args, full, log, signIn);
}
