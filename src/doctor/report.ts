/**
 * What doctor found, one line per check, and how it is printed. A check that is not `ok` says how
 * to fix it; the exit code is 0 only when every check is `ok`.
 */

export type CheckStatus = "ok" | "warn" | "fail";

export interface Check {
  /** What was checked, e.g. "API key". */
  name: string;
  status: CheckStatus;
  /** What was found, in a few words. */
  finding: string;
  /** What to do about it, in plain words; only for warn and fail. */
  fix?: string;
}

const LABEL: Record<CheckStatus, string> = { ok: "ok  ", warn: "WARN", fail: "FAIL" };
const NAME_WIDTH = 14;

export function renderCheck(check: Check): string {
  const lines = [`  ${LABEL[check.status]}  ${check.name.padEnd(NAME_WIDTH)} ${check.finding}`];
  if (check.fix) lines.push(...check.fix.split("\n").map((line) => `${" ".repeat(NAME_WIDTH + 9)}${line}`));
  return `${lines.join("\n")}\n`;
}

export function renderVerdict(checks: readonly Check[]): string {
  const problems = checks.filter((check) => check.status !== "ok").length;
  if (problems === 0) return "\nAll is well: the server is ready for your MCP client.\n";
  const what = problems === 1 ? "1 thing needs" : `${problems} things need`;
  return `\n${what} attention (see above); run \`invoicing-mcp doctor\` again after fixing.\n`;
}

export function exitCode(checks: readonly Check[]): number {
  return checks.every((check) => check.status === "ok") ? 0 : 1;
}
