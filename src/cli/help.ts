/**
 * `--help` (or `-h`) anywhere on a command's line asks for its usage: the command prints it to
 * stdout and exits 0 without doing anything else (no server starts, no file or database is touched).
 */
export function wantsHelp(argv: readonly string[]): boolean {
  return argv.some((arg) => arg === "--help" || arg === "-h");
}
