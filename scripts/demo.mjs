// A walk through what users do, as a model would do it: a real MCP client starts the built server
// with its embedded sandbox (`invoicing-mcp --sandbox`) over stdio, calls the tools, and prints
// each call and the text the model reads. Run it with `npm run demo`.
import { Client } from "@modelcontextprotocol/client";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { z } from "zod";

const bin = new URL("../dist/index.js", import.meta.url).pathname;
const transport = new StdioClientTransport({
  command: process.execPath,
  args: [bin, "--sandbox"],
  // A client passes only a few variables; NODE_OPTIONS too, so a demo run on another day (the
  // tests' fixed clocks, test/helpers/fixed-clock.mjs) moves the server's clock with its own.
  env: {
    ...getDefaultEnvironment(),
    ...(process.env.NODE_OPTIONS ? { NODE_OPTIONS: process.env.NODE_OPTIONS } : {}),
  },
  stderr: "ignore",
});
const client = new Client({ name: "invoicing-mcp-demo", version: "1.0.0" });
await client.connect(transport);
const { tools } = await client.listTools();
const { everyTool } = await import("../dist/mcp/tool-definitions.js");
const documented = new Map(everyTool.map((t) => [t.name, z.toJSONSchema(t.output, { io: "output" })]));

/**
 * A field of a tool's structured content, read only where the tool's output schema promises it:
 * declared and always present, or present under a condition the caller names (`given`: a field the
 * schema marks optional, such as time_summary's `inPeriod`, "only with period"). The demo is a
 * client, and a client may rely on what the definitions document and nothing else; a field they
 * do not promise stops the demo with its name, instead of a TypeError three calls later.
 */
function field(tool, data, path, given = []) {
  let schema = documented.get(tool);
  let value = data;
  for (const key of path.split(".")) {
    schema = nonNull(schema);
    if (/^\d+$/.test(key)) {
      schema = schema?.items;
    } else {
      const optional = !schema?.required?.includes(key);
      schema = schema?.properties?.[key];
      if (schema !== undefined && optional && !given.includes(key))
        throw new Error(`The demo reads ${path} of ${tool}, but ${key} is only there sometimes.`);
    }
    if (schema === undefined)
      throw new Error(`The demo reads ${path} of ${tool}, which its output schema does not declare.`);
    value = value?.[key];
  }
  if (value === undefined) throw new Error(`${tool} answered without ${path}, which the demo needs.`);
  return value;
}

/** A nullable part of a schema is anyOf [part, null]: the part. */
function nonNull(schema) {
  const members = schema?.anyOf?.filter((member) => member.type !== "null");
  return members?.length === 1 ? members[0] : schema;
}

const bold = (text) => (process.stdout.isTTY ? `\x1b[1m${text}\x1b[0m` : text);
const dim = (text) => (process.stdout.isTTY ? `\x1b[2m${text}\x1b[0m` : text);

/** Answers that went otherwise than the script expects: the demo exits non-zero after them. */
const surprises = [];

/** One request as the user says it, the call a model makes for it, and the text the model reads. */
async function step(said, name, args, { refused = false } = {}) {
  console.log(`\n${bold(`User: ${said}`)}`);
  console.log(dim(`→ ${name} ${JSON.stringify(args)}`));
  const result = await client.callTool({ name, arguments: args });
  const text = result.content
    .filter((c) => c.type === "text")
    .map((c) => c.text)
    .join("\n");
  console.log(`${result.isError ? "✗ " : ""}${text}`);
  if (Boolean(result.isError) !== refused)
    surprises.push(
      `"${said}" (${name}) ${refused ? "was expected to be refused" : "answered with an error"}`,
    );
  return result.structuredContent;
}

console.log(
  `${bold("invoicing-mcp")} on its sandbox: ${tools.length} tools (${tools.map((t) => t.name).join(", ")})`,
);

// Evening hours: the demo's working days are already full of entries between 08:00 and 18:00.
await step("Log 2.5 hours on Website Relaunch, yesterday from 18:00.", "log_time", {
  project: "website relaunch",
  start: "yesterday 18:00",
  duration: "2.5h",
  description: "Navigation überarbeitet",
});
await step("Gestern von 20:30 bis 22 Uhr am Mandantenportal.", "log_time", {
  project: "Mandantenportal",
  start: "gestern 20:30",
  end: "22 Uhr",
});
// There is no tool to edit an entry: a model asked to add a description would log the slot again.
await step("Add a description to that one: Zwei-Faktor-Anmeldung getestet.", "log_time", {
  project: "Mandantenportal",
  start: "gestern 20:30",
  end: "22 Uhr",
  description: "Zwei-Faktor-Anmeldung getestet",
});
// Two customers match: the server asks instead of guessing.
await step("Which studio was that again?", "customer_summary", { customer: "studio" }, { refused: true });
await step("Who owes me money, and how late are they?", "outstanding_by_customer", { overdueOnly: true });
await step("How many unbilled hours do I have with Müller?", "time_summary", { customer: "mueller" });

