/**
 * Dates as people say them, through a real MCP client against the sandbox (now = Sunday
 * 2026-11-22 10:15 Berlin): clock idioms and bare hours in log_time, ends on the start's day, and
 * period phrases in the list tools and create_invoice, each with the reading taken said in the answer.
 */
import { describe, expect, it } from "vitest";
import { useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";
import { entriesOf } from "../helpers/time-entries.js";

describe("spoken dates through the tools", () => {
  const sandbox = useSandbox();
  const mcp = useMcp(sandbox);

  it.each([
    ["gestern 7 Uhr", "2026-11-21T07:00", "2026-11-21T19:00"],
    ["yesterday at 3", "2026-11-21T03:00", "2026-11-21T15:00"],
    ["gestern halb drei", "2026-11-21T02:30", "2026-11-21T14:30"],
  ])(
    "log_time: %j may be morning or evening, so it is asked, not guessed",
    async (start, morning, evening) => {
      const { isError, text } = await mcp().call("log_time", {
        project: "Website Relaunch",
        start,
        duration: "1h",
        allowOverlap: true,
      });
      expect(isError).toBe(true);
      expect(text).toContain(
        `"${start}" may be ${morning.slice(11)} or ${evening.slice(11)}: nothing was logged`,
      );
      expect(text).toContain(`Ask the user which, then give the start as "${morning}" or "${evening}"`);
      // What was offered logs exactly that.
      const logged = await mcp().call("log_time", {
        project: "Website Relaunch",
        start: morning,
        duration: "1h",
        allowOverlap: true,
      });
      expect(logged.data.entry.start).toBe(`${morning}:00+01:00`);
    },
  );

  it("log_time: an end with a date and a bare hour is asked too; one without a date follows the start", async () => {
    const asked = await mcp().call("log_time", {
      project: "Website Relaunch",
      start: "2026-11-20T14:00",
      end: "2026-11-20 at 5",
      allowOverlap: true,
    });
    expect(asked.text).toMatch(/"2026-11-20 at 5" may be 05:00 or 17:00.*give the end as/);
    const rule = await mcp().call("log_time", {
      project: "Website Relaunch",
      start: "2026-11-20T14:00",
      end: "5",
      allowOverlap: true,
    });
    expect(rule.data.entry.end).toBe("2026-11-20T17:00:00+01:00");
  });

  it('log_time: "gestern 15:00" to "Mittag" is refused, nothing logged; "Mittag über Nacht" is noon on the next day', async () => {
    const before = await mcp().call("list_time_entries", { period: "2026-11-21..2026-11-22" });
    const refused = await mcp().call("log_time", {
      project: "Markenrelaunch",
      start: "gestern 15:00",
      end: "Mittag",
      allowOverlap: true,
    });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain(
      'The end "Mittag" (12:00) is not after the start (2026-11-21 15:00). If the work ran past midnight, say so in the end: "Mittag overnight" (or "Mittag über Nacht"); otherwise correct the start or the end.',
    );
    const after = await mcp().call("list_time_entries", { period: "2026-11-21..2026-11-22" });
    expect(after.text).toBe(before.text);

    // Said to run overnight: the end is on the next day (from Friday, as Sunday noon is still ahead).
    const overnight = await mcp().call("log_time", {
      project: "Markenrelaunch",
      start: "vorgestern 15:00",
      end: "Mittag über Nacht",
      allowOverlap: true,
    });
    expect(overnight.isError).toBe(false);
    expect(overnight.data.entry).toMatchObject({
      start: "2026-11-20T15:00:00+01:00",
      end: "2026-11-21T12:00:00+01:00",
      durationMinutes: 21 * 60,
    });
  });

  it('log_time: "gestern Abend um 7" to "halb zehn" is 19:00 to 21:30 on Saturday, nothing assumed', async () => {
    const { isError, data, text } = await mcp().call("log_time", {
      project: "Markenrelaunch",
      start: "gestern Abend um 7",
      end: "halb zehn abends",
      allowOverlap: true,
    });
    expect(isError).toBe(false);
    expect(data.entry.start).toBe("2026-11-21T19:00:00+01:00");
    expect(data.entry.end).toBe("2026-11-21T21:30:00+01:00");
    expect(data.entry.assumptions).toEqual([]);
    expect(text).not.toContain("Assumed");
  });

  it.each([
    // [start, end, expected start, expected end]
    ["gestern halb neun", "Mittag", "2026-11-21T08:30:00+01:00", "2026-11-21T12:00:00+01:00"],
    [
      "letzten Freitag Viertel nach neun",
      "um 17 Uhr",
      "2026-11-20T09:15:00+01:00",
      "2026-11-20T17:00:00+01:00",
    ],
    ["2026-11-19T08:00", "bis 17 Uhr 30", "2026-11-19T08:00:00+01:00", "2026-11-19T17:30:00+01:00"],
    ["18.11. 9.30", "noon", "2026-11-18T09:30:00+01:00", "2026-11-18T12:00:00+01:00"],
    ["Monday 8", "5", "2026-11-16T08:00:00+01:00", "2026-11-16T17:00:00+01:00"],
    ["2026-11-13T13:00", "17:00 CET", "2026-11-13T13:00:00+01:00", "2026-11-13T17:00:00+01:00"],
  ])("log_time: start %j, end %j → %s to %s", async (start, end, expectedStart, expectedEnd) => {
    const { isError, data, text } = await mcp().call("log_time", {
      project: "Bestell-App",
      start,
      end,
      allowOverlap: true, // about dates, not the overlap guard: the demo data fills these days
    });
    expect(isError, text).toBe(false);
    expect(data.entry).toMatchObject({ start: expectedStart, end: expectedEnd });
  });

  it('list_time_entries: "letztes Wochenende" covers Saturday and Sunday, and says so', async () => {
    for (const start of ["2026-11-14T10:00", "2026-11-15T10:00", "2026-11-16T10:00"]) {
      const logged = await mcp().call("log_time", {
        project: "Website Relaunch",
        start,
        duration: "1h",
        allowOverlap: true,
      });
      expect(logged.isError).toBe(false);
    }
    const { isError, data, text } = await mcp().call("list_time_entries", {
      from: "letztes Wochenende",
      to: "letztes Wochenende",
      limit: 100,
    });
    expect(isError).toBe(false);
    const days = new Set(entriesOf(data).map((e: { start: string }) => e.start.slice(0, 10)));
    expect(days).toContain("2026-11-14");
    expect(days).toContain("2026-11-15");
    expect([...days].every((d) => d === "2026-11-14" || d === "2026-11-15")).toBe(true);
    expect(text).toContain("Assumed: the weekend is Saturday 2026-11-14 and Sunday 2026-11-15.");
  });

  it('list_time_entries: "KW 47" and "letztes Quartal" are the ISO week and Q3', async () => {
    const week = await mcp().call("list_time_entries", { from: "KW 47", to: "KW 47", limit: 100 });
    expect(week.isError).toBe(false);
    for (const e of entriesOf(week.data) as { start: string }[]) {
      expect(e.start.slice(0, 10) >= "2026-11-16" && e.start.slice(0, 10) <= "2026-11-22").toBe(true);
    }
    const quarter = await mcp().call("list_time_entries", { from: "letztes Quartal", to: "letztes Quartal" });
    expect(quarter.isError).toBe(false);
    for (const e of entriesOf(quarter.data) as { start: string }[]) {
      expect(e.start.slice(0, 10) >= "2026-07-01" && e.start.slice(0, 10) <= "2026-09-30").toBe(true);
    }
    const refused = await mcp().call("list_time_entries", { from: "KW 54" });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/has no ISO week 54/);
  });

  it('create_invoice: a dry run for "Dezember" says it took last December', async () => {
    const { isError, data, text } = await mcp().call("create_invoice", {
      customer: "mueller",
      netAmount: 100,
      period: "Dezember",
      dryRun: true,
    });
    expect(isError).toBe(false);
    expect(data.outcome).toBe("dry_run");
    expect(text).toContain("service period 2025-12-01 to 2025-12-31");
    expect(text).toContain("Assumed: no year given: took December 2025, the most recent December.");
  });
});
