/**
 * Paths that end somewhere: every call a tool suggests works as given, and no error names an
 * argument the tool does not list. Data: the demo account on Sunday 29 November 2026; Grünwald
 * Verlag's November so far is 18 h at 90.00 EUR/h = 1620.00 EUR.
 */
import { describe, expect, it } from "vitest";
import { useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";
import { sameCallWith, suggestedCalls } from "./support.js";

const NOW = Date.parse("2026-11-29T10:15:00+01:00");

type Args = Record<string, unknown>;

describe("every call a tool suggests works as given", () => {
  const sandbox = useSandbox({ referenceDate: NOW, now: () => NOW });
  const mcp = useMcp(sandbox, { now: NOW });

  it("log_time's supplement for a period whose invoice runs past today bills the time logged so far", async () => {
    // November's invoice was made for the whole month before its end: its period runs to the 30th.
    const invoice = await mcp().call("create_invoice", {
      customer: "Grünwald",
      netAmount: 1620,
      period: "November 2026",
      notes: "Leistungen November 2026: 18 Std. à 90,00 €",
    });
    expect(invoice.data.outcome, invoice.text).toBe("created");
    const logged = await mcp().call("log_time", {
      project: "Autorenportal",
      start: "2026-11-28 18:00",
      duration: "30 min",
    });
    expect(logged.data.outcome, logged.text).toBe("created");
    const calls = suggestedCalls(logged.text);
    expect(calls).toHaveLength(1);
    const { tool, args } = calls[0]!;
    expect(args).toMatchObject({ period: "2026-11-01..2026-11-30", supplement: true, fromTime: true });
    const preview = await mcp().call(tool, { ...args, dryRun: true });
    expect(preview.isError, preview.text).toBe(false);
    expect(preview.data.outcome, preview.text).toBe("dry_run");
    expect(preview.data.invoice).toMatchObject({
      netAmount: 45,
      periodStart: "2026-11-01",
      periodEnd: "2026-11-29",
      notes: "Nachtrag 01.11.2026–29.11.2026: 0,50 Std. à 90,00 €",
    });
    const created = await mcp().call(tool, args);
    expect(created.data.outcome, created.text).toBe("created");
  });

  it("the calls offered where it cannot be told whether an invoice bills the hours", async () => {
    const odd = await mcp().call("create_invoice", {
      customer: "Studio Kreativ",
      netAmount: 100.01,
      period: "November 2026",
      allowOverlap: true,
    });
    expect(odd.data.outcome, odd.text).toBe("created");
    const given = { customer: "Studio Kreativ", fromTime: true, supplement: true, period: "November 2026" };
    const refused = await mcp().call("create_invoice", given);
    expect(refused.data.outcome, refused.text).toBe("refused");
    const offered = [
      ...sameCallWith(refused.text, given),
      ...suggestedCalls(refused.text).map((c) => c.args),
    ];
    expect(offered).toHaveLength(2);
    // Studio Kreativ's November: 14 h at 80.00 EUR/h = 1120.00 EUR; 100.01 EUR beside it or not.
    const nets: number[] = [];
    for (const args of offered) {
      const preview = await mcp().call("create_invoice", { ...args, dryRun: true });
      expect(preview.data.outcome, preview.text).toBe("dry_run");
      expect(preview.data.conflicts).toBeUndefined();
      nets.push(preview.data.invoice.netAmount);
    }
    expect(nets.sort((a, b) => a - b)).toEqual([1019.99, 1120]);
  });
  it("an hours invoice over a wider period: the comparison offered of its whole period", async () => {
    // Bäckerei Schröder, 75.00 EUR/h: 3 h billed for 15 September to 15 October.
    const wider = await mcp().call("create_invoice", {
      customer: "Bäckerei",
      netAmount: 225,
      period: "2026-09-15..2026-10-15",
      notes: "Leistungen 15.09.–15.10.2026: 3 Std. à 75,00 €",
      allowOverlap: true,
    });
    expect(wider.data.outcome, wider.text).toBe("created");
    const summary = await mcp().call("time_summary", { customer: "Bäckerei", period: "Oktober 2026" });
    expect(summary.data.customers[0].inPeriod.billed.status).toBe("cannot tell");
    const offered = suggestedCalls(summary.text).filter((c) => c.tool === "time_summary");
    expect(offered).toEqual([{ tool: "time_summary", args: { period: "2026-09-15..2026-10-15" } }]);
    const whole = await mcp().call("time_summary", offered[0]!.args);
    expect(whole.isError, whole.text).toBe(false);
    expect(whole.data.period).toMatchObject({ start: "2026-09-15", end: "2026-10-15" });
  });
});

describe("no error names an argument the tool does not list", () => {
  const sandbox = useSandbox({ referenceDate: NOW, now: () => NOW });
  const mcp = useMcp(sandbox, { now: NOW });

  /** Calls that end in an error or a refusal, each with the arguments it was given. */
  const BAD: [string, Args][] = [
    ["create_invoice", {}],
    ["create_invoice", { customer: "Müller", netAmount: 5 }],
    ["create_invoice", { customer: "Müller", period: "last month" }],
    ["create_invoice", { customer: "Müller", fromTime: true, netAmount: 5, period: "last month" }],
    ["create_invoice", { customer: "Müller", supplement: true, netAmount: 5, period: "last month" }],
    ["create_invoice", { customers: "all", netAmount: 5, period: "last month" }],
    ["create_invoice", { customers: "all", fromTime: true, invoiceNumber: "X-1", period: "last month" }],
    ["create_invoice", { customers: [], fromTime: true, period: "last month" }],
    ["create_invoice", { like: "RE-2026-077", fromTime: true, period: "last month" }],
    ["create_invoice", { like: "RE-2026-077", netAmount: 5, period: "last month" }],
    ["create_invoice", { customer: "Müller", fromTime: true, period: "2030" }],
    ["create_invoice", { customer: "Nobody at all", netAmount: 5, period: "last month" }],
    ["create_invoice", { customer: "Müller", fromTime: true, period: "Oktober 2026" }],
    ["create_invoice", { customer: "Müller", netAmount: 5, period: "no such time" }],
    ["time_summary", { customer: "Nobody at all" }],
    ["time_summary", { period: "no such time" }],
    ["log_time", { project: "Nope", start: "2026-11-27 09:00", duration: "45 min" }],
    ["log_time", { project: "Autorenportal", start: "2026-11-27 09:00" }],
    ["log_time", { project: "Autorenportal", start: "someday", duration: "1 h" }],
  ];

  it("each camelCase argument an error or refusal names is in that tool's listed input schema", async () => {
    const { tools } = await mcp().client.listTools();
    const listed = new Map(tools.map((t) => [t.name, new Set(Object.keys(t.inputSchema.properties ?? {}))]));
    const checked: string[] = [];
    for (const [tool, args] of BAD) {
      const answer = await mcp().call(tool, args);
      if (!answer.isError && answer.data?.outcome !== "refused") continue;
      checked.push(tool);
      // A sentence that names another tool may name that tool's arguments.
      for (const sentence of answer.text.split(/(?<=[.:])\s+/)) {
        const owner = tools.find((t) => t.name !== tool && sentence.includes(t.name))?.name ?? tool;
        for (const [word] of sentence.matchAll(/\b[a-z]+[A-Z][A-Za-z]*\b/g)) {
          if (word in args) continue; // the caller's own argument, named back
          expect(
            listed.get(owner)!.has(word) || listed.get(tool)!.has(word),
            `${tool} ${JSON.stringify(args)}: "${word}" in ${answer.text}`,
          ).toBe(true);
        }
      }
    }
    expect(checked.length).toBeGreaterThanOrEqual(15);
  });
});
