/**
 * One working call per tool, the kind of call a model makes: reads that resolve a name first (so
 * they make several requests), and writes whose records can be counted in the sandbox afterwards.
 */
import { listCustomers } from "../../src/api/customers.js";
import { listInvoices } from "../../src/api/invoices.js";
import { listTimeEntries } from "../../src/api/time-entries.js";
import type { ApiClient } from "../../src/http/client.js";
import { allTools } from "../../src/mcp/tool-list.js";
import { whole } from "../tools/support.js";

export type Args = Record<string, unknown>;

export interface ReadCase {
  tool: string;
  args: Args;
}

export interface WriteCase {
  tool: string;
  /** The path its POST goes to. */
  postPath: string;
  /** A call of its own for each matrix cell, so records of different cells never mix. */
  args(cell: number): Args;
  /** How many records this call's arguments have created in the sandbox. */
  stored(api: ApiClient, args: Args): Promise<number>;
}

/** Every read tool (but the inbox's) with the example its definition carries. */
export const READ_CASES: ReadCase[] = allTools
  .filter((tool) => tool.kind === "read" && !tool.needsInbox)
  .map((tool) => ({ tool: tool.name, args: tool.example as Args }));

export const WRITE_CASES: WriteCase[] = [
  {
    tool: "create_invoice",
    postPath: "/api/v1/invoices",
    args: (cell) => ({
      customer: "mueller",
      netAmount: 100 + cell,
      periodStart: "2026-10-01",
      periodEnd: "2026-10-31",
      invoiceDate: "2026-11-20",
      invoiceNumber: `FAULT-${cell}`,
      // Every cell bills Müller's October in one sandbox: the faults are the subject, not overlaps.
      allowOverlap: true,
    }),
    stored: async (api, args) =>
      whole(await listInvoices(api)).filter((i) => i.invoiceNumber === args.invoiceNumber).length,
  },
  {
    tool: "log_time",
    postPath: "/api/v1/time-entries",
    args: (cell) => ({
      project: "Website Relaunch",
      start: "2026-11-18T09:00",
      duration: "45 min",
      description: `Fault matrix cell ${cell}`,
      // Every cell logs the same slot, on a demo weekday full of entries: faults are tested here.
      allowOverlap: true,
    }),
    stored: async (api, args) =>
      whole(await listTimeEntries(api, { from: "2026-11-17", to: "2026-11-19" })).filter(
        (e) => e.description === args.description,
      ).length,
  },
  {
    tool: "create_customer",
    postPath: "/api/v1/customers",
    // "Fehlerfall 1" is part of "Fehlerfall 12": similar names, but faults are tested here.
    args: (cell) => ({ name: `Fehlerfall ${cell}`, hourlyRate: 80, allowSimilar: true }),
    stored: async (api, args) => whole(await listCustomers(api)).filter((c) => c.name === args.name).length,
  },
];
