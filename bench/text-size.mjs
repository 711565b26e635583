#!/usr/bin/env node
/**
 * Text size: how many characters a model reads for one 20-invoice page of list_invoices, against
 * the API's own JSON for the same 20 invoices, and against the answer's structuredContent.
 * Sizes, not times: nothing to repeat or interleave.
 *
 *   node bench/text-size.mjs [--no-write]
 */
import { Agent, request } from "undici";
import { flag } from "./lib/args.mjs";
import { int, machineLine, table, times, verdict, writeSection } from "./lib/markdown.mjs";
import { requireBuild } from "./lib/paths.mjs";
import { saveResult } from "./lib/results.mjs";
import { startSandbox, startServer } from "./lib/sandbox.mjs";

requireBuild();
const PAGE = 20;
const machine = machineLine();

const sandbox = await startSandbox();
const server = await startServer(sandbox);
const answer = await server.callTool("list_invoices", { limit: PAGE });
const agent = new Agent();
const response = await request(`${sandbox.url}/api/v1/invoices`, {
  dispatcher: agent,
  headers: { authorization: `Bearer ${sandbox.keys.demo}` },
});
const api = JSON.parse(await response.body.text());
await agent.close();
await server.close();
await sandbox.close();

const text = answer.content
  .filter((c) => c.type === "text")
  .map((c) => c.text)
  .join("\n");
const ids = answer.structuredContent.invoices.map((i) => i.id);
if (ids.length !== PAGE) throw new Error(`list_invoices returned ${ids.length} invoices, expected ${PAGE}`);
const byId = new Map(api.data.map((i) => [i._id, i]));
const rawItems = ids.map((id) => byId.get(id));
if (rawItems.some((i) => i === undefined)) throw new Error("an invoice of the page is not in the API's list");

const sizes = {
  text: text.length,
  structured: JSON.stringify(answer.structuredContent).length,
  apiItems: JSON.stringify(rawItems).length,
  apiItemsPretty: JSON.stringify(rawItems, null, 2).length,
};
const ratio = sizes.text / sizes.apiItems;
const goals = [
  {
    figure: `text size: list_invoices page of ${PAGE}, text vs the API's JSON for the same invoices`,
    goal: "smaller",
    result: `${int(sizes.text)} vs ${int(sizes.apiItems)} characters (${times(ratio)})`,
    met: ratio < 1,
  },
];
const result = { machine, sizes, ratio, sample: text.split("\n").slice(0, 3), goals };
console.log(JSON.stringify(result, null, 2));
saveResult("text-size", result);

if (!flag("--no-write")) {
  const firstLines = text.split("\n").slice(0, 3).join("\n");
  writeSection(
    "Text size",
    `Characters of one \`list_invoices\` page of ${PAGE} (\`{"limit": ${PAGE}}\`, the default page) from the built bin against
the sandbox's demo data, against the API's own JSON for the same ${PAGE} invoices (\`GET /api/v1/invoices\`,
the items with the page's ids, \`JSON.stringify\` without spaces). Characters, not tokens: the
ratios hold roughly for tokens too, JSON's quotes and braces costing a model more tokens per
character than prose. Reproduce with \`node bench/text-size.mjs\`.

${table(
  ["what", "characters", "per invoice", "× API JSON", ""],
  [
    [
      "**text content** (what a model reads)",
      int(sizes.text),
      int(sizes.text / PAGE),
      times(sizes.text / sizes.apiItems),
      verdict(ratio < 1),
    ],
    [
      "structuredContent, JSON",
      int(sizes.structured),
      int(sizes.structured / PAGE),
      times(sizes.structured / sizes.apiItems),
      "",
    ],
    ["API JSON of the same invoices", int(sizes.apiItems), int(sizes.apiItems / PAGE), "1.00×", ""],
    [
      "API JSON, pretty-printed (2 spaces)",
      int(sizes.apiItemsPretty),
      int(sizes.apiItemsPretty / PAGE),
      times(sizes.apiItemsPretty / sizes.apiItems),
      "",
    ],
  ],
)}

The text starts:

\`\`\`
${firstLines}
\`\`\`

The text carries what a model needs to answer and to make the next call: each invoice's number, id,
date in the user's zone, status, customer by name and id, net and gross, and over the page the
count, the next offset and the sums over every match; it adds the customer's name, which the API's
invoice lacks. It leaves out the rest of what the API sends (creation time, service period, notes,
tax rate and amount, activity type) and writes days instead of millisecond timestamps. The
structuredContent has the same rows as typed JSON, for clients that use it; which of the two a
client shows its model is the client's choice.

Every string in these rows arrived cleaned and capped (src/api/schemas.ts: names 200 characters,
invoice numbers 100, statuses 40), and every amount is written by the one formatter, so a hostile
or broken service cannot make a page much longer than this one, or its amounts unreadable. Had the
service not handed out its whole list, the first line would say so and carry no sums.

Machine: ${machine}.`,
  );
}
