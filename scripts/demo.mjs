// A walk through what users do, as a model would do it: a real MCP client starts the built server
// with its embedded sandbox (`invoicing-mcp --sandbox`) over stdio, calls the tools, and prints
// each call and the text the model reads. Run it with `npm run demo`.
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

const bin = new URL("../dist/index.js", import.meta.url).pathname;
const transport = new StdioClientTransport({
  command: process.execPath,
  args: [bin, "--sandbox"],
  stderr: "ignore",
});
const client = new Client({ name: "invoicing-mcp-demo", version: "1.0.0" });
await client.connect(transport);

const bold = (text) => (process.stdout.isTTY ? `\x1b[1m${text}\x1b[0m` : text);
const dim = (text) => (process.stdout.isTTY ? `\x1b[2m${text}\x1b[0m` : text);

async function step(said, name, args) {
  console.log(`\n${bold(`User: ${said}`)}`);
  console.log(dim(`→ ${name} ${JSON.stringify(args)}`));
  const result = await client.callTool({ name, arguments: args });
  const text = result.content
    .filter((c) => c.type === "text")
    .map((c) => c.text)
    .join("\n");
  console.log(`${result.isError ? "✗ " : ""}${text}`);
  return result.structuredContent;
}

const { tools } = await client.listTools();
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
await step("Which studio was that again?", "customer_summary", { customer: "studio" });
await step("Who owes me money, and how late are they?", "outstanding_by_customer", { overdueOnly: true });
await step("How many unbilled hours do I have with Müller?", "time_summary", { customer: "mueller" });

// Invoicing is per period: the unbilled total above spans every month. Find last month's time and
// whether an invoice may already bill it. (Late in a month the demo year has billed last month
// already; then this month's time is the one still open.)
let period = "last month";
let month = await step("What did I work last month, and is any of it billed yet?", "time_summary", {
  period,
});
const open = (summary) =>
  summary.customers.find(
    (c) => c.inPeriod.time.entryCount > 0 && c.inPeriod.mayAlreadyBeBilledBy.length === 0,
  );
if (!open(month)) {
  period = "this month";
  month = await step("Then this month?", "time_summary", { period });
}
const customer = open(month).customerName;
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
const project = (
  await client.callTool({
    name: "create_invoice",
    arguments: { ...fromTime, dryRun: true, allowOverlap: true },
  })
).structuredContent.fromTime.entries[0].projectName;
await step("I forgot an evening that month: 45 minutes, first day, from 21:00.", "log_time", {
  project,
  start: `${made.invoice.periodStart} 21:00`,
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
const like = { like: retainer.invoice.invoiceNumber, period: "next month" };
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
