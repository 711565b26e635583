#!/usr/bin/env node
/**
 * Answer sizes: the characters a client receives for the largest answers of the demo's tasks (and
 * of the issue's tasks that answered most), split into the text a model reads and the
 * structuredContent beside it, from the built bin against the sandbox's demo year. Sizes, not
 * times: nothing to repeat or interleave. The demo year is generated around today, so the figures
 * move a little from day to day; compare runs of the same day.
 *
 *   node bench/answer-sizes.mjs [--label before|after] [--no-write]
 */
import { flag, option } from "./lib/args.mjs";
import { int, machineLine, table, writeSection } from "./lib/markdown.mjs";
import { requireBuild } from "./lib/paths.mjs";
import { loadResult, saveResult } from "./lib/results.mjs";
import { startSandbox, startServer } from "./lib/sandbox.mjs";

requireBuild();
const label = option("--label") ?? "after";
const machine = machineLine();
const year = new Date().getFullYear();

const sandbox = await startSandbox();
const server = await startServer(sandbox);
const size = async (name, args) => {
  const answer = await server.callTool(name, args);
  const text = answer.content
    .filter((c) => c.type === "text")
    .map((c) => c.text)
    .join("\n");
  const structured =
    answer.structuredContent === undefined ? 0 : JSON.stringify(answer.structuredContent).length;
  return {
    call: `${name} ${JSON.stringify(args)}`,
    text: text.length,
    structured,
    isError: answer.isError === true,
  };
};

// The customer with the most time last month: the one a dry run from time is most likely asked for.
const month = await server.callTool("time_summary", { period: "last month" });
const busiest = month.structuredContent.customers[0].customerId;
const tasks = [
  ["list_invoices", { from: `${year}-01-01`, to: `${year}-12-31`, limit: 100 }],
  ["list_invoices", { limit: 20 }],
  ["time_summary", {}],
  ["time_summary", { period: "last month" }],
  ["time_summary", { customer: busiest, period: "last month" }],
  ["create_invoice", { customer: busiest, fromTime: true, period: "last month", dryRun: true }],
  ["list_time_entries", { from: "last month", limit: 100 }],
  ["list_time_entries", { limit: 100 }],
  ["customer_summary", { customer: busiest }],
  ["outstanding_by_customer", {}],
  ["eur_report", { year: "last year" }],
];
const rows = [];
for (const [name, args] of tasks) rows.push(await size(name, args));
await server.close();
await sandbox.close();

const result = { machine, label, rows };
console.log(JSON.stringify(result, null, 2));
saveResult(`answer-sizes-${label}`, result);

if (!flag("--no-write")) {
  const before = loadResult("answer-sizes-before");
  const after = loadResult("answer-sizes-after");
  const key = (r) => r.call.replace(/"(cus|customer)_[^"]*"/g, '"…"');
  const then = new Map((before?.rows ?? []).map((r) => [key(r), r]));
  const cells = (r) => (r ? [int(r.text), int(r.structured), int(r.text + r.structured)] : ["", "", ""]);
  writeSection(
    "Answer sizes",
    `Characters a client receives for the largest answers of the demo's tasks, text (what a model
reads) and structuredContent (JSON beside it, for programs and views), before and after issue 29's
item 10: each thing sent once. list_invoices' rows are read in the text (no invoice ids, no tool
takes one; customer ids once; the usual VAT said once; whole-month periods as YYYY-MM) and its data
keeps per row the keys a program links with (id, number, customer id) beside the sums and the page.
time_summary for every customer names its invoices, drafts and projects in the text only (in full
in the data when one customer is asked for). list_time_entries sends its entries under their
projects, each project's name and customer once (in the text at the end, in the data as the
projects its entries sit under); the text gives a heading per day with the day's time and a short
line per entry (clock times, project, description), entry ids in the data only, where the week view
reads them. Goals: at most 25,000 characters per answer, text and data together, and 8,000 for a
month of 7 customers. From the built bin
against the sandbox's demo year, which is generated around today, so runs of different days differ a
little ("before" is commit 3085ecf, for list_time_entries {"limit":100} commit ef05e02, each measured the same day). Reproduce with \`node bench/answer-sizes.mjs --label after\`.

${table(
  [
    "call",
    "text before",
    "structured before",
    "total before",
    "text after",
    "structured after",
    "total after",
  ],
  (after?.rows ?? rows).map((r) => [
    `\`${r.call.replace(/\|/g, "\\|")}\``,
    ...cells(then.get(key(r))),
    ...cells(r),
  ]),
)}

Machine: ${machine}.`,
  );
}
