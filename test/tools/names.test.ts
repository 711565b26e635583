/** Names instead of ids, through the tools: the resolver's rules hold wherever customer or project is taken. */
import { beforeAll, describe, expect, it } from "vitest";
import { useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";
import { entriesOf } from "../helpers/time-entries.js";
import { countRequests, demoDirectory } from "./support.js";

describe("name resolution through the tools", () => {
  const sandbox = useSandbox();
  const mcp = useMcp(sandbox);
  let demo: Awaited<ReturnType<typeof demoDirectory>>;
  beforeAll(async () => {
    demo = await demoDirectory(sandbox());
  });

  it.each([
    ["Müller & Söhne GmbH", "Müller & Söhne GmbH"],
    ["müller & söhne gmbh", "Müller & Söhne GmbH"],
    ["mueller", "Müller & Söhne GmbH"],
    ["Muller", "Müller & Söhne GmbH"],
    ["MÜLLER", "Müller & Söhne GmbH"],
    ["Weiss", "Kanzlei Weiß & Partner"],
    ["kanzlei weiss", "Kanzlei Weiß & Partner"],
    ["Baeckerei", "Bäckerei Schröder"],
    ["Schroder", "Bäckerei Schröder"],
    ["dr oztürk", "Dr. Öztürk Architektur"],
    ["Gruen", "Grünwald Verlag"],
    ["nordlicht", "Studio Nordlicht"],
    ["kreativ koeln", "Studio Kreativ Köln"],
  ])("customer %j → %s", async (query, name) => {
    const { isError, data } = await mcp().call("customer_summary", { customer: query });
    expect(isError).toBe(false);
    expect(data.customer).toMatchObject({ id: demo.customer(name)._id, name });
  });

  it("an id passes through unchanged", async () => {
    const id = demo.customer("Studio Kreativ Köln")._id;
    const { data } = await mcp().call("customer_summary", { customer: id });
    expect(data.customer).toMatchObject({ id, name: "Studio Kreativ Köln" });
  });

  it.each([
    ["customer_summary", { customer: "studio" }],
    ["list_invoices", { customer: "Studio" }],
    ["list_projects", { customer: "STUDIO" }],
    ["create_invoice", { customer: "studio", netAmount: 10, period: "last month", dryRun: true }],
  ])("%s: an ambiguous customer lists both candidates with ids", async (tool, args) => {
    const { isError, text, data } = await mcp().call(tool, args);
    expect(isError).toBe(true);
    expect(data).toBeUndefined();
    expect(text).toMatch(/matches 2 customers/);
    for (const name of ["Studio Nordlicht", "Studio Kreativ Köln"]) {
      expect(text).toContain(`"${name}" (id ${demo.customer(name)._id})`);
    }
    expect(text).toContain("Pass the full name or the id");
  });

  it.each([
    // "Meier" is a former customer now found by name, and "cus_doesnotexist" no customer's id:
    // see former-customers.test.ts.
    ["customer_summary", { customer: "Zuckerbäcker" }, "customer", "list_customers"],
    ["outstanding_by_customer", { customer: "Schmidt" }, "customer", "list_customers"],
    ["time_summary", { customer: "Niemand GmbH" }, "customer", "list_customers"],
    ["list_time_entries", { project: "Intranet" }, "project", "list_projects"],
    ["log_time", { project: "Logo", start: "yesterday 9:00", duration: "1h" }, "project", "list_projects"],
  ])("%s: an unknown name %j lists the names there are", async (tool, args, noun, listTool) => {
    const { isError, text } = await mcp().call(tool, args);
    expect(isError).toBe(true);
    // The demo has few enough of them to name all at once: no list call needed before the next try.
    const listed = await mcp().call(listTool, { limit: 100 });
    const names: string[] = (listed.data.customers ?? listed.data.projects).map(
      (r: { name: string }) => r.name,
    );
    expect(text).toMatch(
      new RegExp(`^No active ${noun} matches ".+"\\. The ${names.length} active ${noun}s: `),
    );
    for (const name of names) expect(text).toContain(`"${name}"`);
  });

  it.each([
    ["website relaunch", "Website Relaunch"],
    ["Produktkatalog", "Produktkatalog Online"],
    ["e-book", "E-Book-Produktion"],
    ["portal", ["Mandantenportal", "Autorenportal"]],
    // A prefix is no better than a part: "Website" starts one name and ends another.
    ["website", ["Website Relaunch", "Portfolio-Website"]],
    ["autorenportal", "Autorenportal"],
  ])("project %j → %s in list_time_entries", async (query, name) => {
    const { isError, data, text } = await mcp().call("list_time_entries", { project: query, limit: 5 });
    if (Array.isArray(name)) {
      expect(isError).toBe(true);
      expect(text).toMatch(/matches 2 projects/);
      for (const p of name) expect(text).toContain(`"${p}" (id ${demo.project(p)._id})`);
      return;
    }
    expect(isError).toBe(false);
    expect(data.total).toBeGreaterThan(0);
    const id = demo.project(name)._id;
    expect(entriesOf(data).every((e: { projectId: string }) => e.projectId === id)).toBe(true);
  });

  it("a customer narrows the projects a project name is looked up in", async () => {
    const { isError, data } = await mcp().call("list_time_entries", {
      customer: "gruenwald",
      project: "portal",
      limit: 1,
    });
    expect(isError).toBe(false);
    expect(entriesOf(data)[0].projectId).toBe(demo.project("Autorenportal")._id);
  });

  it("a refused name sends no write", async () => {
    const before = countRequests(sandbox(), "POST", "/api/v1/time-entries");
    await mcp().call("log_time", { project: "portal", start: "yesterday 9:00", duration: "1h" });
    expect(countRequests(sandbox(), "POST", "/api/v1/time-entries")).toBe(before);
  });
});
