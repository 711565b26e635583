/**
 * log_time with entries: every entry checked before the first POST, one listing per week for the
 * replay and overlap checks, and a batch cut short by the rate limit completed by sending it again.
 */
import { describe, expect, it } from "vitest";
import { listTimeEntries } from "../../src/api/time-entries.js";
import { RateGovernor } from "../../src/http/governor.js";
import { useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";
import { api, countRequests, whole } from "./support.js";

const ENTRIES = "/api/v1/time-entries";
const PROJECTS = ["Website Relaunch", "Bestell-App", "Markenrelaunch", "Mandantenportal", "Autorenportal"];

/** `count` half-hour entries on weekday evenings from `firstDay` on, after the demo's working hours. */
function evenings(firstDay: string, count: number, tag: string) {
  return Array.from({ length: count }, (_, i) => {
    const day = new Date(Date.parse(`${firstDay}T12:00:00Z`) + Math.floor(i / 10) * 86_400_000);
    const minutes = 18 * 60 + (i % 10) * 30;
    const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
    return {
      project: PROJECTS[i % PROJECTS.length]!,
      start: `${day.toISOString().slice(0, 10)}T${hhmm}`,
      duration: "30 min",
      description: `${tag} ${i + 1}`,
    };
  });
}

describe("log_time with entries", () => {
  const sandbox = useSandbox();
  const mcp = useMcp(sandbox);
  const posts = () => countRequests(sandbox(), "POST", ENTRIES);
  const listings = () => countRequests(sandbox(), "GET", ENTRIES);

  it("creates each entry with one listing per week touched, and reports each by position", async () => {
    // Two weeks: Mon 2 Nov to Wed 4 Nov, and Mon 9 Nov.
    const batch = [...evenings("2026-11-02", 24, "Woche A"), ...evenings("2026-11-09", 3, "Woche B")];
    const [postsBefore, listingsBefore] = [posts(), listings()];
    const { isError, data, text } = await mcp().call("log_time", { entries: batch });
    expect(isError).toBe(false);
    expect(posts() - postsBefore).toBe(27);
    expect(listings() - listingsBefore).toBe(2);
    expect(data.outcome).toBe("batch");
    expect(data.batch).toMatchObject({
      created: 27,
      alreadyLogged: 0,
      notSent: 0,
      failed: 0,
      sendAfter: null,
    });
    expect(data.batch.entries[0]).toMatchObject({
      index: 1,
      status: "created",
      projectName: "Website Relaunch",
      start: "2026-11-02T18:00:00+01:00",
      end: "2026-11-02T18:30:00+01:00",
      description: "Woche A 1",
    });
    expect(text).toMatch(/^Batch of 27: 27 created, 0 already logged/);
    expect(text).toContain(`- 1. created ${data.batch.entries[0].id} · 30m on Website Relaunch`);

    // The same batch again is recognised whole: nothing is created.
    const again = await mcp().call("log_time", { entries: batch });
    expect(again.data.batch).toMatchObject({ created: 0, alreadyLogged: 27 });
    expect(again.data.batch.entries.map((e: { id: string }) => e.id)).toEqual(
      data.batch.entries.map((e: { id: string }) => e.id),
    );
    expect(posts() - postsBefore).toBe(27);
  });

  it("one invalid entry creates nothing, and every problem is listed by entry", async () => {
    const ok = evenings("2026-11-16", 3, "Ungültig");
    const batch = [
      ok[0]!,
      { ...ok[1]!, project: "Intranet" }, // no such active project
      { ...ok[2]!, start: "irgendwann" }, // not a time
      { ...ok[0]!, description: "dasselbe nochmal" }, // overlaps entry 1
      { project: "Website Relaunch", start: "2026-11-16T10:00", duration: "1h" }, // overlaps the demo's day
      { project: "Bestell-App", start: "2026-11-16T20:00", end: "21:00", duration: "2h" }, // disagree
    ];
    const before = posts();
    const { isError, text, data } = await mcp().call("log_time", { entries: batch });
    expect(isError).toBe(true);
    expect(data).toBeUndefined();
    expect(posts()).toBe(before);
    // One refusal names every problem: the names and phrases, and the overlaps too.
    expect(text).toMatch(/^Nothing was logged: 5 of 6 entries need a change/);
    expect(text).toMatch(/- entry 2: No active project matches "Intranet"/);
    expect(text).toMatch(/- entry 3: Could not read "irgendwann"/);
    expect(text).toMatch(/- entry 4: 2026-11-16 18:00–18:30 overlaps entry 1 \(2026-11-16 18:00–18:30\)/);
    expect(text).toMatch(
      /- entry 5: 2026-11-16 10:00–11:00 overlaps (a stored entry|\d+ stored entries):\n {2}- te_/,
    );
    expect(text).toMatch(/- entry 6: 20:00–21:00 is 1 h, not 2 h/);
    expect(text).toContain("set allowOverlap: true on that entry");

    // With the names and phrases fixed, the overlaps are what is left, each by entry.
    const fixed = [batch[0]!, ok[1]!, ok[2]!, batch[3]!, batch[4]!, { ...batch[5]!, duration: undefined }];
    const second = await mcp().call("log_time", { entries: fixed });
    // Overlaps are the guard's refusal, answered as create_invoice and create_customer answer theirs.
    expect(second.isError).toBe(false);
    expect(second.data.outcome).toBe("refused");
    expect(second.data.refusal).toEqual({ reason: "overlaps other time", override: "allowOverlap" });
    expect(second.data.overlaps.map((o: { index: number }) => o.index)).toEqual([4, 5]);
    expect(second.data.overlaps[0]).toMatchObject({ batchEntry: 1, stored: [] });
    expect(second.data.overlaps[1].stored[0].id).toMatch(/^te_/);
    expect(second.text).toMatch(/^Nothing was logged: 2 of 6 entries overlap other time/);
    expect(second.text).toMatch(
      /- entry 4: 2026-11-16 18:00–18:30 overlaps entry 1 \(2026-11-16 18:00–18:30\)/,
    );
    expect(second.text).toMatch(
      /- entry 5: 2026-11-16 10:00–11:00 overlaps (a stored entry|\d+ stored entries):\n {2}- te_/,
    );
    expect(second.text).toContain("set allowOverlap: true on that entry");
    expect(posts()).toBe(before);

    // Overrides where the person said so: all six are created.
    const allowed = fixed.map((e, i) => (i === 3 || i === 4 ? { ...e, allowOverlap: true } : e));
    const third = await mcp().call("log_time", { entries: allowed });
    expect(third.data.batch.created).toBe(6);
    expect(posts()).toBe(before + 6);
  });

  it("a batch with an unknown name, an overlap and a contradiction is refused once, naming all three", async () => {
    const [first, second, third, fourth] = evenings("2026-11-19", 4, "Alles auf einmal");
    const batch = [
      first!,
      // An unknown project, and its times overlap entry 1: both are named.
      { ...second!, project: "Intranet", start: "2026-11-19T18:15" },
      { ...third!, end: "19:30", duration: "2h" }, // 19:00–19:30 is not 2 h
      { ...fourth!, project: "Extranet", end: "20:00", duration: "1h" }, // unknown, and not 1 h
    ];
    const before = posts();
    const { isError, text } = await mcp().call("log_time", { entries: batch });
    expect(isError).toBe(true);
    expect(posts()).toBe(before);
    expect(text).toMatch(/^Nothing was logged: 3 of 4 entries need a change/);
    const lines = text.split("\n").filter((line: string) => line.startsWith("- entry"));
    expect(lines).toEqual([
      expect.stringMatching(/^- entry 2: No active project matches "Intranet"/),
      "- entry 2: 2026-11-19 18:15–18:45 overlaps entry 1 (2026-11-19 18:00–18:30).",
      "- entry 3: 19:00–19:30 is 30 min, not 2 h: give only the end or only the duration.",
      expect.stringMatching(/^- entry 4: No active project matches "Extranet"/),
      "- entry 4: 19:30–20:00 is 30 min, not 1 h: give only the end or only the duration.",
    ]);
    expect(text).toContain("set allowOverlap: true on that entry");

    // Everything corrected in one resend: all four are logged.
    const corrected = [first!, second!, { ...third!, end: "19:30" }, { ...fourth!, end: "20:00" }];
    const done = await mcp().call("log_time", { entries: corrected });
    expect(done.data.batch.created).toBe(4);
    expect(posts()).toBe(before + 4);
  });

  it.each([
    [{ entries: [], project: "Bestell-App" }, /entries/],
    [{ entries: Array.from({ length: 51 }, () => ({ project: "x", start: "2026-11-02T09:00" })) }, /entries/],
    [
      { entries: evenings("2026-11-23", 1, "x"), project: "Bestell-App" },
      /either entries or the fields of one entry, not both \(also given: project\)/,
    ],
    [{ duration: "1h" }, /Give project and start/],
  ])("%#: a malformed call is refused, nothing sent", async (args, message) => {
    const before = posts();
    const { isError, text } = await mcp().call("log_time", args);
    expect(isError).toBe(true);
    expect(text).toMatch(message);
    expect(posts()).toBe(before);
  });
});

describe("a batch larger than the rate window", () => {
  // 30 requests per 8 s window at the sandbox; each tool call may take 6 s. The 50 entries need
  // 53 requests in all (customers, projects, a listing, 50 POSTs): the first call is cut short.
  const WINDOW_MS = 8_000;
  const sandbox = useSandbox({ rateLimit: { limit: 30, windowMs: WINDOW_MS }, now: Date.now });
  const mcp = useMcp(sandbox, {
    clientOptions: { governor: new RateGovernor({ windowMs: WINDOW_MS }), budgetMs: 6_000 },
  });

  it("creates exactly 50 in two calls, with no 429 at the sandbox and no duplicate", async () => {
    const batch = evenings("2026-11-02", 50, "Rate");
    const first = await mcp().call("log_time", { entries: batch });
    expect(first.isError).toBe(false);
    const { created, notSent, sendAfter } = first.data.batch;
    expect(created).toBeGreaterThan(0);
    expect(created + notSent).toBe(50);
    expect(notSent).toBeGreaterThan(0);
    expect(first.text).toContain(`allows the rest from ${sendAfter}`);
    expect(
      first.data.batch.entries.slice(created).every((e: { status: string }) => e.status === "not_sent"),
    ).toBe(true);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(sendAfter) - Date.now())));
    const second = await mcp().call("log_time", { entries: batch });
    expect(second.isError).toBe(false);
    expect(second.data.batch).toMatchObject({ created: notSent, alreadyLogged: created, notSent: 0 });

    expect(sandbox().requests.filter((r) => r.status === 429)).toEqual([]);
    expect(countRequests(sandbox(), "POST", ENTRIES)).toBe(50);
    const stored = whole(
      await listTimeEntries(api(sandbox()), { from: "2026-11-02", to: "2026-11-07" }),
    ).filter((e) => e.description?.startsWith("Rate "));
    expect(stored).toHaveLength(50);
    expect(new Set(stored.map((e) => e.description)).size).toBe(50);
  }, 30_000);
});
