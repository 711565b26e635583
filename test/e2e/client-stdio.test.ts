import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listedTools } from "../../src/mcp/inventory.js";
import { BIN } from "../helpers/stdio.js";

/** The SDK's own client spawning the built bin, as Claude Desktop would. */
describe("a real MCP client over stdio against --sandbox", () => {
  const client = new Client({ name: "e2e-client", version: "0" });
  let transport: StdioClientTransport;

  beforeAll(async () => {
    transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, "--sandbox"],
      stderr: "ignore",
    });
    await client.connect(transport);
  });
  afterAll(async () => {
    await client.close();
  });

  it("offers tools, resources, templates and prompts", async () => {
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(
      listedTools({ readOnly: false })
        .map((t) => t.name)
        .sort(),
    );
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toContain("invoicing://reports/outstanding");
    expect(resources.some((r) => r.name === "Müller & Söhne GmbH: summary")).toBe(true);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate).sort()).toEqual([
      "invoicing://customers/{customerId}/summary",
      "invoicing://customers/{customerId}/time",
      "invoicing://documents/{invoice}/{file}",
      "invoicing://reports/eur/{year}",
      "invoicing://reports/vat/{period}",
      "skill://{+path}", // the skills' files (test/mcp/skills.test.ts)
    ]);
    expect((await client.listPrompts()).prompts).toHaveLength(5);
  });

  it("reads a template instance found by completing a customer name", async () => {
    const completion = await client.complete({
      ref: { type: "ref/resource", uri: "invoicing://customers/{customerId}/time" },
      argument: { name: "customerId", value: "kanzlei" },
    });
    expect(completion.completion.values).toHaveLength(1);
    const id = completion.completion.values[0]!;
    const result = await client.readResource({ uri: `invoicing://customers/${id}/time` });
    const body = JSON.parse((result.contents[0] as { text: string }).text);
    expect(body.customers[0].customerName).toBe("Kanzlei Weiß & Partner");
  });

  it("fills a prompt whose argument was completed", async () => {
    const names = await client.complete({
      ref: { type: "ref/prompt", name: "invoice_unbilled_time" },
      argument: { name: "customer", value: "grün" },
    });
    expect(names.completion.values).toEqual(["Grünwald Verlag"]);
    const prompt = await client.getPrompt({
      name: "invoice_unbilled_time",
      arguments: { customer: "Grünwald Verlag", language: "de" },
    });
    const first = prompt.messages[0]?.content as { text?: string } | undefined;
    expect(first?.text).toMatch(/Grünwald Verlag/);
  });
});
