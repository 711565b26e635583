/**
 * The SDK internals this server relies on (src/mcp/sdk-patches.ts), checked against the SDK that
 * is installed: its version is the one the patches were written for, and each patch still does what
 * it is for, over a real client. An upgrade fails here first, by name.
 */
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/client";
import { SkillsClient } from "@modelcontextprotocol/client/ext/skills";
import { InMemoryTransport, McpServer } from "@modelcontextprotocol/server";
import { memorySkillFiles, SkillsExtension } from "@modelcontextprotocol/server/ext/skills";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  aroundToolCalls,
  dynamicEnabled,
  dynamicMeta,
  PATCHED_SDK_VERSION,
} from "../../src/mcp/sdk-patches.js";

const installed = JSON.parse(
  readFileSync(
    new URL("../../node_modules/@modelcontextprotocol/server/package.json", import.meta.url),
    "utf8",
  ),
) as { version: string };

async function connected(server: McpServer): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "patches", version: "0" });
  await client.connect(clientSide);
  return client;
}

describe(`the SDK patches (written for @modelcontextprotocol/server ${PATCHED_SDK_VERSION})`, () => {
  it("are checked against the SDK that is installed: a new version needs them checked again", () => {
    expect(installed.version).toBe(PATCHED_SDK_VERSION);
  });

  it("dynamicMeta and dynamicEnabled change what tools/list shows from one request to the next", async () => {
    let on = false;
    const server = new McpServer({ name: "t", version: "0" });
    const plain = server.registerTool("plain", { description: "d", _meta: { own: 1 } }, async () => ({
      content: [],
    }));
    const hidden = server.registerTool("hidden", { description: "d" }, async () => ({ content: [] }));
    dynamicMeta(plain, (own) => (on ? { ...own, extra: 2 } : own));
    dynamicEnabled(hidden, () => on);
    const client = await connected(server);
    const before = (await client.listTools()).tools;
    expect(before.map((t) => t.name)).toEqual(["plain"]);
    expect(before[0]?._meta).toEqual({ own: 1 });
    on = true;
    const after = (await client.listTools({}, { cacheMode: "bypass" } as never)).tools;
    expect(after.map((t) => t.name).sort()).toEqual(["hidden", "plain"]);
    expect(after.find((t) => t.name === "plain")?._meta).toEqual({ own: 1, extra: 2 });
    await client.close();
  });

  it("aroundToolCalls sees each call from its arrival to its answer, checks included, and may answer by itself", async () => {
    const server = new McpServer({ name: "t", version: "0" });
    const seen: string[] = [];
    aroundToolCalls(server, async (name, handle) => {
      if (name === "missing") return { content: [{ type: "text", text: "why" }], isError: true };
      seen.push(`${name} arrives`);
      const answer = await handle();
      seen.push(`${name} answered`);
      return answer;
    });
    const checked = z.object({}).check(() => void seen.push("arguments checked"));
    server.registerTool("real", { description: "d", inputSchema: checked }, async () => {
      seen.push("callback");
      return { content: [{ type: "text", text: "real answer" }] };
    });
    const client = await connected(server);
    expect(await client.callTool({ name: "missing", arguments: {} })).toMatchObject({
      isError: true,
      content: [{ text: "why" }],
    });
    expect(await client.callTool({ name: "real", arguments: {} })).toMatchObject({
      content: [{ text: "real answer" }],
    });
    expect(seen).toEqual(["real arrives", "arguments checked", "callback", "real answered"]);
    await client.close();
  });

  it("aroundToolCalls leaves every other method as it is registered, the (method, schemas, handler) form included", async () => {
    const server = new McpServer({ name: "t", version: "0" });
    aroundToolCalls(server, (_name, handle) => handle());
    // The Skills extension registers its methods with their parameter schemas.
    const skills = await SkillsExtension.load(
      memorySkillFiles({ "a-skill/SKILL.md": "---\nname: a-skill\ndescription: Says hello.\n---\nHello." }),
    );
    skills.attach(server);
    const client = await connected(server);
    const listing = await new SkillsClient(client).list();
    expect(listing.skills.map((skill) => skill.frontmatter.name)).toEqual(["a-skill"]);
    await client.close();
  });
});
