#!/usr/bin/env node
/**
 * Tool list size: the characters of the `tools/list` answer every conversation pays for, ours (the
 * bin, with an inbox so every tool is listed) beside the one-tool server on the same SDK and the
 * reference server @modelcontextprotocol/server-everything. Per tool: what a model is given (name,
 * title, description, input schema) and the output schema. The tools' icons (pictures a client
 * shows the person, never given to a model) are counted apart. Sizes, not times: nothing to repeat.
 * test/tools/tool-list-size.test.ts holds the budgets; this sets them beside the peers.
 *
 *   node bench/tool-list-size.mjs [--no-write]
 */
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { flag } from "./lib/args.mjs";
import { int, machineLine, table, verdict, writeSection } from "./lib/markdown.mjs";
import { BUNDLE, FIXTURES, requireBuild } from "./lib/paths.mjs";
import { saveResult } from "./lib/results.mjs";
import { StdioClient } from "./lib/stdio-client.mjs";

requireBuild({ bundle: true });
const machine = machineLine();
const LIST_BUDGET = 14_000;
const PER_TOOL_BUDGET = 700;

const everything = createRequire(import.meta.url).resolve(
  "@modelcontextprotocol/server-everything/dist/index.js",
);
const contenders = [
  {
    name: "ours",
    label: "our server (every tool: inbox set)",
    args: [BUNDLE],
    env: {
      INVOICING_API_KEY: "bench-not-a-real-key",
      INVOICING_BASE_URL: "http://127.0.0.1:9",
      INVOICING_INBOX: join(tmpdir(), "invoicing-bench-tool-list-inbox.jsonl"),
    },
  },
  { name: "sdk", label: "one-tool server on the same SDK", args: [join(FIXTURES, "one-tool-server.mjs")] },
  { name: "everything", label: "@modelcontextprotocol/server-everything", args: [everything] },
];

const size = (value) => (value === undefined ? 0 : JSON.stringify(value).length);
const figures = {};
for (const contender of contenders) {
  const client = new StdioClient(process.execPath, contender.args, {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ...contender.env,
  });
  try {
    await client.initialize();
    const list = await client.request("tools/list");
    const forModel = list.tools.map((t) =>
      size({ name: t.name, title: t.title, description: t.description, inputSchema: t.inputSchema }),
    );
    figures[contender.name] = {
      label: contender.label,
      tools: list.tools.length,
      whole: size({ ...list, tools: list.tools.map(({ icons: _, ...tool }) => tool) }),
      icons: list.tools.reduce((sum, t) => sum + size(t.icons), 0),
      perToolForModel: forModel.reduce((sum, n) => sum + n, 0) / list.tools.length,
      outputSchemas: list.tools.reduce((sum, t) => sum + size(t.outputSchema), 0),
    };
  } finally {
    await client.kill();
  }
}

const ours = figures.ours;
const goals = [
  {
    figure: "tools/list answer, every tool listed (icons apart)",
    goal: `≤ ${int(LIST_BUDGET)} characters`,
    result: `${int(ours.whole)} characters`,
    met: ours.whole <= LIST_BUDGET,
  },
  {
    figure: "tools/list, per tool for the model (name, title, description, input schema)",
    goal: `≤ ${PER_TOOL_BUDGET} characters on average`,
    result: `${int(ours.perToolForModel)} characters`,
    met: ours.perToolForModel <= PER_TOOL_BUDGET,
  },
];
const result = { machine, figures, goals };
console.log(JSON.stringify(result, null, 2));
saveResult("tool-list-size", result);

if (!flag("--no-write")) {
  writeSection(
    "Tool list size",
    `Characters of the \`tools/list\` answer (\`JSON.stringify\` of its result, as a client receives it), which
every conversation carries; and per tool what a model is given (name, title, description, input
schema). Ours from the bin with an inbox set, so all tools are listed. How dates, names and pages
work is said once, in the server's instructions; input schemas go out without \`$schema\`, safe-integer
bounds and string length guards (src/mcp/lean-schema.ts), and no output schema goes out at all: a
model never reads one, and with the e-invoice tools they were 4,440 of 17,039 characters (docs/tools.md
lists each tool's structured content; src/mcp/server.ts). Before all this, the list was 32,154
characters (1,243 per tool for the model). The budgets are asserted in
test/tools/tool-list-size.test.ts. The tools' icons, a small picture of each tool's family that a
client may show beside it (never part of what a model is given), are counted apart. Reproduce with \`node bench/tool-list-size.mjs\`.

${table(
  ["server", "tools", "tools/list (icons apart)", "per tool for the model", "output schemas", "icons"],
  Object.values(figures).map((f) => [
    f.label,
    String(f.tools),
    int(f.whole),
    int(f.perToolForModel),
    int(f.outputSchemas),
    int(f.icons),
  ]),
)}

${table(
  ["goal", "target", "now", ""],
  goals.map((g) => [g.figure, g.goal, g.result, verdict(g.met)]),
)}

Machine: ${machine}.`,
  );
}
