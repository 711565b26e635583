/**
 * The tool contract, as a client sees it in tools/list, in a reviewed snapshot per tool: a changed
 * name, description, annotation or schema shows up as a diff of test/tools/__snapshots__/tools/NAME.json.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { allTools } from "../../src/mcp/tool-definitions.js";
import { useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";

interface JsonSchema {
  description?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
}

/**
 * The contract with every object's keys sorted and every `required` list sorted, so the snapshot
 * changes when the contract does, not when a schema is merely declared in another order.
 */
function canonical(value: unknown, key?: string): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => canonical(item));
    return key === "required" || key === "enum" ? [...items].sort() : items;
  }
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k], k)]),
    );
  }
  return value;
}

/** Every property below `schema`, with its path, for description checks. */
function properties(schema: JsonSchema, path = ""): [string, JsonSchema][] {
  const own = Object.entries(schema.properties ?? {}).map(
    ([name, child]) => [`${path}${name}`, child] as [string, JsonSchema],
  );
  return own.flatMap(([name, child]) => [
    [name, child] as [string, JsonSchema],
    ...properties(child, `${name}.`),
    ...(child.items ? properties(child.items, `${name}[].`) : []),
  ]);
}

describe("tool contract", () => {
  const sandbox = useSandbox();
  // With an inbox, so recent_events is part of the contract too.
  const mcp = useMcp(sandbox, { env: { INVOICING_INBOX: join(tmpdir(), "invoicing-contract-inbox.jsonl") } });

  it.each(allTools.map((tool) => [tool.name]))("%s matches its reviewed snapshot", async (name) => {
    const { tools } = await mcp().client.listTools();
    const tool = tools.find((t) => t.name === name);
    expect(tool, `${name} is not in tools/list`).toBeDefined();
    const contract = canonical({
      name: tool!.name,
      title: tool!.title,
      description: tool!.description,
      annotations: tool!.annotations,
      inputSchema: tool!.inputSchema,
      // Not in tools/list (src/mcp/server.ts says why), still the contract: the definition's own.
      structuredContent: z.toJSONSchema(allTools.find((t) => t.name === name)!.output, { io: "output" }),
    });
    await expect(`${JSON.stringify(contract, null, 2)}\n`).toMatchFileSnapshot(
      `./__snapshots__/tools/${name}.json`,
    );
  });

  it("every input property has a description (a batch row's fields: that of the same field above)", async () => {
    const { tools } = await mcp().client.listTools();
    const missing: string[] = [];
    let checked = 0;
    for (const tool of tools) {
      const top = (tool.inputSchema as JsonSchema).properties ?? {};
      for (const [name, schema] of properties(tool.inputSchema as JsonSchema)) {
        checked++;
        // log_time's entries[].start is described once, as start: the model reads it there.
        const field = /\[\]\.(\w+)$/.exec(name)?.[1];
        const described = schema.description ?? (field === undefined ? undefined : top[field]?.description);
        if (!described?.trim()) missing.push(`${tool.name}.${name}`);
      }
    }
    expect(checked).toBeGreaterThan(30);
    expect(missing).toEqual([]);
  });

  it("every tool has a title, a description of a full sentence or more, and no output schema on the wire", async () => {
    const { tools } = await mcp().client.listTools();
    expect(tools.map((t) => t.name)).toEqual(allTools.map((t) => t.name));
    for (const tool of tools) {
      expect(tool.title?.length, tool.name).toBeGreaterThan(5);
      expect(tool.description?.length, tool.name).toBeGreaterThan(60);
      expect(tool.inputSchema.type, tool.name).toBe("object");
      expect(tool.outputSchema, tool.name).toBeUndefined();
    }
    // Each still has the structured content's schema, documented in docs/tools.md.
    for (const tool of allTools) expect(Object.keys(tool.output.shape).length, tool.name).toBeGreaterThan(0);
  });
});

describe("what each definition carries", () => {
  it.each(allTools.map((tool) => [tool.name, tool] as const))(
    "%s: its example passes its own schema",
    (_, tool) => {
      expect(tool.input.safeParse(tool.example).error).toBeUndefined();
    },
  );

  it("every write names the read tool that shows whether an unknown outcome happened", () => {
    const reads = new Set(allTools.filter((tool) => tool.kind === "read").map((tool) => tool.name));
    for (const tool of allTools.filter((t) => t.kind === "write")) {
      expect(reads.has(tool.verifyWith ?? ""), `${tool.name} verifyWith ${tool.verifyWith}`).toBe(true);
    }
  });
});
