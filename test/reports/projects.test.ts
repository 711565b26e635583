import { describe, expect, it } from "vitest";
import type { Project } from "../../src/api/schemas.js";
import { matchingProjects } from "../../src/reports/projects.js";

const project = (id: string, name: string, customerId: string): Project => ({ _id: id, name, customerId });
const projects = [
  project("prj_w", "Website Relaunch", "cus_m"),
  project("prj_a", "App", "cus_a"),
  project("prj_ä", "Änderungen", "cus_m"),
];

describe("matchingProjects: one customer's or all, by name", () => {
  it("sorts all projects by name as German does (Ä beside A)", () => {
    expect(matchingProjects(projects, undefined).map((p) => p._id)).toEqual(["prj_ä", "prj_a", "prj_w"]);
  });

  it("keeps only the customer's projects", () => {
    expect(matchingProjects(projects, "cus_m").map((p) => p._id)).toEqual(["prj_ä", "prj_w"]);
    expect(matchingProjects(projects, "cus_nobody")).toEqual([]);
  });
});
