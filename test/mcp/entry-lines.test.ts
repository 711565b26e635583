/**
 * list_time_entries' text (src/mcp/entry-lines.ts): a heading per day with the day's time, a line
 * per entry, the counted time only where it is not the clock span, an end on another day with its
 * date, a running timer, the days at a page's edge marked as this page's part, each project once.
 */
import { describe, expect, it } from "vitest";
import { entryLines } from "../../src/mcp/entry-lines.js";

const projects = [
  { id: "prj_a", name: "Relaunch", customerId: "cus_a", customerName: "Müller" },
  { id: "prj_b", name: "Portal", customerId: "cus_b", customerName: "Weiß" },
];
const entry = (start: string, end: string | null, minutes: number | null, projectId = "prj_a") => ({
  start,
  end,
  durationMinutes: minutes,
  projectId,
  description: null,
});
const WHOLE = { newerElsewhere: false, olderElsewhere: false };

describe("entryLines", () => {
  it("groups by day with the day's minutes summed by hand, and says a counted time that is not the span", () => {
    const lines = entryLines(
      [
        entry("2026-11-25T12:15:00+01:00", "2026-11-25T14:45:00+01:00", 150, "prj_b"),
        // 09:00 to 11:15 is 135 minutes; the service counted 120.
        entry("2026-11-25T09:00:00+01:00", "2026-11-25T11:15:00+01:00", 120),
        { ...entry("2026-11-24T23:00:00+01:00", "2026-11-25T01:30:00+01:00", 150), description: "Nacht" },
      ],
      projects,
      "Europe/Berlin",
      WHOLE,
    );
    expect(lines).toEqual([
      "Times in Europe/Berlin.",
      "2026-11-25: 4h 30m",
      "- 12:15–14:45 · Portal",
      "- 09:00–11:15 (2h counted) · Relaunch",
      "2026-11-24: 2h 30m",
      '- 23:00–2026-11-25 01:30 · Relaunch · "Nacht"',
      "Projects: Relaunch (prj_a) for Müller (cus_a); Portal (prj_b) for Weiß (cus_b).",
    ]);
  });

  it("a running timer has no end and adds no time; the days at a page's edges are this page's part", () => {
    const entries = [
      entry("2026-11-26T21:00:00+01:00", null, null),
      entry("2026-11-26T09:00:00+01:00", "2026-11-26T10:00:00+01:00", 60),
      entry("2026-11-25T09:00:00+01:00", "2026-11-25T10:00:00+01:00", 60),
    ];
    const lines = entryLines(entries, projects.slice(0, 1), "Europe/Berlin", {
      newerElsewhere: true,
      olderElsewhere: true,
    });
    expect(lines.slice(1, 6)).toEqual([
      "2026-11-26: 1h and a running timer on this page",
      "- 21:00, running · Relaunch",
      "- 09:00–10:00 · Relaunch",
      "2026-11-25: 1h on this page",
      "- 09:00–10:00 · Relaunch",
    ]);
    expect(entryLines([entries[0]!], projects, "Europe/Berlin", WHOLE)[1]).toBe(
      "2026-11-26: a running timer",
    );
  });
});
