/**
 * Every resource a tool declares is registered, and every link a tool's answer offers points at a
 * registered resource, the tool's own, and can be read: a link and its resource come from one
 * declaration (src/mcp/define-tool.ts ToolResource), and this holds them together.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { UriTemplate } from "@modelcontextprotocol/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LISTED_ORDER } from "../../src/mcp/resources/index.js";
import { allTools } from "../../src/mcp/tool-definitions.js";
import { useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";

// An inbox, details and documents of its own, so the tools that need them are offered and called too.
const inboxDir = mkdtempSync(join(tmpdir(), "invoicing-resource-links-"));
afterAll(() => rmSync(inboxDir, { recursive: true, force: true }));

describe("resources declared on tools", () => {
  const sandbox = useSandbox();
  const mcp = useMcp(sandbox, {
    env: {
      INVOICING_INBOX: join(inboxDir, "inbox.jsonl"),
      INVOICING_DETAILS_FILE: join(inboxDir, "details.json"),
      INVOICING_DOCUMENTS_DIR: join(inboxDir, "documents"),
    },
  });
  let registered: { uri: string; name: string }[] = [];
  beforeAll(async () => {
    const [{ resources }, { resourceTemplates }] = await Promise.all([
      mcp().client.listResources(),
      mcp().client.listResourceTemplates(),
    ]);
    const templates = resourceTemplates.map((t) => ({ uri: t.uriTemplate, name: t.name }));
    // resources/list holds the templates' instances too: only the others are resources of their own.
    const fixed = resources
      .filter((r) => !templates.some((t) => new UriTemplate(t.uri).match(r.uri) !== null))
      .map((r) => ({ uri: r.uri, name: r.name }));
    registered = [...fixed, ...templates];
  });
  const declaring = allTools.filter((tool) => tool.resource !== undefined);

  it("are registered under their own names, and the listed order names each of them", () => {
    expect(declaring.length).toBeGreaterThanOrEqual(5);
    for (const { resource } of declaring)
      expect(registered).toContainEqual({ uri: resource!.uri, name: resource!.name });
    expect([...LISTED_ORDER].sort()).toEqual(declaring.map((tool) => tool.resource!.name).sort());
  });

  it.each(allTools.map((tool) => [tool.name, tool] as const))(
    "%s links only to a registered resource of its own, which reads",
    async (_name, tool) => {
      const answer = await mcp().call(tool.name, tool.example as Record<string, unknown>);
      expect(answer.isError, answer.text).toBe(false);
      const links = answer.content.filter((c) => c.type === "resource_link");
      if (tool.resource === undefined) {
        expect(links).toEqual([]);
        return;
      }
      for (const link of links) {
        const serving = registered.filter(
          (r) => r.uri === link.uri || new UriTemplate(r.uri).match(link.uri!) !== null,
        );
        expect(
          serving.map((r) => r.name),
          link.uri,
        ).toEqual([tool.resource.name]);
        const read = await mcp().client.readResource({ uri: link.uri! });
        expect(read.contents[0]).toMatchObject({ uri: link.uri, mimeType: "application/json" });
      }
    },
  );
});
