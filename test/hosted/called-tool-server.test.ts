import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport, type McpServer } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { describeCall } from "../../src/hosted/mcp-body.js";
import { localCaller, serverBlueprint } from "../../src/mcp/server.js";

/**
 * A hosted tools/call request gets a server with only the called tool registered
 * (serverBlueprint().create({ caller, era, tool })). The call is answered by that tool's registration, so it
 * must be the very one the full server lists; any other name gets the full server.
 */
describe("the server for one tools/call request", () => {
  async function listed(server: McpServer) {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: "test", version: "0" });
    await client.connect(clientSide);
    const { tools } = await client.listTools();
    await client.close();
    return tools;
  }

  for (const readOnly of [false, true]) {
    it(`registers only the called tool, as the full server lists it (read-only: ${readOnly})`, async () => {
      const config = loadConfig({
        INVOICING_API_KEY: "test-key",
        INVOICING_BASE_URL: "http://127.0.0.1:9",
        INVOICING_READ_ONLY: String(readOnly),
      });
      const blueprint = serverBlueprint({ config, log: () => undefined });
      const caller = localCaller(config);
      const full = await listed(blueprint.create({ caller, era: "legacy" }));
      expect(full.length).toBeGreaterThan(5);
      for (const tool of full) {
        expect(await listed(blueprint.create({ caller, era: "legacy", tool: tool.name }))).toEqual([tool]);
      }
      // Not listed here (a write tool on a read-only server, or no such tool): the full server,
      // whose tools/call says why the tool is missing.
      for (const name of ["no_such_tool", ...(readOnly ? ["create_invoice"] : [])]) {
        expect(
          (await listed(blueprint.create({ caller, era: "legacy", tool: name }))).map((t) => t.name),
        ).toEqual(full.map((t) => t.name));
      }
    });
  }

  it("knows a tools/call request by its body, and nothing else", () => {
    const call = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "list_invoices" } };
    const calledTool = (body: unknown) => describeCall(body).tool;
    expect(calledTool(call)).toBe("list_invoices");
    expect(calledTool({ ...call, method: "tools/list" })).toBeUndefined();
    expect(calledTool({ ...call, params: { name: 7 } })).toBeUndefined();
    expect(calledTool({ ...call, params: null })).toBeUndefined();
    expect(calledTool([call])).toBeUndefined(); // a batch: the full server
    expect(describeCall([call]).calledTools).toEqual(["list_invoices"]); // …which the scope gate still sees
    expect(calledTool(undefined)).toBeUndefined();
    expect(calledTool("tools/call")).toBeUndefined();
  });
});
