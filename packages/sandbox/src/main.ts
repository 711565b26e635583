/**
 * `invoicing-mcp sandbox [--port N] [--host H] [--seed N]`: serves the sandbox with demo data until
 * SIGINT or SIGTERM. The banner (address, keys, a curl line) goes to stderr.
 */

import { parseArgs } from "node:util";
import { startSandbox } from "./index.js";
import { untilStopSignal } from "./stop-signal.js";

export interface SandboxArgs {
  port: number;
  host: string;
  seed: number;
}

export const DEFAULT_PORT = 4010;

/** A command line the sandbox cannot read; `invoicing-mcp` exits with this code (2, like its own). */
export class SandboxUsageError extends Error {
  readonly exitCode = 2;
}

const USAGE = `Usage: invoicing-mcp sandbox [--port N] [--host H] [--seed N]`;

/** What `sandbox --help` prints (stdout). */
export const SANDBOX_HELP = `${USAGE}

The Invoicing Service's REST API v1 with demo data, on this machine, until Ctrl-C (SIGINT or SIGTERM).
Its address, API keys and a curl line to try go to stderr when it listens.
  --port N   port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
  --host H   address to listen on (default 127.0.0.1)
  --seed N   the demo data's seed (default 1): the same seed gives the same data
Routes under /_sandbox/ (not part of the API) inject faults and manage webhook endpoints.
`;

const wantsHelp = (argv: readonly string[]) => argv.some((arg) => arg === "--help" || arg === "-h");

/**
 * `--port N`, `--host H`, `--seed N`, also as `--flag=value`, read by node:util parseArgs in strict
 * mode like the server's other modes: an unknown flag, a missing value or a stray word is an error
 * that names it, never a silent default.
 */
export function parseSandboxArgs(argv: readonly string[]): SandboxArgs {
  let values: { port?: string | undefined; host?: string | undefined; seed?: string | undefined };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { port: { type: "string" }, host: { type: "string" }, seed: { type: "string" } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw usageError(error, argv);
  }
  const given = (flag: string, value: string | undefined) => {
    if (value === "") throw new SandboxUsageError(`${flag} needs a value\n\n${USAGE}`);
    return value;
  };
  const port = given("--port", values.port);
  const host = given("--host", values.host);
  const seed = given("--seed", values.seed);
  return {
    port: port === undefined ? DEFAULT_PORT : integer("--port", port, 0, 65_535),
    host: host ?? "127.0.0.1",
    seed: seed === undefined ? 1 : integer("--seed", seed, 0, 2 ** 32 - 1),
  };
}

/** parseArgs' own wording, turned into the sandbox's: which word was wrong and what it expects. */
function usageError(error: unknown, argv: readonly string[]): SandboxUsageError {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
    const flag = /--(port|host|seed)\b/.exec(message)?.[0];
    if (flag) return new SandboxUsageError(`${flag} needs a value\n\n${USAGE}`);
  }
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" || code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL") {
    const word = argv.find((arg) => message.includes(`'${arg.split("=")[0]}'`)) ?? message;
    return new SandboxUsageError(`unknown sandbox option "${word}"\n\n${USAGE}`);
  }
  return new SandboxUsageError(`${message}\n\n${USAGE}`);
}

/**
 * Resolves once the sandbox has been stopped by SIGINT or SIGTERM, or at once after printing the
 * usage for `--help`. The environment is not read.
 */
export async function runSandbox(argv: string[], _env: NodeJS.ProcessEnv): Promise<void> {
  if (wantsHelp(argv)) {
    process.stdout.write(SANDBOX_HELP);
    return;
  }
  const args = parseSandboxArgs(argv);
  // Listen for the stop signal before the banner announces the address (startSandbox prints it).
  const stopSignal = untilStopSignal();
  const sandbox = await startSandbox({ port: args.port, host: args.host, seed: args.seed });
  await stopSignal;
  await sandbox.close();
}

function integer(flag: string, raw: string, min: number, max: number): number {
  const n = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(n >= min && n <= max))
    throw new SandboxUsageError(`${flag} must be an integer from ${min} to ${max}, got "${raw}"\n\n${USAGE}`);
  return n;
}
