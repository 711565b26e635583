/** What tools/list offers: every tool with honest annotations, read-only mode, and no configuration at all. */
import { describe, expect, it } from "vitest";
import { allTools } from "../../src/mcp/tool-definitions.js";
import { connect, useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";

const offered = allTools.filter((tool) => !tool.needsInbox);
const READS = offered.filter((tool) => tool.kind === "read").map((tool) => tool.name);
const WRITES = offered.filter((tool) => tool.kind === "write").map((tool) => tool.name);
/** Arguments each tool accepts, so a call gets past input validation: each tool's own example. */
const VALID_ARGS = Object.fromEntries(
  allTools.map((tool) => [tool.name, tool.example as Record<string, unknown>]),
);

describe("tools/list", () => {
  const sandbox = useSandbox();
  const mcp = useMcp(sandbox);

  it("lists every tool without an inbox: reads read-only, writes not, nothing destructive, all open-world", async () => {
    const { tools } = await mcp().client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...READS, ...WRITES].sort());
    for (const tool of tools) {
      const read = READS.includes(tool.name);
      // Only what differs from the spec's defaults is sent; read with those defaults, it says:
      const hints = {
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: false,
        openWorldHint: true,
      };
      const effective = { ...hints, ...tool.annotations };
      // The spec: destructive and idempotent mean something only for a tool that is not read-only.
      if (effective.readOnlyHint) Object.assign(effective, { destructiveHint: false, idempotentHint: true });
      expect(effective, tool.name).toEqual({
        readOnlyHint: read,
        destructiveHint: false,
        idempotentHint: true, // reads always; our writes are safe replays
        openWorldHint: true,
      });
      expect(tool.title, tool.name).toMatch(/\w{3}/);
    }
  });

  it("read-only mode lists no write tool, and every listed tool is read-only", async () => {
    const readOnly = await connect(sandbox(), { env: { INVOICING_READ_ONLY: "true" } });
    try {
      const { tools } = await readOnly.client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual([...READS].sort());
      for (const tool of tools) expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
      // A write tool is not there to call at all: a client calling it anyway is told why, and how
      // to allow writes, instead of a bare protocol error.
      for (const write of WRITES) {
        const refused = await readOnly.call(write, VALID_ARGS[write as keyof typeof VALID_ARGS]);
        expect(refused.isError).toBe(true);
        expect(refused.text).toMatch(
          new RegExp(`^${write} is not available: this server is read-only.*INVOICING_READ_ONLY to false`),
        );
      }
      expect(sandbox().requests.some((r) => r.method === "POST")).toBe(false);
      // Reads still work.
      expect((await readOnly.call("list_customers")).isError).toBe(false);
    } finally {
      await readOnly.close();
    }
  });

  it("the lists hold the tools a user relies on, whatever the definitions say", () => {
    // Derived lists above must not quietly shrink: these names are the contract.
    expect(READS).toEqual(expect.arrayContaining(["list_invoices", "time_summary", "eur_report"]));
    expect(WRITES.sort()).toEqual(["business_details", "create_customer", "create_invoice", "log_time"]);
  });

  it.each(["false", "0"])("INVOICING_READ_ONLY=%s keeps the write tools", async (value) => {
    const writable = await connect(sandbox(), { env: { INVOICING_READ_ONLY: value } });
    try {
      const names = (await writable.client.listTools()).tools.map((t) => t.name);
      for (const write of WRITES) expect(names).toContain(write);
    } finally {
      await writable.close();
    }
  });
});

describe("what the model reads follows the configuration", () => {
  const sandbox = useSandbox();
  const mcp = useMcp(sandbox);

  it("read-only mode: instructions and prompts mention no write, and say how to turn writes on", async () => {
    const readOnly = await connect(sandbox(), { env: { INVOICING_READ_ONLY: "true" } });
    try {
      const instructions = readOnly.client.getInstructions() ?? "";
      expect(instructions).toMatch(/read-only.*INVOICING_READ_ONLY to false.*restarts the client/);
      const prompts = (await readOnly.client.listPrompts()).prompts;
      expect(prompts.map((p) => p.name).sort()).toEqual(["chase_overdue_invoices", "year_end_review"]);
      const everything = [
        instructions,
        ...prompts.map((p) => p.description ?? ""),
        ...(await readOnly.client.listTools()).tools.map((t) => t.description ?? ""),
      ];
      for (const prompt of prompts) {
        const got = await readOnly.client.getPrompt({ name: prompt.name, arguments: {} });
        for (const m of got.messages) if (m.content.type === "text") everything.push(m.content.text);
      }
      for (const text of everything) {
        for (const write of [...WRITES, "dryRun", "allowOverlap", "allowSimilar", "Preview an invoice"]) {
          expect(text).not.toContain(write);
        }
      }
    } finally {
      await readOnly.close();
    }
  });

  it("with writes, the instructions name the guards and their overrides, and all five prompts are offered", async () => {
    const instructions = mcp().client.getInstructions() ?? "";
    expect(instructions).toContain("allowOverlap");
    expect(instructions).toContain("allowSimilar");
    expect(instructions).not.toMatch(/read-only/);
    expect((await mcp().client.listPrompts()).prompts).toHaveLength(5);
  });

  it("without an inbox, instructions and list_invoices say the API has no payment dates and how to get them", async () => {
    const instructions = mcp().client.getInstructions() ?? "";
    const listInvoices = (await mcp().client.listTools()).tools.find((t) => t.name === "list_invoices")!;
    for (const text of [instructions, listInvoices.description ?? ""]) {
      expect(text).toMatch(/REST API has no payment dates/);
      expect(text).toMatch(/never .*nothing was paid/i);
      expect(text).toContain("`invoicing-mcp webhooks serve`");
      expect(text).toContain("INVOICING_INBOX");
    }
    // The instructions say how to register the endpoint and where its secret goes.
    expect(instructions).toContain("register that address as the webhook endpoint");
    expect(instructions).toContain("INVOICING_WEBHOOK_SECRET");
  });

  it("with an inbox, the instructions point at recent_events instead", async () => {
    const withInbox = await connect(sandbox(), {
      env: { INVOICING_INBOX: "/tmp/invoicing-mcp-test-inbox.jsonl" },
    });
    try {
      const instructions = withInbox.client.getInstructions() ?? "";
      expect(instructions).toContain("recent_events");
      expect(instructions).not.toContain("webhooks serve");
    } finally {
      await withInbox.close();
    }
  });
});

describe("without any configuration", () => {
  it("lists every tool, and every call says which variables to set and where", async () => {
    const bare = await connect(undefined);
    try {
      const { tools } = await bare.client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual([...READS, ...WRITES].sort());
      for (const tool of tools) {
        const result = await bare.call(tool.name, VALID_ARGS[tool.name]);
        expect(result.isError, tool.name).toBe(true);
        expect(result.text, tool.name).toContain("INVOICING_API_KEY and INVOICING_BASE_URL");
        expect(result.text, tool.name).toMatch(/"env" block/);
        expect(result.text, tool.name).toMatch(/--sandbox/);
      }
    } finally {
      await bare.close();
    }
  });

  it("with only a base URL, names just the missing key", async () => {
    const partial = await connect(undefined, {
      env: { INVOICING_BASE_URL: "https://invoicing.example.com" },
    });
    try {
      const { isError, text } = await partial.call("list_customers");
      expect(isError).toBe(true);
      expect(text).toContain("set INVOICING_API_KEY in");
      expect(text).not.toContain("INVOICING_BASE_URL");
    } finally {
      await partial.close();
    }
  });
});
