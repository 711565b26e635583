// Helpers for the artifact checks (scripts/check-mcpb.mjs, scripts/check-npm-package.mjs): a real MCP
// client driving a server process started exactly as its host would, and a sandbox to serve it.
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
    for (const call of calls) {
      const result = await client.callTool({ name: call.name, arguments: call.arguments });
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
