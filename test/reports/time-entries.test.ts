import { describe, expect, it } from "vitest";
import type { TimeEntry } from "../../src/api/schemas.js";
import { groupedByProject, matchingEntries, minutesOf } from "../../src/reports/time-entries.js";

const at = (local: string) => Date.parse(`${local}+01:00`);
const entry = (id: string, start: string, end: string | null, more: Partial<TimeEntry> = {}): TimeEntry => ({
  _id: id,
  projectId: "prj_web",
  customerId: "cus_m",
  startTime: at(start),
  endTime: end === null ? null : at(end),
  description: `work ${id}`,
  ...more,
});

const entries = [
  entry("a", "2026-11-02T09:00:00", "2026-11-02T10:30:00"),
  entry("b", "2026-11-03T23:30:00", "2026-11-04T00:15:00"),
  entry("c", "2026-11-04T08:00:00", null, { isRunning: true }),
  entry("d", "2026-11-03T14:00:00", "2026-11-03T15:00:00", { projectId: "prj_app", durationMinutes: 45 }),
  entry("e", "2026-11-03T16:00:00", "2026-11-03T17:00:00", { customerId: "cus_x" }),
];
const all = { customerId: undefined, projectId: undefined, timeZone: "Europe/Berlin" };

describe("matchingEntries: the days asked for in the user's zone, the customer and project, newest first", () => {
  it("keeps entries starting on the days from..to in the zone, newest first", () => {
    const found = matchingEntries(entries, { ...all, from: "2026-11-03", to: "2026-11-03" });
    expect(found.map((e) => e._id)).toEqual(["b", "e", "d"]);
  });

  it("filters by customer and project; open-ended days keep everything", () => {
    const mine = { ...all, from: undefined, to: undefined, customerId: "cus_m", projectId: "prj_web" };
    expect(matchingEntries(entries, mine).map((e) => e._id)).toEqual(["c", "b", "a"]);
  });
});

describe("minutesOf: the service's minutes, else the span; none while running", () => {
  it("counts each kind of entry", () => {
    expect(entries.map(minutesOf)).toEqual([90, 45, null, 45, 60]);
  });
});

describe("groupedByProject: each project and customer once, entries under it in page order", () => {
  it("groups by project and customer, keeping an entry filed under another customer apart", () => {
    const slice = matchingEntries(entries, { ...all, from: "2026-11-03", to: "2026-11-03" });
    const { entries: rows, projects } = groupedByProject(slice, {
      projectNames: new Map([["prj_web", "Website"]]),
      customerNames: new Map([["cus_m", "Müller"]]),
      timeZone: "Europe/Berlin",
    });
    expect(rows.map((r) => [r.id, r.projectId])).toEqual([
      ["b", "prj_web"],
      ["e", "prj_web"],
      ["d", "prj_app"],
    ]);
    expect(rows[0]).toMatchObject({
      start: "2026-11-03T23:30:00+01:00",
      end: "2026-11-04T00:15:00+01:00",
      durationMinutes: 45,
    });
    expect(
      projects.map((p) => [p.id, p.name, p.customerId, p.customerName, p.entries.map((e) => e.id)]),
    ).toEqual([
      ["prj_web", "Website", "cus_m", "Müller", ["b"]],
      ["prj_web", "Website", "cus_x", null, ["e"]],
      ["prj_app", null, "cus_m", "Müller", ["d"]],
    ]);
  });
});