// Invoicing is per period: the unbilled total above spans every month. Find last month's time and
// whether an invoice may already bill it. (Late in a month the demo year has billed last month
// already; then this month's time is the one still open.)
let period = "last month";
let month = await step("What did I work last month, and is any of it billed yet?", "time_summary", {
  period,
});
// Open: time in the period and no invoice that bills it (billed.invoiceNumbers names them always).
const openCustomer = (summary) => {
  const rows = field("time_summary", summary, "customers");
  const index = rows.findIndex(
    (_, i) =>
      field("time_summary", summary, `customers.${i}.inPeriod.time.entryCount`, ["inPeriod"]) > 0 &&
      field("time_summary", summary, `customers.${i}.inPeriod.billed.invoiceNumbers`, ["inPeriod"]).length ===
        0,
  );
  return index < 0 ? undefined : field("time_summary", summary, `customers.${index}.customerName`);
};
let customer = openCustomer(month);
if (customer === undefined) {
  period = "this month";
  month = await step("Then this month?", "time_summary", { period });
  customer = openCustomer(month);
}
if (customer === undefined)
  throw new Error("No customer has unbilled time last month or this month to invoice.");
const fromTime = { customer, fromTime: true, period };
await step(`Invoice ${customer} for that time: show me first.`, "create_invoice", {
  ...fromTime,
  dryRun: true,
});
const made = await step("Looks right, create it.", "create_invoice", fromTime);
await step("And if I accidentally ask again?", "create_invoice", fromTime);
await step("Invoice that month again, with a note for the extra meeting.", "create_invoice", {
  ...fromTime,
  notes: "inkl. Abstimmungstermin",
});
// Late time: an evening forgotten in that month, logged after the invoice was made. log_time says
// it is not on the invoice; the summary names the difference; a supplement bills only that.
const preview = await client.callTool({
  name: "create_invoice",
  arguments: { ...fromTime, dryRun: true, allowOverlap: true },
});
const project = field("create_invoice", preview.structuredContent, "fromTime.entries.0.projectName", [
  "fromTime",
  "entries",
]);
await step("I forgot an evening that month: 45 minutes, first day, from 21:00.", "log_time", {
  project,
  start: `${field("create_invoice", made, "invoice.periodStart", ["invoice"])} 21:00`,
  duration: "45 min",
  description: "Nachtrag: Abstimmung per Telefon",
});
await step("Is everything of that month billed now?", "time_summary", { customer, period });
await step("Bill only what is missing: show me first.", "create_invoice", {
  ...fromTime,
  supplement: true,
  dryRun: true,
});
await step("Create that supplement.", "create_invoice", { ...fromTime, supplement: true });

// The monthly run: one call previews a draft per customer with time in the month, numbered as
// they will be, with the guard's verdict for each; the same call without dryRun creates them.
const all = { customers: "all", fromTime: true, period };
await step("Draft that month for all my customers: show me first.", "create_invoice", {
  ...all,
  dryRun: true,
});
await step("Create them.", "create_invoice", all);

// The invoice that repeats: a monthly maintenance fee, written once for last month, then made
// again with `like` for next month, in advance (same customer, amount, VAT rate and notes, the
// month in the notes moved on). Whole months on both sides, so the notes can follow.
const monthName = (offset) => {
  const [year, month] = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin" })
    .format(new Date())
    .split("-")
    .map(Number);
  const first = new Date(Date.UTC(year, month - 1 + offset, 1));
  return new Intl.DateTimeFormat("de-DE", { month: "long", year: "numeric", timeZone: "UTC" }).format(first);
};
const retainer = await step(
  `Grünwald pays 300 EUR a month for maintenance, apart from the hours: invoice last month, "Wartung ${monthName(-1)}".`,
  "create_invoice",
  {
    customer: "Grünwald",
    netAmount: 300,
    period: "last month",
    notes: `Wartung ${monthName(-1)}`,
    allowOverlap: true,
  },
);
const like = {
  like: field("create_invoice", retainer, "invoice.invoiceNumber", ["invoice"]),
  period: "next month",
};
await step("Next month's maintenance in advance, like that one: show me first.", "create_invoice", {
  ...like,
  dryRun: true,
});
await step("Create it.", "create_invoice", like);

// Month-end's last job: the VAT return's figures, per rate with the form's fields, and when it is due.
await step("What goes into my VAT return for last month?", "vat_report", { period: "last month" });

await step("How did last year go, freiberuflich vs. gewerblich?", "eur_report", { year: "last year" });
await step("Und dieses Jahr?", "eur_report", { year: "dieses Jahr" });

await client.close();
if (surprises.length > 0) {
  console.error(`\nThe demo went otherwise than scripted:\n- ${surprises.join("\n- ")}`);
  process.exitCode = 1;
}
