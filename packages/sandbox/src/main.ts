/**
 * `invoicing-mcp sandbox [--port N] [--host H] [--seed N]`: serves the sandbox with demo data until
 * SIGINT or SIGTERM. The banner (address, keys, a curl line) goes to stderr.
 */

import { startSandbox } from "./index.js";
import { untilStopSignal } from "./stop-signal.js";

export interface SandboxArgs {
  port: number;
  host: string;
  seed: number;
}

export const DEFAULT_PORT = 4010;

/** `--port N`, `--host H`, `--seed N`, also as `--flag=value`. Errors name the flag. */
export function parseSandboxArgs(argv: readonly string[]): SandboxArgs {
  const args: SandboxArgs = { port: DEFAULT_PORT, host: "127.0.0.1", seed: 1 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    const [flag = "", inline] = arg.startsWith("--") && arg.includes("=") ? arg.split(/=(.*)/s) : [arg];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === "") throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === "--port") args.port = integer(flag, value(), 0, 65_535);
    else if (flag === "--host") args.host = value();
    else if (flag === "--seed") args.seed = integer(flag, value(), 0, 2 ** 32 - 1);
    else throw new Error(`unknown sandbox option "${arg}" (expected --port N, --host H, --seed N)`);
  }
  return args;
}

/** Resolves once the sandbox has been stopped by SIGINT or SIGTERM. The environment is not read. */
export async function runSandbox(argv: string[], _env: NodeJS.ProcessEnv): Promise<void> {
  const args = parseSandboxArgs(argv);
  const sandbox = await startSandbox({ port: args.port, host: args.host, seed: args.seed });
  await untilStopSignal();
  await sandbox.close();
}

function integer(flag: string, raw: string, min: number, max: number): number {
  const n = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(n >= min && n <= max))
    throw new Error(`${flag} must be an integer from ${min} to ${max}, got "${raw}"`);
  return n;
}
