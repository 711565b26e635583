import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { judgeDemo } from "../../scripts/check-demo.mjs";

const demo = fileURLToPath(new URL("../../scripts/demo.mjs", import.meta.url));
const fixedClock = new URL("../helpers/fixed-clock.mjs", import.meta.url).href;

/** The demo as `npm run demo` runs it (after the build the global setup made), on the day given. */
function runDemo(at?: string): Promise<{ status: number | null; signal: string | null; output: string }> {
  const env = { ...process.env };
  if (at !== undefined) env.NODE_OPTIONS = `--import=${fixedClock}?at=${encodeURIComponent(at)}`;
  const child = spawn(process.execPath, [demo], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk));
  return new Promise((resolve) => child.on("close", (status, signal) => resolve({ status, signal, output })));
}

/**
 * The README's first command is the newcomer's first impression; CI runs it as they do (scripts/
 * check-demo.mjs). Its demo data is built around today, so it runs here on days whose edges have
 * broken date code before: a month's first day, the 29th of a 31-day month, New Year's Day, a
 * Sunday, and half past midnight in Berlin while UTC is still on the month before.
 */
describe("npm run demo", () => {
  const days = [
    ["today", undefined],
    ["a month's first day", "2026-12-01T09:00:00+01:00"],
    ["the 29th of a 31-day month", "2026-10-29T10:00:00+01:00"],
    ["1 January", "2027-01-01T11:00:00+01:00"],
    ["a Sunday", "2026-08-16T15:00:00+02:00"],
    ["00:30 in Berlin on the 1st, still the 28th in UTC", "2026-03-01T00:30:00+01:00"],
  ] as const;

  it.each(days)(
    "goes through on %s",
    async (_day, at) => {
      const run = await runDemo(at);
      expect(judgeDemo(run), run.output.slice(-3000)).toEqual([]);
      if (at !== undefined) expect(run.output).toContain(`dated ${at.slice(0, 10)}`);
    },
    60_000,
  );
});

describe("the demo's judgement", () => {
  const good = "User: Draft it.\n→ create_invoice {}\nCreated draft invoice RE-2026-001 (id inv_1) for A\n";

  it("passes a run that exits 0 and shows an invoice made", () => {
    expect(judgeDemo({ status: 0, signal: null, output: good })).toEqual([]);
  });

  it("fails a crash, a stack trace, or a run without an invoice", () => {
    const crash = `${good}file:///x/scripts/demo.mjs:68\nTypeError: Cannot read properties of undefined (reading 'length')\n    at open (file:///x/scripts/demo.mjs:68:40)\n`;
    expect(judgeDemo({ status: 1, signal: null, output: crash })).toEqual([
      "it exited with code 1",
      "it printed a stack trace (at open (file:///x/scripts/demo.mjs:68:40))",
    ]);
    expect(judgeDemo({ status: 0, signal: null, output: "User: hi\n→ list_invoices {}\n" })).toEqual([
      "it shows no invoice created",
      "it never asked for an invoice",
    ]);
    expect(judgeDemo({ status: null, signal: "SIGKILL", output: good })).toEqual(["it exited with SIGKILL"]);
  });
});
