/** The built bin's command line: a mistake stops it with exit code 2 and a sentence, before any server starts. */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const BIN = fileURLToPath(new URL("../../dist/index.js", import.meta.url));
const run = (...args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args], {
    input: "",
    encoding: "utf8",
    timeout: 10_000,
    env: { PATH: process.env.PATH },
  });

describe("invoicing-mcp's command line", () => {
  it.each([
    [["--timezon", "Europe/Paris"], /unknown option --timezon/],
    [["--read-only", "false"], /unexpected argument "false" \(--read-only is a switch.*--no-read-only/],
    [["--timezone"], /--timezone needs a value/],
    [["webhooks", "serve", "--port"], /--port needs a value/],
  ])("%j stops with exit code 2 and says why, writing nothing to stdout", (args, why) => {
    const result = run(...args);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(why);
    expect(result.stdout).toBe("");
  });

  it("doctor reports a misspelt flag as its failed configuration check", () => {
    const result = run("doctor", "--base-urll", "https://x.example");
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/FAIL\s+configuration[\s\S]*unknown option --base-urll/);
  });
});
