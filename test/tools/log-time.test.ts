/**
 * log_time: start with end or duration (ISO or English/German phrases, now = Sunday 2026-11-22
 * 10:15 Berlin), refusals that send nothing, the project's customer by default, and safe replays.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { listTimeEntries } from "../../src/api/time-entries.js";
import { useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";
import { api, berlinDay, countRequests, demoDirectory, whole } from "./support.js";

const ENTRIES = "/api/v1/time-entries";

describe("log_time", () => {
  const sandbox = useSandbox();
  const mcp = useMcp(sandbox);
  const posts = () => countRequests(sandbox(), "POST", ENTRIES);
  let demo: Awaited<ReturnType<typeof demoDirectory>>;
  beforeAll(async () => {
    demo = await demoDirectory(sandbox());
  });

  it("start + duration logs on the project's customer, stored as sent", async () => {
    const project = demo.project("Website Relaunch");
    const mueller = demo.customer("Müller & Söhne GmbH");
    const before = posts();
    const { isError, data, text } = await mcp().call("log_time", {
      project: "Website Relaunch",
      start: "yesterday 18:00", // a slot no other test of this file logs: they may run first
      duration: "2.5h",
      description: "Startseite umgesetzt",
    });
    expect(isError).toBe(false);
    expect(posts()).toBe(before + 1);
    expect(data).toEqual({
      outcome: "created",
      entry: {
        id: expect.stringMatching(/^te_/),
        projectId: project._id,
        projectName: "Website Relaunch",
        customerId: mueller._id,
        customerName: "Müller & Söhne GmbH",
        start: "2026-11-21T18:00:00+01:00",
        end: "2026-11-21T20:30:00+01:00",
        durationMinutes: 150,
        description: "Startseite umgesetzt",
        value: 237.5,
        assumptions: [],
      },
    });
    expect(text).toContain(`Website Relaunch (${project._id})`);
    expect(text).toContain(`Müller & Söhne GmbH (${mueller._id})`);
    expect(text).toContain(`Entry id ${data.entry.id}`);
    expect(text).toContain("237.50 EUR at 95.00 EUR/h");

    const stored = whole(await listTimeEntries(api(sandbox()))).find((e) => e._id === data.entry.id);
    expect(stored).toMatchObject({
      projectId: project._id,
      customerId: mueller._id,
      startTime: Date.parse("2026-11-21T18:00:00+01:00"),
      endTime: Date.parse("2026-11-21T20:30:00+01:00"),
      description: "Startseite umgesetzt",
    });
  });

  it.each([
    // [start, end or duration, expected start, expected end]
    [
      { start: "2026-11-20T13:15", end: "2026-11-20T15:45" },
      "2026-11-20T13:15:00+01:00",
      "2026-11-20T15:45:00+01:00",
    ],
    [{ start: "2026-11-19T08:00", end: "17:00" }, "2026-11-19T08:00:00+01:00", "2026-11-19T17:00:00+01:00"],
    [{ start: "yesterday 7:00", end: "17 Uhr" }, "2026-11-21T07:00:00+01:00", "2026-11-21T17:00:00+01:00"],
    [
      { start: "gestern 14 Uhr", duration: "45 Minuten" },
      "2026-11-21T14:00:00+01:00",
      "2026-11-21T14:45:00+01:00",
    ],
    [
      { start: "last Monday 8:00", duration: "1h 30m" },
      "2026-11-16T08:00:00+01:00",
      "2026-11-16T09:30:00+01:00",
    ],
    [
      { start: "letzten Freitag 13:00", duration: "90 min" },
      "2026-11-20T13:00:00+01:00",
      "2026-11-20T14:30:00+01:00",
    ],
    [
      { start: "2 days ago 14:00", duration: "1:30" },
      "2026-11-20T14:00:00+01:00",
      "2026-11-20T15:30:00+01:00",
    ],
    [
      { start: "2026-11-18T10:00+01:00", duration: "2 Stunden" },
      "2026-11-18T10:00:00+01:00",
      "2026-11-18T12:00:00+01:00",
    ],
    [
      { start: "2026-11-17T22:00", end: "1:00 overnight" },
      "2026-11-17T22:00:00+01:00",
      "2026-11-18T01:00:00+01:00",
    ],
    [{ start: "today 8:00", end: "10:00" }, "2026-11-22T08:00:00+01:00", "2026-11-22T10:00:00+01:00"],
  ])("%j → %s to %s", async (times, start, end) => {
    // The demo's weekdays are full of entries; reading the phrases is what is tested here.
    const { isError, data, text } = await mcp().call("log_time", {
      project: "Markenrelaunch",
      allowOverlap: true,
      ...times,
    });
    expect(isError).toBe(false);
    expect(data.entry).toMatchObject({ start, end });
    expect(data.entry.durationMinutes).toBe((Date.parse(end) - Date.parse(start)) / 60_000);
    expect(text).toContain(`${start} to ${end}`);
  });

  it("a customer picks among its projects and must own the project", async () => {
    const nordlicht = demo.customer("Studio Nordlicht");
    const ok = await mcp().call("log_time", {
      project: "marken",
      customer: "nordlicht",
      start: "2026-11-13T09:00",
      duration: "1h",
      allowOverlap: true,
    });
    expect(ok.data.entry).toMatchObject({ customerId: nordlicht._id, customerName: "Studio Nordlicht" });

    const before = posts();
    const wrong = await mcp().call("log_time", {
      project: "Markenrelaunch",
      customer: "mueller",
      start: "2026-11-13T11:00",
      duration: "1h",
    });
    expect(wrong.isError).toBe(true);
    // Only the customer's own projects are named as candidates.
    expect(wrong.text).toContain(
      'No active project matches "Markenrelaunch". The 2 active projects of this customer: "Produktkatalog Online", "Website Relaunch".',
    );
    expect(posts()).toBe(before);
  });

  it.each([
    [
      { start: "yesterday 9:00", end: "yesterday 8:00" },
      /end \(2026-11-21T08:00:00\+01:00\) must be after the start/,
    ],
    [{ start: "yesterday 9:00", end: "yesterday 9:00" }, /must be after the start/],
    [{ start: "yesterday 9:00", duration: "25h" }, /longer than 24 hours; log each day as its own entry/],
    [{ start: "2026-11-19T08:00", end: "2026-11-20T09:00" }, /longer than 24 hours/],
    [
      { start: "yesterday 14:00", end: "16:30", duration: "2h" },
      /^14:00–16:30 is 2 h 30 min, not 2 h: give only/,
    ],
    [{ start: "yesterday 9:00" }, /Give an end \("17:00".*or a duration/],
    [{ start: "yesterday", duration: "2h" }, /"yesterday".*no time of day.*"yesterday 9:00"/],
    [{ start: "2026-11-20", end: "2026-11-20T12:00" }, /no time of day/],
    [{ start: "yesterday 9:00", end: "gestern" }, /"gestern".*no time of day.*"17:00"/],
    [
      { start: "today 9:00", end: "18:00" },
      /ends in the future \(2026-11-22T18:00:00\+01:00\); log time after the work is done/,
    ],
    [{ start: "tomorrow 9:00", duration: "1h" }, /ends in the future/],
    [{ start: "irgendwann", duration: "1h" }, /Could not read "irgendwann".*"yesterday 9:00"/],
    [{ start: "yesterday 9:00", duration: "a while" }, /"a while"/],
  ])("%j is refused, nothing sent", async (times, message) => {
    const before = posts();
    const result = await mcp().call("log_time", { project: "Website Relaunch", ...times });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(message);
    expect(result.data).toBeUndefined();
    expect(posts()).toBe(before);
  });

  it.each([
    ["with a description", "2026-11-14T13:00", { description: "Abnahme mit Studio" }],
    ["without a description", "2026-11-15T13:00", {}],
  ])(
    "replaying an identical entry (%s) returns the existing one: one POST only",
    async (_label, start, extra) => {
      const args = { project: "Bestell-App", start, duration: "3h", ...extra };
      const before = posts();
      const first = await mcp().call("log_time", args);
      const second = await mcp().call("log_time", args);
      expect(first.data.outcome).toBe("created");
      expect(second.isError).toBe(false);
      expect(second.data).toEqual({ ...first.data, outcome: "already_exists" });
      expect(second.text).toMatch(/^Already logged, not created again/);
      expect(second.text).toContain(`Entry id ${first.data.entry.id}`);
      expect(posts()).toBe(before + 1);

      // A different description on the same slot is an overlap, not a replay and not a second entry.
      const other = await mcp().call("log_time", { ...args, description: "Fehlerbehebung iOS" });
      expect(other.data.outcome).toBe("refused");
      expect(other.text).toContain(first.data.entry.id);
      expect(posts()).toBe(before + 1);
    },
  );

  it("an entry overlapping another customer's stored entry creates nothing and lists it; allowOverlap logs it", async () => {
    // A stored demo entry on Friday 2026-11-20, of some customer other than Bestell-App's.
    const app = demo.project("Bestell-App");
    const stored = whole(
      await listTimeEntries(api(sandbox()), { from: "2026-11-20", to: "2026-11-20" }),
    ).find((e) => e.customerId !== app.customerId && e.endTime && berlinDay(e.startTime) === "2026-11-20")!;
    const project = demo.projects.find((p) => p._id === stored.projectId)!;
    const customer = demo.customers.find((c) => c._id === stored.customerId)!;
    const start = new Date(stored.startTime + 30 * 60_000).toISOString();
    const args = { project: "Bestell-App", start, duration: "1h", description: "Push-Benachrichtigungen" };
    const before = posts();

    const refused = await mcp().call("log_time", args);
    expect(refused.isError).toBe(false);
    expect(refused.data).toMatchObject({
      outcome: "refused",
      refusal: { override: "allowOverlap" },
      overlaps: [
        {
          index: 1,
          batchEntry: null,
          // Other tests may have logged around it too: the demo's entry is among those named.
          stored: expect.arrayContaining([
            expect.objectContaining({ id: stored._id, customerId: customer._id }),
          ]),
        },
      ],
    });
    expect(refused.text).toMatch(/^Not logged: 2026-11-20 \d\d:\d\d–\d\d:\d\d overlaps/);
    const hhmm = (ms: number) =>
      new Intl.DateTimeFormat("de-DE", {
        timeZone: "Europe/Berlin",
        hour: "2-digit",
        minute: "2-digit",
      }).format(ms);
    expect(refused.text).toContain(
      `${stored._id} · ${project.name} (${project._id}) · ${customer.name} (${customer._id}) · 2026-11-20 ${hhmm(stored.startTime)}–${hhmm(stored.endTime!)} · "${stored.description}"`,
    );
    expect(refused.text).toContain("allowOverlap: true");
    expect(posts()).toBe(before);

    const allowed = await mcp().call("log_time", { ...args, allowOverlap: true });
    expect(allowed.data.outcome).toBe("created");
    expect(posts()).toBe(before + 1);
    // An identical replay still returns that entry, with or without the override.
    const replay = await mcp().call("log_time", args);
    expect(replay.data).toEqual({ ...allowed.data, outcome: "already_exists" });
    expect(posts()).toBe(before + 1);
  });

  it("entries that only touch do not overlap", async () => {
    const first = await mcp().call("log_time", {
      project: "Bestell-App",
      start: "2026-11-08T09:00",
      end: "10:00",
    });
    const next = await mcp().call("log_time", {
      project: "Markenrelaunch",
      start: "2026-11-08T10:00",
      end: "11:00",
    });
    expect([first.data.outcome, next.data.outcome]).toEqual(["created", "created"]);
  });

  it("an end and a duration that agree are accepted", async () => {
    const { isError, data } = await mcp().call("log_time", {
      project: "Bestell-App",
      start: "2026-11-08T14:00",
      end: "16:30",
      duration: "2.5h",
    });
    expect(isError).toBe(false);
    expect(data.entry).toMatchObject({ end: "2026-11-08T16:30:00+01:00", durationMinutes: 150 });
  });

  it.each(["last Monday", "letzten Freitag", "yesterday"])(
    "a start without a time (%j) is refused without offering that phrase or another without a time",
    async (phrase) => {
      const { isError, text } = await mcp().call("log_time", {
        project: "Bestell-App",
        start: phrase,
        duration: "1h",
      });
      expect(isError).toBe(true);
      const offered = text.slice(text.indexOf("Try "));
      expect(offered).not.toContain(`"${phrase}"`);
      expect(offered).not.toMatch(/"(last Monday|letzten Freitag|yesterday|gestern)"/);
      expect(offered).toMatch(/"yesterday 9:00"|"gestern 14 Uhr"/);
    },
  );
});
