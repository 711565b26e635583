// Helpers for the artifact checks (scripts/check-mcpb.mjs, scripts/check-npm-package.mjs): a real MCP
// client driving a server process started exactly as its host would, and a sandbox to serve it.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

/** The two protocol eras a host may speak: the initialize handshake of 2025, and 2026's per-request revision. */
export const ERAS = ["2025-06-18", "2026-07-28"];

export const WRITE_TOOLS = ["create_invoice", "log_time", "create_customer"];

/**
 * Starts `command` + `args` with `env` (and nothing else), speaks `era`, lists the tools and calls
 * each of `calls` in turn. Returns what answered; throws, with the server's stderr, when a step fails.
 */
export async function probe({ command, args, env, cwd, era, calls = [] }) {
  const transport = new StdioClientTransport({ command, args, env, cwd, stderr: "pipe" });
  let stderr = "";
  transport.stderr?.on("data", (chunk) => {
    stderr += chunk.toString();
  });
  const client = new Client(
    { name: "artifact-check", version: "0" },
    era.startsWith("2026")
      ? { versionNegotiation: { mode: { pin: era } } }
      : { supportedProtocolVersions: [era], versionNegotiation: { mode: "legacy" } },
  );
  try {
    await client.connect(transport);
    const version = client.getNegotiatedProtocolVersion();
    if (version !== era) throw new Error(`asked for protocol ${era}, the server settled on ${version}`);
    const { tools } = await client.listTools();
    const answers = [];
    const earlier = [];
    for (const call of calls) {
      // A call may take its arguments from the answers before it (an invoice the list named).
      const args = typeof call.arguments === "function" ? call.arguments(earlier) : call.arguments;
      const result = await client.callTool({ name: call.name, arguments: args });
      earlier.push(result.structuredContent);
      const text = (result.content ?? []).map((part) => part.text ?? "").join("\n");
      if (result.isError || !call.expect.test(text)) {
        throw new Error(
          `${call.name} answered ${result.isError ? "an error" : "unexpectedly"}: ${text.slice(0, 300)}`,
        );
      }
      answers.push(call.name);
    }
    return { version, tools: tools.map((tool) => tool.name), answers, stderr };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${[command, ...args].join(" ")} (${era}): ${message}\n--- its stderr ---\n${stderr}`);
  } finally {
    await client.close().catch(() => {});
  }
}

/**
 * A PDF made as a person makes one: their details and their customer's stored, then the ZUGFeRD
 * invoice with its embedded fonts, which only an artifact that ships the fonts can make. The file
 * lands in ~/Documents/Invoicing of the HOME the check gives the server.
 */
export const DOCUMENT_CALLS = [
  { name: "list_invoices", arguments: { status: "sent", limit: 1 }, expect: /^Invoices 1–1/ },
  {
    name: "business_details",
    arguments: {
      set: {
        name: "Anna Berger Webentwicklung",
        street: "Lindenstraße 4",
        postcode: "10969",
        city: "Berlin",
        taxNumber: "21/815/08150",
        contactName: "Anna Berger",
        phone: "+49 30 1234567",
        email: "anna@berger.example",
        iban: "DE02120300000000202051",
        paymentDays: 14,
      },
    },
    expect: /^Stored: seller\.name/,
  },
  {
    name: "business_details",
    arguments: (earlier) => ({
      customer: listedInvoice(earlier).customerId,
      set: { street: "Maximilianstraße 1", postcode: "80539", city: "München", buyerReference: "PO-4711" },
    }),
    expect: /^Stored: customer\.street/,
  },
  {
    name: "invoice_documents",
    arguments: (earlier) => ({ invoice: listedInvoice(earlier).invoiceNumber, make: "zugferd" }),
    expect: /^Made \S+_zugferd\.pdf .* written to /,
  },
];

/** The invoice the round trip's list_invoices named, from the answers so far. */
const listedInvoice = (earlier) => earlier.find((answer) => Array.isArray(answer?.invoices)).invoices[0];

/** The sandbox API on a free port of 127.0.0.1, from this repository's workspace package. */
export async function startSandbox() {
  const { startSandbox: start } = await import("@invoicing-mcp/sandbox");
  return start({ quiet: true, host: "127.0.0.1", port: 0 });
}

/** One read call and one create_invoice dry run: what a check asks of a server against the sandbox. */
export const SANDBOX_CALLS = [
  { name: "list_customers", arguments: { query: "mueller" }, expect: /Müller & Söhne GmbH/ },
  {
    name: "create_invoice",
    arguments: { customer: "mueller", netAmount: 100, period: "last month", dryRun: true },
    expect: /^Dry run, nothing sent\./,
  },
];

/** The one PDF a document round trip wrote into `folder`: its name and size, once its bytes are a PDF's. */
export function madePdf(folder) {
  const files = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith(".pdf")) : [];
  if (files.length !== 1) throw new Error(`${folder} holds ${files.length} PDFs, not 1`);
  const bytes = readFileSync(join(folder, files[0]));
  if (bytes.subarray(0, 5).toString("latin1") !== "%PDF-") throw new Error(`${files[0]} is not a PDF`);
  return `${files[0]} (${Math.round(bytes.length / 1024)} KB)`;
}
