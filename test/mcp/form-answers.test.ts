/**
 * The server checks a form's answer against the form with the validator it names (src/mcp/server.ts),
 * the SDK's @cfworker/json-schema one, which the bundle also makes the SDK's default in place of Ajv.
 * Checked over a real client: an answer of the wrong type is refused, a fitting one comes through.
 */
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { createServer } from "../../src/mcp/server.js";

const FORM = {
  mode: "form" as const,
  message: "Create it?",
  requestedSchema: {
    type: "object" as const,
    properties: { confirm: { type: "boolean" as const, title: "Yes, create it" } },
    required: ["confirm"],
  },
};

async function serverAnswered(content: Record<string, string | boolean>) {
  const config = loadConfig({
    INVOICING_API_KEY: "test-not-a-key",
    INVOICING_BASE_URL: "http://127.0.0.1:9",
  });
  const server = createServer({ config });
  const client = new Client({ name: "forms", version: "0" }, { capabilities: { elicitation: { form: {} } } });
  client.setRequestHandler("elicitation/create", async () => ({ action: "accept", content }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  return {
    ask: () => server.server.elicitInput(FORM),
    close: () => Promise.all([client.close(), server.close()]),
  };
}

describe("a form's answer", () => {
  it("is refused when it does not fit the form", async () => {
    const session = await serverAnswered({ confirm: "yes" });
    try {
      await expect(session.ask()).rejects.toThrow(/does not match requested schema/);
    } finally {
      await session.close();
    }
  });

  it("comes through when it fits", async () => {
    const session = await serverAnswered({ confirm: true });
    try {
      await expect(session.ask()).resolves.toMatchObject({ action: "accept", content: { confirm: true } });
    } finally {
      await session.close();
    }
  });
});
