/**
 * One way to read a command line, for every mode: node:util parseArgs in strict mode, so an unknown
 * flag, a missing value or a stray word is an error that names it, never a silent default.
 * Booleans take `--flag`, `--no-flag` or an explicit `--flag=true|false`; `--flag false` (a
 * separate word) is refused, because it reads as "on" to one parser and "off" to a person.
 */
import { parseArgs } from "node:util";

export type OptionSpec = Record<string, { type: "string" | "boolean"; short?: string }>;

export type OptionValues<S extends OptionSpec> = {
  [K in keyof S]?: S[K]["type"] extends "boolean" ? boolean : string;
};

/** A command line that cannot be read: the message says what to write instead. Exit code 2. */
export class UsageError extends Error {
  readonly exitCode = 2;
}

const TRUE_WORDS = new Set(["true", "1", "yes", "on"]);
const FALSE_WORDS = new Set(["false", "0", "no", "off"]);

export function parseOptions<S extends OptionSpec>(
  argv: readonly string[],
  spec: S,
  usage: string,
): OptionValues<S> {
  refuseSecretFlags(argv);
  const booleans = Object.keys(spec).filter((name) => spec[name]?.type === "boolean");
  const options: Record<string, { type: "string" | "boolean"; short?: string }> = { ...spec };
  for (const name of booleans) options[`no-${name}`] = { type: "boolean" };
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: normaliseBooleans(argv, booleans),
      options,
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    throw new UsageError(`${explain(error, argv, booleans)}\n\n${usage}`);
  }
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(parsed.values)) {
    if (name.startsWith("no-") && booleans.includes(name.slice(3))) values[name.slice(3)] = !value;
    else values[name] = value;
  }
  for (const name of Object.keys(spec)) {
    if (spec[name]?.type === "string" && values[name] === "") {
      throw new UsageError(`--${name} needs a value\n\n${usage}`);
    }
  }
  return values as OptionValues<S>;
}

/** `--read-only=false` → `--no-read-only`; an unknown word after `=` is an error naming the flag. */
function normaliseBooleans(argv: readonly string[], booleans: string[]): string[] {
  return argv.map((arg) => {
    const match = /^--([^=]+)=(.*)$/s.exec(arg);
    if (!match || !booleans.includes(match[1]!)) return arg;
    const [, name, word] = match as unknown as [string, string, string];
    if (TRUE_WORDS.has(word.toLowerCase())) return `--${name}`;
    if (FALSE_WORDS.has(word.toLowerCase())) return `--no-${name}`;
    throw new UsageError(`--${name}=${word}: expected true or false (or --${name} / --no-${name})`);
  });
}

function refuseSecretFlags(argv: readonly string[]): void {
  if (argv.some((arg) => arg === "--api-key" || arg.startsWith("--api-key="))) {
    throw new UsageError(
      "the API key is never read from the command line (every process list would show it): set INVOICING_API_KEY instead",
    );
  }
}

/** parseArgs's own messages, reworded to say what to do. Values are never echoed (one may be a secret). */
function explain(error: unknown, argv: readonly string[], booleans: string[]): string {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const flag = /'(-{1,2}[^' ]+)/.exec(message)?.[1];
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") return `unknown option ${flag ?? ""}`.trim();
  if (code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL") {
    const word = /'([^']{0,40})'/.exec(message)?.[1];
    const before = word === undefined ? undefined : argv[argv.indexOf(word) - 1]?.replace(/^--(no-)?/, "");
    const hint =
      before !== undefined && booleans.includes(before)
        ? ` (--${before} is a switch and takes no separate value: write --${before}, --no-${before} or --${before}=false)`
        : "";
    return `unexpected argument${word === undefined ? "" : ` "${word}"`}${hint}`;
  }
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
    if (flag && booleans.includes(flag.replace(/^--(no-)?/, ""))) {
      return `${flag} is a switch: write ${flag} alone, or ${flag}=true / ${flag}=false`;
    }
    return `${flag ?? "an option"} needs a value${message.includes("ambiguous") ? " (the next word is another option)" : ""}`;
  }
  return message;
}
